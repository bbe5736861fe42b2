import { ESTADO_EN_REVISION, NOMBRE_TIPO_CARGA, type CargaLeida } from '@minimarket/contracts/uploads';
import { FileSpreadsheet, FileText, Info } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { tituloPagina } from '../../../lib/app-info';
import type { TipoCarga } from '../api/cargas';
import { useSubidaCarga } from '../hooks/use-subida-carga';
import { COLUMNAS, EjemploDialog, REGLAS_COMUNES, REGLAS_POR_TIPO, type FormatoEjemplo } from './ejemplos';
import { DescargarRechazados, HistorialCargas } from './historial-cargas';
import { EstadoCargaBadge, ResultadoCarga } from './resultado-carga';
import { SubirArchivoCard } from './subir-archivo';

/** The columns and rules of the chosen data type, and its example files. */
function FormatoArchivoCard({ tipo, onEjemplo }: { tipo: TipoCarga; onEjemplo: (formato: FormatoEjemplo) => void }) {
  return (
    <Card className="space-y-4 p-4 sm:p-5 lg:col-span-2">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Info className="size-5 text-marca-700" aria-hidden="true" /> Formato del archivo
      </h2>
      <div className="rounded-lg bg-sky-50 p-3 text-sm text-sky-950">
        <p className="font-medium">Columnas para {NOMBRE_TIPO_CARGA[tipo].toLowerCase()}:</p>
        <p className="mt-1 font-mono text-xs break-words">{COLUMNAS[tipo].join(', ')}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {[...REGLAS_COMUNES, ...REGLAS_POR_TIPO[tipo]].map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
        <p className="mt-2">
          El sistema revisa cada fila automáticamente: si alguna tiene errores, verás cuáles en el detalle para corregirlas y volver a subir
          el archivo.
        </p>
      </div>
      <div>
        <p className="text-sm font-medium text-slate-700">Ver ejemplos</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variante="contorno" tamano="sm" onClick={() => onEjemplo('csv')}>
            <FileText className="size-4" aria-hidden="true" /> Ejemplo CSV
          </Button>
          <Button variante="contorno" tamano="sm" onClick={() => onEjemplo('excel')}>
            <FileSpreadsheet className="size-4" aria-hidden="true" /> Ejemplo Excel
          </Button>
          <Button variante="contorno" tamano="sm" onClick={() => onEjemplo('xml')}>
            <FileText className="size-4" aria-hidden="true" /> Ejemplo XML
          </Button>
        </div>
      </div>
    </Card>
  );
}

/** The last upload, followed until the server has processed it. */
function UltimaCarga({ carga, idMinimarket }: { carga: CargaLeida; idMinimarket: number }) {
  return (
    <Card className="space-y-3 p-4 sm:p-5" aria-live="polite" data-testid="ultima-carga">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Resultado de la última carga</h2>
        <EstadoCargaBadge estado={carga.estado_procesamiento} />
      </div>
      <p className="text-sm text-slate-600">{carga.nombre_archivo}</p>
      {carga.estado_procesamiento === ESTADO_EN_REVISION ? (
        <p className="text-sm text-slate-700">Estamos revisando y cargando el archivo. Esta sección se actualizará sola cuando termine.</p>
      ) : (
        <>
          <ResultadoCarga detalle={carga.detalle} tipo={carga.tipo_archivo} />
          <DescargarRechazados carga={carga} idMinimarket={idMinimarket} />
        </>
      )}
    </Card>
  );
}

export function CargarDatosPage({ idMinimarket }: { idMinimarket: number }) {
  const { input, ...subida } = useSubidaCarga(idMinimarket);
  const [ejemplo, setEjemplo] = useState<FormatoEjemplo | null>(null);
  const tipoEjemplo: TipoCarga = subida.tipo ?? 'productos';

  return (
    <div className="space-y-4">
      <title>{tituloPagina('Cargar Información')}</title>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-5">
        <SubirArchivoCard subida={subida} input={input} />
        <FormatoArchivoCard tipo={tipoEjemplo} onEjemplo={setEjemplo} />
      </div>

      {subida.seguido && <UltimaCarga carga={subida.seguido} idMinimarket={idMinimarket} />}

      <HistorialCargas idMinimarket={idMinimarket} />
      <EjemploDialog formato={ejemplo} tipo={tipoEjemplo} idMinimarket={idMinimarket} onCerrar={() => setEjemplo(null)} />
    </div>
  );
}
