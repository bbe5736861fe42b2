import { vueltoDeVenta } from '@minimarket/contracts/ventas';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Printer } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ElegirAnchoPapel, HojaPapel, SeparadorPapel } from '../../../../components/shop/papel-termico';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { Loading } from '../../../../components/ui/loading';
import { Alert } from '../../../../components/ui/alert';
import { usePapelTermico } from '../../../../hooks/use-papel-termico';
import { tituloPagina } from '../../../../lib/app-info';
import { suscribirOutbox, ventaPorReferencia, type VentaPendiente } from '../../../../lib/offline/outbox';
import { cn } from '../../../../utils/cn';
import { formatClp, formatFechaHora } from '../../../../utils/format';
import { filasPago } from '../../utils/comprobante';
import { ComprobantePage } from './comprobante-page';
import { LineasComprobante } from './lineas-comprobante';

function ReciboPendiente({ venta }: { venta: VentaPendiente }) {
  const vuelto = vueltoDeVenta({ monto_recibido: venta.monto_recibido, pagos: venta.pagos });
  const filas = [
    { etiqueta: 'TOTAL', valor: formatClp(venta.cuerpo.total), destacada: true },
    ...filasPago({ pagos: venta.pagos, cliente: venta.cliente, monto_recibido: venta.monto_recibido, vuelto }),
  ];
  return (
    <>
      <p className="text-center font-bold uppercase" data-testid="comprobante-pendiente">
        Pendiente de envío · {venta.referencia_local}
      </p>
      <p>{formatFechaHora(venta.creada)}</p>
      <p>Sin número de venta todavía.</p>
      <SeparadorPapel />
      <LineasComprobante lineas={venta.lineas} motivoDescuento={venta.motivo_descuento} />
      <SeparadorPapel />
      <dl>
        {filas.map((f) => (
          <div key={f.etiqueta} className={cn('flex justify-between gap-[2mm]', f.destacada && 'text-[1.15em] font-bold')}>
            <dt>{f.etiqueta}</dt>
            <dd className="text-right">{f.valor}</dd>
          </div>
        ))}
      </dl>
      <SeparadorPapel />
      <p className="text-center">Comprobante provisorio: el número de venta se asigna al enviarla.</p>
      <p className="mt-[1mm] text-center">¡Gracias por tu compra!</p>
    </>
  );
}

/**
 * /pos/comprobante/CK7Q2-0042 — a sale made on this device, by its provisional reference. While it
 * waits in the outbox it prints «Pendiente de envío · CK7Q2-0042» without a sale number; once the
 * server has it, it is the sale's normal receipt (with its number) and can be reprinted.
 */
export function ComprobantePendientePage({ referencia }: { referencia: string }) {
  const location = useLocation();
  const volverA = (location.state as { desde?: string } | null)?.desde ?? '/pos/nueva-venta';
  const consulta = useQuery({
    queryKey: ['outbox', referencia],
    queryFn: async () => (await ventaPorReferencia(referencia)) ?? null,
    networkMode: 'always',
  });
  const { refetch } = consulta;
  // The outbox changes (sent here or in another tab): read the sale again.
  useEffect(() => suscribirOutbox(() => void refetch()), [refetch]);
  const venta = consulta.data;
  const { ancho, elegirAncho, papel, imprimir, reglaImpresion } = usePapelTermico(venta, location.state);

  if (venta?.estado === 'enviada' && venta.venta) return <ComprobantePage idVenta={venta.venta.id_venta} />;
  return (
    <div className="min-h-screen bg-slate-100 print:min-h-0 print:bg-white">
      <title>{tituloPagina(`Comprobante ${referencia}`)}</title>
      <style>{reglaImpresion}</style>
      <main className="mx-auto max-w-xl px-3 py-4 sm:py-8 print:m-0 print:max-w-none print:p-0">
        <div className="mb-4 space-y-3 print:hidden">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h1 className="text-xl font-bold text-slate-900">Comprobante {referencia}</h1>
            <Link to={volverA} className={buttonClasses('contorno', 'sm')}>
              <ArrowLeft className="size-4" aria-hidden="true" /> Volver
            </Link>
          </div>
          {venta && (
            <Alert tipo={venta.estado === 'rechazada' ? 'error' : 'aviso'}>
              {venta.estado === 'rechazada'
                ? `El servidor rechazó esta venta: ${venta.motivo ?? ''}`
                : 'Esta venta está guardada en este equipo y se enviará sola cuando vuelva la conexión; después podrás reimprimirla con su número.'}
            </Alert>
          )}
          <div className="flex flex-wrap items-end justify-between gap-3 rounded-xl border border-slate-200 bg-white p-3">
            <ElegirAnchoPapel ancho={ancho} onElegir={elegirAncho} />
            <Button ref={imprimir} onClick={() => window.print()} disabled={!venta}>
              <Printer className="size-4" aria-hidden="true" /> Imprimir comprobante
            </Button>
          </div>
        </div>
        {consulta.isPending ? (
          <Loading />
        ) : !venta ? (
          <Alert tipo="error">No hay una venta {referencia} en este equipo.</Alert>
        ) : (
          <HojaPapel ref={papel} ancho={ancho} etiqueta={`Comprobante ${referencia}`} testId="comprobante">
            <ReciboPendiente venta={venta} />
          </HojaPapel>
        )}
      </main>
    </div>
  );
}
