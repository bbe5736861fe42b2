import { FORMATOS_CARGA, NOMBRE_TIPO_CARGA, TIPOS_CARGA } from '@minimarket/contracts/uploads';
import { FileSpreadsheet, FileUp, X } from 'lucide-react';
import { useId, useState, type DragEvent, type RefObject } from 'react';
import { Alert } from '../../../components/ui/alert';
import { BarraProgreso } from '../../../components/ui/barra-progreso';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../utils/cn';
import { formatTamano } from '../../../utils/format';
import type { SubidaCarga } from '../hooks/use-subida-carga';
import { AVISO_HISTORIAL_STOCK } from './resultado-carga';

/** Where a file is dropped or chosen. */
function ZonaArrastre({ subida, input }: { subida: SubidaCarga; input: RefObject<HTMLInputElement | null> }) {
  const [arrastrando, setArrastrando] = useState(false);
  const inputId = useId();
  const alSoltar = (e: DragEvent) => {
    e.preventDefault();
    setArrastrando(false);
    subida.elegir(e.dataTransfer.files[0]);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setArrastrando(true);
      }}
      onDragLeave={() => setArrastrando(false)}
      onDrop={alSoltar}
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
        arrastrando ? 'border-marca-600 bg-marca-50' : 'border-slate-300 bg-slate-50',
      )}
    >
      <FileUp className="size-10 text-marca-700" aria-hidden="true" />
      <p className="mt-2 font-medium text-slate-800">Arrastra tu archivo aquí</p>
      <p className="text-sm text-slate-600">o</p>
      <label
        htmlFor={inputId}
        className="mt-2 cursor-pointer rounded-lg bg-marca-700 px-4 py-2 text-sm font-medium text-white hover:bg-marca-800 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-marca-600"
      >
        Seleccionar archivo
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={FORMATOS_CARGA.join(',')}
          className="sr-only"
          onChange={(e) => subida.elegir(e.target.files?.[0])}
        />
      </label>
      <p className="mt-2 text-xs text-slate-600">Formatos aceptados: {FORMATOS_CARGA.join(', ')}</p>
    </div>
  );
}

function ArchivoElegido({ archivo, onQuitar }: { archivo: File; onQuitar: () => void }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
      <FileSpreadsheet className="size-6 shrink-0 text-marca-700" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900" data-testid="archivo-elegido">
          {archivo.name}
        </p>
        <p className="text-xs text-slate-600">{formatTamano(archivo.size)}</p>
      </div>
      <button
        type="button"
        onClick={onQuitar}
        className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100"
        aria-label={`Quitar el archivo ${archivo.name}`}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

function TipoDeDatos({ subida }: { subida: SubidaCarga }) {
  const nombreGrupo = useId();
  const { tipo, setTipo } = subida;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Tipo de datos</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {TIPOS_CARGA.map((t) => (
          <label
            key={t}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border-2 px-4 py-2 text-sm font-medium',
              tipo === t ? 'border-marca-700 bg-marca-50 text-marca-900' : 'border-slate-200 hover:border-slate-300',
            )}
          >
            <input
              type="radio"
              name={nombreGrupo}
              value={t}
              checked={tipo === t}
              onChange={() => setTipo(t)}
              className="accent-marca-700"
            />
            {NOMBRE_TIPO_CARGA[t]}
          </label>
        ))}
      </div>
      {tipo === 'ventas' && (
        <p className="mt-2 text-sm text-slate-600" data-testid="aviso-historial-stock">
          {AVISO_HISTORIAL_STOCK}
        </p>
      )}
    </fieldset>
  );
}

function ProgresoEnvio({ enviado }: { enviado: { enviados: number; total: number } }) {
  return (
    <BarraProgreso
      fraccion={enviado.total > 0 ? enviado.enviados / enviado.total : null}
      texto={
        enviado.enviados < enviado.total
          ? `Subiendo el archivo: ${formatTamano(enviado.enviados)} de ${formatTamano(enviado.total)}`
          : 'Archivo enviado; el servidor lo está recibiendo...'
      }
    />
  );
}

/** Cargar información's form: the file, its data type and the buttons that send it. */
export function SubirArchivoCard({ subida, input }: { subida: SubidaCarga; input: RefObject<HTMLInputElement | null> }) {
  const { archivo, tipo, errorArchivo, enviado, pendiente } = subida;
  return (
    <Card className="space-y-5 p-4 sm:p-5 lg:col-span-3">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Sube tu archivo</h2>
        <p className="text-sm text-slate-600">
          Carga tu inventario, tu historial de ventas o tu libreta de clientes desde CSV, Excel (.xlsx) o XML.
        </p>
      </div>

      <ZonaArrastre subida={subida} input={input} />

      {errorArchivo && <Alert tipo="error">{errorArchivo}</Alert>}

      {archivo && <ArchivoElegido archivo={archivo} onQuitar={subida.quitarArchivo} />}

      <TipoDeDatos subida={subida} />

      {pendiente && enviado && <ProgresoEnvio enviado={enviado} />}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        <Button variante="contorno" onClick={subida.cancelar} disabled={pendiente}>
          Cancelar
        </Button>
        <Button onClick={() => void subida.continuar()} disabled={!archivo || !tipo || pendiente}>
          {pendiente ? 'Procesando...' : 'Continuar'}
        </Button>
      </div>
    </Card>
  );
}
