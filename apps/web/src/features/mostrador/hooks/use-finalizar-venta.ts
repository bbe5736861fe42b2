// «Finalizar venta»: the cart as paid goes to the API with this checkout's key, or, without an answer,
// into the device's outbox under that same key (docs/offline.md «La caja sin conexión»). What the
// server refused is said where it belongs: the payment (a fiado over the limit), the till's notice (no
// open shift), the cart brought up to date (stock, price).
import { CODIGO_CAJA_REQUERIDA } from '@minimarket/contracts/caja';
import type { Cliente } from '@minimarket/contracts/clientes';
import type { Pago, Venta } from '@minimarket/contracts/ventas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAutorizacionDueno } from '../../../components/shop/autorizacion-dueno';
import { ApiError, mensajeDeError, nuevaIdempotencyKey } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { tiendaKeys } from '../../../lib/current-shop';
import { esSinRespuesta, sinConexion } from '../../../lib/offline/conexion';
import { leerEstado as estadoOutbox, enviarPendientes } from '../../../lib/offline/outbox';
import { RAIZ } from '../../../lib/query-keys';
import { useRegistrarVenta } from '../api/ventas';
import { calcularCarrito, detallesVenta, type ItemCarrito } from '../utils/carrito';
import { guardarVentaSinConexion, type VentaGuardada } from '../utils/venta-sin-conexion';
import type { DescuentoVenta } from './use-descuento-venta';

export const MENSAJE_VENTA_EXITOSA = 'Venta registrada exitosamente.';
const MENSAJE_VENTA_ERROR = 'Hubo un error al registrar la venta.';
/** The server's codes for a fiado sale it refuses for its customer (over the limit, inactive). */
const CODIGOS_RECHAZO_FIADO = new Set(['CREDIT_LIMIT', 'CLIENT_INACTIVE']);

/** What «Finalizar venta» hands over: the parts paid, the cash received (with a cash part), the fiado's customer. */
interface Cobro {
  pagos: Pago[];
  montoRecibido: number | null;
  cliente: Cliente | null;
}

/** The sale's POST body: the exact total (its discounts spread over the lines, carrito.ts) and how it was paid. */
function cuerpoVenta(idMinimarket: number, items: ItemCarrito[], descuento: DescuentoVenta, { pagos, montoRecibido, cliente }: Cobro) {
  // The total is exact, its discounts spread over the lines (carrito.ts); only the cash part is paid rounded.
  const montos = calcularCarrito(items, descuento.carrito);
  return {
    id_minimarket: idMinimarket,
    total: montos.total,
    // One method alone, or the parts of a split payment (pago dividido).
    ...(pagos.length === 1 ? { metodo_pago: pagos[0]!.metodo_pago } : { pagos }),
    ...(montoRecibido !== null ? { monto_recibido: montoRecibido } : {}),
    ...(cliente ? { id_cliente: cliente.id_cliente } : {}),
    // A kg line sends grams, its price per kilo and montoPorPeso (carrito.ts).
    detalles: detallesVenta(items, descuento.carrito),
    ...(montos.descuento > 0 ? { motivo_descuento: descuento.motivo.trim() } : {}),
  };
}

/**
 * The server said no: why, where it belongs (the payment for a fiado's customer, the till's notice for
 * no open shift); a cart it refused is a new attempt, brought up to date so the cashier sees what changed.
 */
function rechazada(
  e: unknown,
  acciones: {
    setRechazoPago: (mensaje: string | null) => void;
    setRechazoCaja: (mensaje: string) => void;
    nuevaClave: () => void;
    refrescarCarrito: () => Promise<void>;
    releerTienda: () => void;
  },
) {
  toast.error(mensajeDeError(e, MENSAJE_VENTA_ERROR));
  acciones.setRechazoPago(e instanceof ApiError && CODIGOS_RECHAZO_FIADO.has(e.code) ? e.detail : null);
  if (e instanceof ApiError && e.code === CODIGO_CAJA_REQUERIDA) {
    acciones.setRechazoCaja(e.detail);
    acciones.releerTienda();
  }
  // The server refused this cart (stock, price): the next attempt is a new one, with
  // the cart brought up to date so the cashier sees what changed.
  if (e instanceof ApiError && e.status > 0) {
    acciones.nuevaClave();
    if (e.status === 409 || e.status === 404) void acciones.refrescarCarrito();
  }
}

/** The last sale's notice: registered by the server (with its fiado's customer), or kept on the device. */
function useUltimaVenta() {
  const [ultimaVenta, setUltimaVenta] = useState<{ venta: Venta; cliente: string | null } | null>(null);
  const [ventaGuardada, setVentaGuardada] = useState<VentaGuardada | null>(null);
  return {
    ultimaVenta,
    ventaGuardada,
    registrada: (v: { venta: Venta; cliente: string | null }) => {
      setVentaGuardada(null);
      setUltimaVenta(v);
    },
    guardada: (g: VentaGuardada) => {
      setUltimaVenta(null);
      setVentaGuardada(g);
    },
    olvidar: () => {
      setUltimaVenta(null);
      setVentaGuardada(null);
    },
  };
}

/**
 * No answer (no connection, or none within ESPERA_VENTA_MS): the sale is a fact at the counter. It
 * goes to the outbox under this cart's key (`clave`) and is sent when the API answers; `alGuardar`
 * gets it once kept.
 */
function useGuardarEnEquipo(
  { items, descuento }: { items: ItemCarrito[]; descuento: DescuentoVenta },
  alGuardar: (guardada: VentaGuardada) => void,
) {
  const usuario = useAuth().user;
  const queryClient = useQueryClient();
  const [guardando, setGuardando] = useState(false);
  const guardar = async (clave: string, venta: ReturnType<typeof cuerpoVenta>, { pagos, montoRecibido, cliente }: Cobro) => {
    setGuardando(true);
    try {
      const guardada = await guardarVentaSinConexion({
        clave,
        venta,
        items,
        descuentoCarrito: descuento.carrito,
        pagos,
        montoRecibido,
        cliente: cliente?.nombre ?? null,
        idUsuario: usuario?.id_usuario ?? null,
      });
      toast.success('Venta registrada, pendiente de envío.', { duration: 2000 });
      // A fiado part counts in its customer's balance as the device knows it, and the units leave the
      // stock the product list shows (lib/offline/catalogo.ts): both are read again.
      void queryClient.invalidateQueries({ queryKey: RAIZ.clientes });
      void queryClient.invalidateQueries({ queryKey: RAIZ.productos });
      alGuardar(guardada);
      void enviarPendientes();
    } catch {
      toast.error('No se pudo guardar la venta en este equipo. No cierres la venta: inténtalo de nuevo.');
    } finally {
      setGuardando(false);
    }
  };
  return { guardando, guardar };
}

export function useFinalizarVenta({
  idMinimarket,
  items,
  descuento,
  limpiarCarrito,
  refrescarCarrito,
}: {
  idMinimarket: number;
  items: ItemCarrito[];
  descuento: DescuentoVenta;
  /** The cart emptied, its discount gone, back to scanning. */
  limpiarCarrito: () => void;
  refrescarCarrito: () => Promise<void>;
}) {
  // One key per checkout attempt: a retried request after a network failure creates one sale.
  const [idempotencyKey, setIdempotencyKey] = useState(nuevaIdempotencyKey);
  const registrar = useRegistrarVenta();
  const autorizacion = useAutorizacionDueno();
  const queryClient = useQueryClient();
  const ultima = useUltimaVenta();
  const [rechazoCaja, setRechazoCaja] = useState<string | null>(null);
  // A fiado sale the server refused (the customer's limit, an inactive customer): said on the payment screen.
  const [rechazoPago, setRechazoPago] = useState<string | null>(null);

  /** The cart is done with: cleared, back to scanning, and the next sale gets a new key. */
  const terminarVenta = () => {
    setRechazoCaja(null);
    setRechazoPago(null);
    limpiarCarrito();
    setIdempotencyKey(nuevaIdempotencyKey());
  };

  const { guardando, guardar } = useGuardarEnEquipo({ items, descuento }, (guardada) => {
    ultima.guardada(guardada);
    terminarVenta();
  });

  const finalizar = (pagos: Pago[], montoRecibido: number | null, cliente: Cliente | null) => {
    if (!idMinimarket) {
      toast.error('Error: No se puede finalizar la venta sin un minimarket identificado.');
      return;
    }
    const cobro = { pagos, montoRecibido, cliente };
    const venta = cuerpoVenta(idMinimarket, items, descuento, cobro);
    // Without a connection, or with older sales still waiting (they go first: the outbox keeps order).
    if (sinConexion() || estadoOutbox().pendientes > 0) {
      void guardar(idempotencyKey, venta, cobro);
      return;
    }
    void (async () => {
      let registrada: Venta | undefined;
      try {
        // A cashier's fiado past the customer's limit needs the owner's PIN: asked for, and the same
        // sale (same key) goes again with it. Cancelled: the cart stays on the payment screen.
        registrada = await autorizacion.ejecutar((aut) =>
          registrar.mutateAsync({ idempotencyKey, venta: aut ? { ...venta, autorizacion: aut } : venta }),
        );
      } catch (e) {
        if (esSinRespuesta(e)) void guardar(idempotencyKey, venta, cobro);
        else
          rechazada(e, {
            setRechazoPago,
            setRechazoCaja,
            nuevaClave: () => setIdempotencyKey(nuevaIdempotencyKey()),
            refrescarCarrito,
            // The setting may have been turned on elsewhere: ask for it again with the shift.
            releerTienda: () => void queryClient.invalidateQueries({ queryKey: tiendaKeys.detalle(idMinimarket) }),
          });
        return;
      }
      if (!registrada) return;
      toast.success(MENSAJE_VENTA_EXITOSA, { duration: 2000 });
      ultima.registrada({ venta: registrada, cliente: cliente?.nombre ?? null });
      terminarVenta();
    })();
  };

  return {
    finalizar,
    procesando: registrar.isPending || guardando,
    dialogoAutorizacion: autorizacion.dialogo,
    ultimaVenta: ultima.ultimaVenta,
    ventaGuardada: ultima.ventaGuardada,
    /** A new sale begins (to the payment): the last one's notice goes. */
    olvidarUltima: ultima.olvidar,
    rechazoCaja,
    rechazoPago,
    setRechazoPago,
  };
}
