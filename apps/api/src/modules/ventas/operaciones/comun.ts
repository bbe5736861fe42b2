// What the sale's operations share (docs/offline.md «Una venta, dos operaciones»): the counter sale
// (vender-en-mostrador.ts) and the offline sync (sincronizar-offline.ts) each run their own checks and
// call their own database function; both answer a retry with the sale its key already made, refuse the
// same key with another cart, and turn what the database wrote into the sale's JSON the one way a sale
// is shown (ventas.mapper.ts toVentaDto).
import { type MetodoPago } from '@minimarket/contracts/comunes';
import { formatClp } from '@minimarket/contracts/formato';
import { type Pago, referenciaVenta, type Venta, type ventaCreateSchema } from '@minimarket/contracts/ventas';
import type { z } from 'zod';
import { esViolacionUnica, type Db, type Tx } from '../../../db/client.js';
import { registrarAuditoria } from '../../../data/auditoria.js';
import { type ResultadoVenta, ventaPorClave } from '../../../data/venta.js';
import { type AppError, conflict } from '../../../lib/errors.js';
import type { AccesoMinimarket } from '../../minimarkets/acceso.js';
import { avisarCambiosDeStock, type AvisosVentaOffline, type CambioStock } from '../../notificaciones/notificaciones.service.js';
import type { DatosRechazo } from '../rechazos.js';
import { toVentaDto } from '../ventas.mapper.js';

export type VentaCreate = z.output<typeof ventaCreateSchema>;

/** The shop of the sale, as the caller's access check read it. */
export type TiendaVenta = Awaited<ReturnType<AccesoMinimarket['assertAcceso']>>;

/** A refusal as the database answers it: its code and data; `en_mostrador`, a cart refused at the counter before. */
export interface Rechazo {
  code: string;
  datos: DatosRechazo;
  en_mostrador?: boolean;
}

/** What a sale just written tells the API to notify: the stock it took, and what the owner hears of it. */
export interface AvisosDeVenta {
  cambios: CambioStock[];
  avisos: AvisosVentaOffline;
}

/** What either operation's database function answers. */
export type Resultado = ResultadoVenta<AvisosDeVenta, Rechazo>;

/** What a sale request answers: the sale, and whether it was recorded before (a retry). */
export interface VentaRegistrada {
  venta: Venta;
  repetida: boolean;
}

/** What the cashier reads when a retried checkout (same key) comes back with another cart. */
export const MENSAJE_CLAVE_REUSADA =
  'Con esta clave ya se registró una venta con otros productos o montos (quizás se cortó la conexión al enviarla). Revisa Transacciones antes de volver a cobrar.';

/**
 * The arithmetic of a cart that needs no product, checked before touching the database: the total
 * is the sum of the lines. Each line's subtotal depends on its product's unit (a kg line is
 * montoPorPeso of grams): escribir_venta checks it beside the product's price (SUBTOTAL_MISMATCH).
 */
export function assertTotales(data: VentaCreate) {
  const suma = data.detalles.reduce((s, d) => s + d.subtotal, 0);
  if (suma !== data.total) {
    throw conflict(
      `El total de la venta (${formatClp(data.total)}) no coincide con la suma de sus productos (${formatClp(suma)}).`,
      'TOTAL_MISMATCH',
    );
  }
}

/** The request as it is kept with a refusal: never a PIN. */
export const cuerpoSinPin = ({ autorizacion: _pin, ...resto }: VentaCreate) => resto;

/** The cart's discount in pesos (its lines' own and their share of the cart's). */
export const descuentoDe = (data: VentaCreate) => data.detalles.reduce((s, d) => s + d.descuento, 0);

/** The same sale again: same lines, method, total, payment parts and customer. */
function mismaVenta(previa: Venta, data: VentaCreate): boolean {
  const huella = (lineas: Array<{ id_producto: number | null; num_unidades: number; precio_unitario: number; descuento?: number }>) =>
    lineas
      .map((l) => `${l.id_producto ?? 'libre'}:${l.num_unidades}:${l.precio_unitario}:${l.descuento ?? 0}`)
      .sort()
      .join(',');
  const pagos = (partes: ReadonlyArray<Pago>) =>
    partes
      .map((p) => `${p.metodo_pago}:${p.monto}`)
      .sort()
      .join(',');
  return (
    previa.metodo_pago === data.metodo_pago &&
    previa.total === data.total &&
    (previa.id_cliente ?? null) === (data.id_cliente ?? null) &&
    huella(previa.detalles) === huella(data.detalles) &&
    pagos(previa.pagos) === pagos(data.pagos ?? [{ metodo_pago: data.metodo_pago as MetodoPago, monto: data.total }])
  );
}

/**
 * The sale an Idempotency-Key already made, when the request is that same sale again (a retry).
 * The same key with another cart is a different sale under a reused key: refused, never
 * answered with the first sale as if the second had been recorded.
 */
export async function repetidaPorClave(db: Db, data: VentaCreate, clave: string): Promise<Venta | null> {
  const previa = await ventaPorClave(db, data.id_minimarket, clave);
  if (!previa) return null;
  const dto = toVentaDto(previa);
  if (!mismaVenta(dto, data)) throw conflict(MENSAJE_CLAVE_REUSADA, 'IDEMPOTENCY_KEY_REUSED');
  return dto;
}

/** A discount goes to the shop's audit trail with its reason, and who approved it past the cap (docs/pagos.md). */
export async function auditarDescuento(
  tx: Tx,
  data: VentaCreate,
  venta: { id_venta: number; numero_venta: number | null },
  p: { descuento: number; idUsuario: number; idAutorizador: number | null },
) {
  await registrarAuditoria(tx, {
    id_minimarket: data.id_minimarket,
    accion: 'descuento',
    id_usuario: p.idUsuario,
    id_autorizador: p.idAutorizador,
    detalle: `Descuento de ${formatClp(p.descuento)} sobre ${formatClp(data.total + p.descuento)} en la venta ${referenciaVenta(venta)}: ${data.motivo_descuento ?? ''}`,
    datos: { id_venta: venta.id_venta, descuento: p.descuento },
  });
}

/**
 * Runs an operation's call to the database and answers what it said: a refusal as the operation
 * words it (`error`), a retry with the first sale, or the sale just written (its stock notices
 * written after it committed). Two retries of one checkout that raced past the key's lock (a sale
 * without it) end with the loser answering the winner's sale.
 */
export async function registrarYResponder(
  { db, tienda, data, clave }: { db: Db; tienda: TiendaVenta; data: VentaCreate; clave: string | undefined },
  registrar: () => Promise<Resultado>,
  error: (r: Rechazo) => AppError,
): Promise<VentaRegistrada> {
  let resultado: Resultado;
  try {
    resultado = await registrar();
  } catch (err) {
    if (esViolacionUnica(err) && clave) {
      const previa = await repetidaPorClave(db, data, clave);
      if (previa) return { venta: previa, repetida: true };
    }
    throw err;
  }
  if ('rechazo' in resultado) throw error(resultado.rechazo);
  if (resultado.repetida) return { venta: (await repetidaPorClave(db, data, clave!))!, repetida: true };
  await avisarCambiosDeStock(db, data.id_minimarket, resultado.cambios, tienda);
  return { venta: toVentaDto(resultado.venta), repetida: false };
}
