import { ESTADO_EN_REVISION, NOMBRE_TIPO_CARGA, type CargaLeida } from '@minimarket/contracts/uploads';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Loading } from '../../../components/ui/loading';
import { TablaOTarjetas } from '../../../components/ui/tabla-o-tarjetas';
import { formatEntero, formatFechaHora } from '../../../utils/format';
import { mensajeDeError } from '../../../lib/api-client';
import { descargarRechazados, historialCargasQueryOptions, type FormatoRechazados } from '../api/cargas';
import { AvanceCarga } from './avance-carga';
import { EstadoCargaBadge, ResultadoCarga } from './resultado-carga';

/** When rows were rejected: download them as they came, with the reason, to fix and upload again. */
export function DescargarRechazados({ carga, idMinimarket }: { carga: CargaLeida; idMinimarket: number }) {
  const [descargando, setDescargando] = useState<FormatoRechazados | null>(null);
  if (!carga.detalle || carga.detalle.detalle_errores.length === 0) return null;
  const descargar = async (formato: FormatoRechazados) => {
    setDescargando(formato);
    try {
      await descargarRechazados(idMinimarket, carga.id_archivo, formato);
    } catch (e) {
      toast.error(mensajeDeError(e, 'No se pudieron descargar las filas rechazadas.'));
    } finally {
      setDescargando(null);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-slate-700">Filas rechazadas, con su motivo:</span>
      <Button variante="contorno" tamano="sm" disabled={descargando !== null} onClick={() => void descargar('csv')}>
        <Download className="size-4" aria-hidden="true" /> {descargando === 'csv' ? 'Descargando...' : 'Descargar CSV'}
      </Button>
      <Button variante="contorno" tamano="sm" disabled={descargando !== null} onClick={() => void descargar('xlsx')}>
        <Download className="size-4" aria-hidden="true" /> {descargando === 'xlsx' ? 'Descargando...' : 'Descargar Excel'}
      </Button>
    </div>
  );
}

export function HistorialCargas({ idMinimarket }: { idMinimarket: number }) {
  const { data, isPending, isError, refetch } = useQuery(historialCargasQueryOptions(idMinimarket));
  const [elegida, setViendo] = useState<CargaLeida | null>(null);
  // The dialog follows the record as the history refreshes (its progress moves, its result arrives).
  const viendo = elegida ? (data?.find((c) => c.id_archivo === elegida.id_archivo) ?? elegida) : null;

  useEffect(() => {
    if (isError) toast.error('No se pudo cargar el historial.');
  }, [isError]);

  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-slate-900">Historial de cargas recientes</h2>
      <div className="mt-3">
        {isPending ? (
          <Loading />
        ) : isError ? (
          <p className="py-6 text-center text-sm text-slate-600">
            No se pudo cargar el historial.{' '}
            <button type="button" className="font-medium text-marca-700 underline" onClick={() => refetch()}>
              Reintentar
            </button>
          </p>
        ) : data.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">
            Todavía no has cargado archivos. Tus cargas aparecerán aquí con su resultado.
          </p>
        ) : (
          <TablaOTarjetas
            caption="Historial de cargas recientes"
            filas={data}
            clave={(c) => c.id_archivo}
            columnas={[
              { titulo: 'Fecha', celda: (c) => <span className="whitespace-nowrap">{formatFechaHora(c.fecha_subida)}</span> },
              { titulo: 'Tipo', celda: (c) => NOMBRE_TIPO_CARGA[c.tipo_archivo] },
              {
                titulo: 'Archivo',
                celda: (c) => <span title={c.nombre_archivo}>{c.nombre_archivo}</span>,
                claseTabla: 'max-w-56 truncate',
                enTarjeta: 'titulo',
              },
              { titulo: 'Registros', celda: (c) => (c.detalle ? formatEntero(c.detalle.total_filas) : '-'), derecha: true },
              {
                titulo: 'Estado',
                celda: (c) => (
                  <>
                    <EstadoCargaBadge estado={c.estado_procesamiento} />
                    {c.estado_procesamiento === ESTADO_EN_REVISION && <AvanceCarga carga={c} className="mt-1.5 min-w-40" />}
                  </>
                ),
              },
            ]}
            acciones={(c, forma) => (
              <button
                type="button"
                className={
                  forma === 'tarjeta'
                    ? buttonClasses('contorno', 'sm')
                    : 'text-sm font-medium whitespace-nowrap text-marca-700 hover:underline'
                }
                onClick={() => setViendo(c)}
              >
                Ver detalles<span className="sr-only"> de {c.nombre_archivo}</span>
              </button>
            )}
          />
        )}
      </div>
      <Dialog
        abierto={viendo !== null}
        onCerrar={() => setViendo(null)}
        titulo="Detalle de la carga"
        descripcion={viendo ? `${viendo.nombre_archivo} · ${formatFechaHora(viendo.fecha_subida)}` : undefined}
        className="max-w-2xl"
      >
        {viendo && (
          <div className="space-y-3">
            <EstadoCargaBadge estado={viendo.estado_procesamiento} />
            {viendo.estado_procesamiento === ESTADO_EN_REVISION ? (
              <>
                <p className="text-sm text-slate-700">El archivo todavía se está procesando. El resultado aparecerá aquí cuando termine.</p>
                <AvanceCarga carga={viendo} />
              </>
            ) : (
              <>
                <ResultadoCarga detalle={viendo.detalle} tipo={viendo.tipo_archivo} />
                <DescargarRechazados carga={viendo} idMinimarket={idMinimarket} />
              </>
            )}
          </div>
        )}
      </Dialog>
    </Card>
  );
}
