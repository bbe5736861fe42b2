// The sale just made, at the top of Nueva venta: what it came to, its change, a fiado's customer, and
// «Imprimir comprobante» with the focus, so the next Enter prints. Said once by the page's live region.
import { referenciaVenta, type Venta, vueltoDeVenta } from '@minimarket/contracts/ventas';
import { Printer } from 'lucide-react';
import { useEffect, useRef, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { formatClp } from '../../../utils/format';
import type { VentaGuardada } from '../utils/venta-sin-conexion';

/**
 * The message of the sale just made where the eye is: the payment screen may have been scrolled (at
 * 1366 × 768 its «Finalizar venta» is below the fold), and the message goes in at the top of the page,
 * where the focus alone would leave it under the sticky top bar. Scrolled to the centre, then the focus.
 */
function useALaVista(alerta: RefObject<HTMLDivElement | null>, imprimir: RefObject<HTMLAnchorElement | null>, clave: unknown) {
  useEffect(() => {
    alerta.current?.scrollIntoView({ block: 'center' });
    // The next key the cashier presses is Enter on the receipt (a scan still goes to the cart).
    imprimir.current?.focus({ preventScroll: true });
  }, [alerta, imprimir, clave]);
}

/** What a screen reader says once a sale is registered (the live region is on the page before the sale). */
export function anuncioVenta(venta: Venta, cliente: string | null): string {
  const vuelto = vueltoDeVenta(venta);
  const fiado = venta.pagos.find((p) => p.metodo_pago === 'Fiado');
  return [
    `Venta ${referenciaVenta(venta)} registrada por ${formatClp(venta.total)}.`,
    vuelto !== null ? `Vuelto: ${formatClp(vuelto)}.` : '',
    fiado && cliente ? (venta.pagos.length === 1 ? `Fiado a ${cliente}.` : `${formatClp(fiado.monto)} fiado a ${cliente}.`) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** A sale kept on the device, as the screen and a screen reader say it. */
export function anuncioVentaPendiente(venta: VentaGuardada): string {
  return [
    `Venta registrada, pendiente de envío (${venta.referencia}), por ${formatClp(venta.total)}.`,
    venta.vuelto !== null ? `Vuelto: ${formatClp(venta.vuelto)}.` : '',
    venta.cliente ? `Fiado a ${venta.cliente}.` : '',
    'Se enviará sola cuando vuelva la conexión.',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The notice of a sale: its box (for the eye: the page's live region says it) and the way to its receipt. */
function AvisoVenta({ tipo, clave, comprobante, texto }: { tipo: 'exito' | 'aviso'; clave: unknown; comprobante: string; texto: string }) {
  const imprimir = useRef<HTMLAnchorElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  useALaVista(alerta, imprimir, clave);
  return (
    <div ref={alerta} className="mb-4 scroll-mt-20">
      <Alert
        tipo={tipo}
        // Said by the page's live region (anuncio-venta); this box is for the eye.
        anunciar={false}
        accion={
          <Link
            ref={imprimir}
            to={`/pos/comprobante/${comprobante}`}
            state={{ desde: '/pos/nueva-venta' }}
            className={buttonClasses('primario', 'sm')}
          >
            <Printer className="size-4" aria-hidden="true" /> Imprimir comprobante
          </Link>
        }
      >
        <span data-testid="venta-registrada">{texto}</span>
      </Alert>
    </div>
  );
}

/** The sale just made, with its change, and the way to its receipt. */
export function VentaRegistrada({ venta, cliente }: { venta: Venta; cliente: string | null }) {
  return <AvisoVenta tipo="exito" clave={venta.id_venta} comprobante={String(venta.id_venta)} texto={anuncioVenta(venta, cliente)} />;
}

/** A sale the API did not answer for: it waits in the outbox under its provisional reference. */
export function VentaPendienteRegistrada({ venta }: { venta: VentaGuardada }) {
  return <AvisoVenta tipo="aviso" clave={venta.referencia} comprobante={venta.referencia} texto={anuncioVentaPendiente(venta)} />;
}
