import {
  ESTADO_EN_REVISION,
  FORMATOS_CARGA,
  MENSAJE_CARGA_SIN_IDENTIFICACION,
  MENSAJE_FORMATO_NO_SOPORTADO,
  NOMBRE_TIPO_CARGA,
  TIPOS_CARGA,
  leerCarga,
  type CargaLeida,
} from '@minimarket/contracts/uploads';
import { useQuery } from '@tanstack/react-query';
import { FileSpreadsheet, FileText, FileUp, Info, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { BarraProgreso } from '../../../components/ui/barra-progreso';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ApiError, mensajeDeError } from '../../../lib/api-client';
import { tituloPagina } from '../../../lib/app-info';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../utils/cn';
import { formatTamano } from '../../../utils/format';
import { historialCargasQueryOptions, useSubirArchivo, type TipoCarga } from '../api/cargas';
import { extensionValida, MENSAJE_CARGA_SIN_CONEXION } from '../utils/resultado';
import { COLUMNAS, EjemploDialog, REGLAS_COMUNES, REGLAS_POR_TIPO, type FormatoEjemplo } from './ejemplos';
import { DescargarRechazados, HistorialCargas } from './historial-cargas';
import { AVISO_HISTORIAL_STOCK, EstadoCargaBadge, ResultadoCarga } from './resultado-carga';

export function CargarDatosPage({ idMinimarket }: { idMinimarket: number }) {
  const { user } = useAuth();
  const subir = useSubirArchivo();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [tipo, setTipo] = useState<TipoCarga | null>(null);
  const [errorArchivo, setErrorArchivo] = useState<string | null>(null);
  const [arrastrando, setArrastrando] = useState(false);
  const [ejemplo, setEjemplo] = useState<FormatoEjemplo | null>(null);
  const [ultimo, setUltimo] = useState<CargaLeida | null>(null);
  const [enviado, setEnviado] = useState<{ enviados: number; total: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // The server answers 'En revisión' and processes in the background; the history (which
  // refreshes itself meanwhile) tells when the last upload is done.
  const historial = useQuery(historialCargasQueryOptions(idMinimarket));
  const seguido = ultimo ? (historial.data?.find((c) => c.id_archivo === ultimo.id_archivo) ?? ultimo) : null;
  const estadoSeguido = seguido?.estado_procesamiento;
  const avisoEnCurso = useRef<string | number | null>(null);

  useEffect(() => {
    if (!seguido || !estadoSeguido || estadoSeguido === ESTADO_EN_REVISION) return;
    const id = avisoEnCurso.current ?? undefined;
    avisoEnCurso.current = null;
    if (id === undefined) return;
    if (estadoSeguido === 'Completado') {
      toast.success(`Archivo "${seguido.nombre_archivo}" procesado correctamente.`, { id, duration: 2000 });
    } else {
      toast.error(`El archivo "${seguido.nombre_archivo}" terminó con estado: ${estadoSeguido}. Revisa el detalle.`, { id });
    }
  }, [seguido, estadoSeguido]);

  // Leaving the page while a file is processed: the spinner toast goes; the history keeps the result.
  useEffect(
    () => () => {
      if (avisoEnCurso.current !== null) toast.dismiss(avisoEnCurso.current);
    },
    [],
  );
  const inputId = useId();
  const nombreGrupo = useId();

  const elegir = (f: File | undefined) => {
    if (!f) return;
    if (!extensionValida(f.name)) {
      setArchivo(null);
      setErrorArchivo(MENSAJE_FORMATO_NO_SOPORTADO);
      toast.error(MENSAJE_FORMATO_NO_SOPORTADO);
      return;
    }
    setErrorArchivo(null);
    setArchivo(f);
  };

  const quitarArchivo = () => {
    setArchivo(null);
    setErrorArchivo(null);
    if (input.current) input.current.value = '';
  };

  const alSoltar = (e: DragEvent) => {
    e.preventDefault();
    setArrastrando(false);
    elegir(e.dataTransfer.files[0]);
  };

  const continuar = async () => {
    if (!archivo || !tipo) return;
    if (!user?.id_usuario || !idMinimarket) {
      toast.error(MENSAJE_CARGA_SIN_IDENTIFICACION);
      return;
    }
    const aviso = toast.loading('Subiendo y procesando archivo...');
    try {
      const carga = await subir.mutateAsync({
        archivo,
        tipo,
        idMinimarket,
        idUsuario: user.id_usuario,
        onProgress: (enviados, total) => setEnviado({ enviados, total }),
      });
      avisoEnCurso.current = aviso;
      setUltimo(leerCarga(carga));
      quitarArchivo();
      setTipo(null);
    } catch (e) {
      // The upload's own words for a request that never reached the server (spec §8).
      const mensaje =
        e instanceof ApiError && e.code === 'NETWORK_ERROR'
          ? MENSAJE_CARGA_SIN_CONEXION
          : mensajeDeError(e, 'Error en la subida del archivo.');
      toast.error(mensaje, { id: aviso });
    } finally {
      setEnviado(null);
    }
  };

  const tipoEjemplo: TipoCarga = tipo ?? 'productos';

  return (
    <div className="space-y-4">
      <title>{tituloPagina('Cargar Información')}</title>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-5">
        <Card className="space-y-5 p-4 sm:p-5 lg:col-span-3">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">Sube tu archivo</h2>
            <p className="text-sm text-slate-600">
              Carga tu inventario, tu historial de ventas o tu libreta de clientes desde CSV, Excel (.xlsx) o XML.
            </p>
          </div>

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
                onChange={(e) => elegir(e.target.files?.[0])}
              />
            </label>
            <p className="mt-2 text-xs text-slate-600">Formatos aceptados: {FORMATOS_CARGA.join(', ')}</p>
          </div>

          {errorArchivo && <Alert tipo="error">{errorArchivo}</Alert>}

          {archivo && (
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
                onClick={quitarArchivo}
                className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100"
                aria-label={`Quitar el archivo ${archivo.name}`}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </div>
          )}

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

          {subir.isPending && enviado && (
            <BarraProgreso
              fraccion={enviado.total > 0 ? enviado.enviados / enviado.total : null}
              texto={
                enviado.enviados < enviado.total
                  ? `Subiendo el archivo: ${formatTamano(enviado.enviados)} de ${formatTamano(enviado.total)}`
                  : 'Archivo enviado; el servidor lo está recibiendo...'
              }
            />
          )}
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
            <Button
              variante="contorno"
              onClick={() => {
                quitarArchivo();
                setTipo(null);
              }}
              disabled={subir.isPending}
            >
              Cancelar
            </Button>
            <Button onClick={() => void continuar()} disabled={!archivo || !tipo || subir.isPending}>
              {subir.isPending ? 'Procesando...' : 'Continuar'}
            </Button>
          </div>
        </Card>

        <Card className="space-y-4 p-4 sm:p-5 lg:col-span-2">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Info className="size-5 text-marca-700" aria-hidden="true" /> Formato del archivo
          </h2>
          <div className="rounded-lg bg-sky-50 p-3 text-sm text-sky-950">
            <p className="font-medium">Columnas para {NOMBRE_TIPO_CARGA[tipoEjemplo].toLowerCase()}:</p>
            <p className="mt-1 font-mono text-xs break-words">{COLUMNAS[tipoEjemplo].join(', ')}</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {[...REGLAS_COMUNES, ...REGLAS_POR_TIPO[tipoEjemplo]].map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
            <p className="mt-2">
              El sistema revisa cada fila automáticamente: si alguna tiene errores, verás cuáles en el detalle para corregirlas y volver a
              subir el archivo.
            </p>
          </div>
          <div>
            <p className="text-sm font-medium text-slate-700">Ver ejemplos</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button variante="contorno" tamano="sm" onClick={() => setEjemplo('csv')}>
                <FileText className="size-4" aria-hidden="true" /> Ejemplo CSV
              </Button>
              <Button variante="contorno" tamano="sm" onClick={() => setEjemplo('excel')}>
                <FileSpreadsheet className="size-4" aria-hidden="true" /> Ejemplo Excel
              </Button>
              <Button variante="contorno" tamano="sm" onClick={() => setEjemplo('xml')}>
                <FileText className="size-4" aria-hidden="true" /> Ejemplo XML
              </Button>
            </div>
          </div>
        </Card>
      </div>

      {seguido && (
        <Card className="space-y-3 p-4 sm:p-5" aria-live="polite" data-testid="ultima-carga">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold text-slate-900">Resultado de la última carga</h2>
            <EstadoCargaBadge estado={seguido.estado_procesamiento} />
          </div>
          <p className="text-sm text-slate-600">{seguido.nombre_archivo}</p>
          {seguido.estado_procesamiento === ESTADO_EN_REVISION ? (
            <p className="text-sm text-slate-700">
              Estamos revisando y cargando el archivo. Esta sección se actualizará sola cuando termine.
            </p>
          ) : (
            <>
              <ResultadoCarga detalle={seguido.detalle} tipo={seguido.tipo_archivo} />
              <DescargarRechazados carga={seguido} idMinimarket={idMinimarket} />
            </>
          )}
        </Card>
      )}

      <HistorialCargas idMinimarket={idMinimarket} />
      <EjemploDialog formato={ejemplo} tipo={tipoEjemplo} idMinimarket={idMinimarket} onCerrar={() => setEjemplo(null)} />
    </div>
  );
}
