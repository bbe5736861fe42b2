// «Ventas rechazadas» (owner and administrator; docs/offline.md «El rastro»): sales a device made
// without a connection that the server refused for good when they arrived (a product gone, a customer
// of another shop...). The customer may have left with the goods, so each waits here until the owner
// settles it (charges it again, adjusts the stock, or lets it be) and marks it resolved with a note.
import { PAGE_SIZE_TRANSACCIONES } from '@minimarket/contracts/comunes';
import { resolucionRechazadaSchema, type VentaRechazada } from '@minimarket/contracts/ventas';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Textarea } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { totalPaginas } from '../../../utils/paginacion';
import { QueryResult } from '../../../components/ui/query-result';
import { TablaOTarjetas } from '../../../components/ui/tabla-o-tarjetas';
import { mensajeDeError } from '../../../lib/api-client';
import { contar, formatClp, formatFechaHora } from '../../../utils/format';
import { rechazadasQueryOptions, useResolverRechazada } from '../api/ventas';

export const ID_VENTAS_RECHAZADAS = 'ventas-rechazadas';

/** Above Transacciones while any waits: how many, with a link down to them. */
export function AvisoRechazadas({ idMinimarket }: { idMinimarket: number }) {
  const { data } = useQuery(rechazadasQueryOptions(idMinimarket, false, 1, PAGE_SIZE_TRANSACCIONES));
  if (!data || data.pendientes === 0) return null;
  return (
    <Alert
      tipo="aviso"
      accion={
        <a href={`#${ID_VENTAS_RECHAZADAS}`} className="font-medium underline">
          Ver ventas rechazadas
        </a>
      }
    >
      {data.pendientes === 1
        ? 'Una venta hecha sin conexión fue rechazada al llegar y espera que la resuelvas.'
        : `${data.pendientes} ventas hechas sin conexión fueron rechazadas al llegar y esperan que las resuelvas.`}
    </Alert>
  );
}

function ResolverDialog({ idMinimarket, venta, onCerrar }: { idMinimarket: number; venta: VentaRechazada | null; onCerrar: () => void }) {
  const resolver = useResolverRechazada();
  const [nota, setNota] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cerrar = () => {
    setNota('');
    setError(null);
    onCerrar();
  };
  const guardar = async () => {
    if (!venta) return;
    const leida = resolucionRechazadaSchema.shape.nota.safeParse(nota);
    if (!leida.success) {
      setError(leida.error.issues[0]?.message ?? 'Escribe cómo se resolvió.');
      return;
    }
    try {
      await resolver.mutateAsync({ id: venta.id_venta_rechazada, idMinimarket, nota: leida.data });
      toast.success('Venta rechazada marcada como resuelta.', { duration: 2000 });
      cerrar();
    } catch (e) {
      setError(mensajeDeError(e, 'No se pudo marcar como resuelta.'));
    }
  };
  return (
    <Dialog
      abierto={venta !== null}
      onCerrar={cerrar}
      titulo="Marcar como resuelta"
      descripcion={venta && `${venta.referencia_local ?? 'Venta sin referencia'} · ${formatClp(venta.total)}. ¿Cómo se resolvió?`}
    >
      {venta && (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void guardar();
          }}
        >
          <Field label="Nota" error={error ?? undefined}>
            {(p) => (
              <Textarea
                {...p}
                data-autofocus
                maxLength={200}
                value={nota}
                placeholder="Ej: se cobró de nuevo con otra venta; se ajustó el stock"
                onChange={(e) => setNota(e.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variante="contorno" onClick={cerrar}>
              Cancelar
            </Button>
            <Button type="submit" disabled={resolver.isPending}>
              {resolver.isPending ? 'Guardando...' : 'Marcar como resuelta'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

export function VentasRechazadasServidor({ idMinimarket }: { idMinimarket: number }) {
  const [todas, setTodas] = useState(false);
  const [pagina, setPagina] = useState(1);
  const [resolviendo, setResolviendo] = useState<VentaRechazada | null>(null);
  const idTodas = useId();
  const consulta = useQuery(rechazadasQueryOptions(idMinimarket, todas, pagina, PAGE_SIZE_TRANSACCIONES));

  return (
    <Card className="scroll-mt-20 p-4 sm:p-5" id={ID_VENTAS_RECHAZADAS}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <TriangleAlert className="size-5 text-amber-600" aria-hidden="true" /> Ventas rechazadas
          {consulta.data && consulta.data.pendientes > 0 && <Badge color="amarillo">{consulta.data.pendientes} por resolver</Badge>}
        </h2>
        <div className="flex items-center gap-2">
          <input
            id={idTodas}
            type="checkbox"
            className="size-4 accent-marca-700"
            checked={todas}
            onChange={(e) => {
              setTodas(e.target.checked);
              setPagina(1);
            }}
          />
          <label htmlFor={idTodas} className="text-sm text-slate-700">
            Ver también las resueltas
          </label>
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Ventas hechas sin conexión que el servidor no pudo registrar al llegar. El cliente pudo llevarse los productos: cóbralas de nuevo o
        ajusta el stock, y márcalas como resueltas.
      </p>
      <QueryResult
        className="mt-3"
        query={consulta}
        filas={(d) => d.rechazadas}
        error={mensajeDeError(consulta.error, 'No se pudieron cargar las ventas rechazadas.')}
        vacio={
          <p className="py-4 text-sm text-slate-600">{todas ? 'No hay ventas rechazadas.' : 'No hay ventas rechazadas por resolver.'}</p>
        }
      >
        {(rechazadas) => (
          <TablaOTarjetas
            caption="Ventas rechazadas"
            filas={rechazadas}
            clave={(r) => r.id_venta_rechazada}
            propsFila={(r) => ({ 'data-testid': `rechazada-${r.id_venta_rechazada}` })}
            columnas={[
              {
                titulo: 'Venta',
                enTarjeta: 'titulo',
                celda: (r) => (
                  <span>
                    <span className="font-mono font-medium">{r.referencia_local ?? '—'}</span>
                    <span className="block text-xs text-slate-600">
                      {r.fecha_venta ? formatFechaHora(r.fecha_venta) : formatFechaHora(r.fecha)} · {r.nombre_usuario ?? 'Sin vendedor'}
                    </span>
                  </span>
                ),
              },
              {
                titulo: 'Productos',
                celda: (r) => (
                  <span className="text-sm">
                    {r.lineas.map((l) => `${l.num_unidades} × ${l.nombre_producto}`).join(', ')}
                    <span className="block text-xs text-slate-600">{contar(r.lineas.length, 'línea', 'líneas')}</span>
                  </span>
                ),
              },
              { titulo: 'Total', derecha: true, celda: (r) => <span className="font-semibold">{formatClp(r.total)}</span> },
              { titulo: 'Motivo', celda: (r) => <span className="text-sm break-words">{r.motivo}</span> },
              {
                titulo: 'Estado',
                celda: (r) =>
                  r.resuelta_en ? (
                    <span className="text-sm">
                      <Badge color="verde">
                        <CheckCircle2 className="size-3.5" aria-hidden="true" /> Resuelta
                      </Badge>
                      <span className="block text-xs text-slate-600">
                        {formatFechaHora(r.resuelta_en)}
                        {r.nombre_resuelta_por ? ` · ${r.nombre_resuelta_por}` : ''}
                      </span>
                      {r.nota_resolucion && <span className="block text-xs text-slate-700">{r.nota_resolucion}</span>}
                    </span>
                  ) : (
                    <Badge color="amarillo">Por resolver</Badge>
                  ),
              },
            ]}
            acciones={(r) =>
              r.resuelta_en ? null : (
                <Button variante="contorno" tamano="sm" onClick={() => setResolviendo(r)}>
                  Marcar como resuelta<span className="sr-only"> la venta {r.referencia_local ?? r.id_venta_rechazada}</span>
                </Button>
              )
            }
          />
        )}
      </QueryResult>
      {consulta.data && (
        <Pagination
          className="mt-3"
          pagina={pagina}
          totalPaginas={totalPaginas(consulta.data.total, PAGE_SIZE_TRANSACCIONES)}
          onCambiar={setPagina}
        />
      )}
      <ResolverDialog idMinimarket={idMinimarket} venta={resolviendo} onCerrar={() => setResolviendo(null)} />
    </Card>
  );
}
