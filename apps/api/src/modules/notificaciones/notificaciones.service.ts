import type { Notificacion } from '@minimarket/contracts/notificaciones';
import type { AlertaVenta } from '@minimarket/contracts/ventas';
import { factorUmbral } from '@minimarket/contracts/cantidad';
import type { UnidadVenta } from '@minimarket/contracts/granel';
import { esStockBajo } from '@minimarket/contracts/reglas';
import type { Db, Tx } from '../../db/client.js';
import { duenoYUmbral } from '../../data/minimarket.js';
import { crearNotificaciones, marcarLeida, marcarTodasLeidas, notificacionesDe } from '../../data/notificacion.js';
import { unidadesDeProductos } from '../../data/producto-lecturas.js';
import { notFound } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import { avisoAgotado, avisoFaltanteOffline, avisoStockBajo, avisoVentaOffline, type Aviso } from '../../lib/avisos.js';

const LIMITE_LISTA = 100;

export interface CambioStock {
  id_producto: number;
  nombre_producto: string;
  antes: number;
  despues: number;
  /**
   * How the product is sold ('kg': antes/despues are grams; registrar_venta's cambios carry it).
   * Read from the product when left out.
   */
  unidad?: UnidadVenta;
}

/** The unit of each change, reading from the products only those the caller did not say. */
async function conUnidad(tx: Tx, cambios: CambioStock[]): Promise<(CambioStock & { unidad: UnidadVenta })[]> {
  const faltan = cambios.filter((c) => c.unidad === undefined).map((c) => c.id_producto);
  const leidas = faltan.length === 0 ? new Map<number, UnidadVenta>() : await unidadesDeProductos(tx, faltan);
  return cambios.map((c) => ({ ...c, unidad: c.unidad ?? leidas.get(c.id_producto) ?? 'unidad' }));
}

/**
 * Writes the events a stock change means for the shop's owner: a product that ran out,
 * or one that just fell under the shop's low-stock threshold. Only crossings count, so
 * selling the 3rd-to-last unit after the 4th-to-last does not repeat the warning. The threshold
 * counts kilos for a product sold by weight (esStockBajo), whose stock is grams.
 */
export async function avisarCambiosDeStock(
  tx: Tx,
  idMinimarket: number,
  cambios: CambioStock[],
  /** The shop when the caller already read it (a sale does), to save a query. */
  conocida?: { id_usuario: number; umbral_stock_bajo: number },
) {
  if (cambios.length === 0) return;
  const tienda = conocida ?? (await duenoYUmbral(tx, idMinimarket));
  if (!tienda) return;
  const destino = { id_usuario: tienda.id_usuario, id_minimarket: idMinimarket };
  // Only a change that may cross the threshold (below it in kilos, the larger) needs the unit read.
  const limiteMayor = tienda.umbral_stock_bajo * factorUmbral('kg');
  const posibles = await conUnidad(
    tx,
    cambios.filter((c) => (c.despues === 0 && c.antes > 0) || (c.despues > 0 && c.despues < limiteMayor)),
  );
  const avisos = posibles.flatMap((c) => {
    if (c.despues === 0 && c.antes > 0) return [{ ...avisoAgotado(c), ...destino }];
    const limite = tienda.umbral_stock_bajo * factorUmbral(c.unidad);
    if (esStockBajo(c.despues, tienda.umbral_stock_bajo, c.unidad) && c.antes >= limite) {
      return [{ ...avisoStockBajo(c, c.despues, c.unidad), ...destino }];
    }
    return [];
  });
  await crearNotificaciones(tx, avisos);
}

/** What registrar_venta says the owner should hear of an offline sale (its 'avisos'). */
export interface AvisosVentaOffline {
  faltantes: Array<{ id_producto: number; nombre_producto: string; unidad: UnidadVenta; faltante: number }>;
  precios_antiguos: boolean;
  fiado_sobre_limite: { cliente: string; id_cliente: number; saldo: number; limite: number } | null;
}

/**
 * The notices of an offline sale (docs/offline.md «El servidor»), written once, when the sale is
 * recorded (a retry returns the first sale and writes nothing): one per product sold short of stock
 * («…: cuéntalo.»), and one for the sale when it was charged at old prices or left a fiado past
 * the customer's limit.
 */
export async function avisarVentaOffline(
  tx: Tx,
  idMinimarket: number,
  venta: { numero_venta: number | null; referencia_local: string | null; nombre_vendedor: string | null; fecha_venta: string },
  avisos: AvisosVentaOffline | undefined,
  alertas: readonly AlertaVenta[],
  tienda: { id_usuario: number },
) {
  if (!avisos) return;
  const lista: Aviso[] = avisos.faltantes.map((f) => avisoFaltanteOffline(f, f.faltante, f.unidad));
  if (alertas.some((a) => a !== 'sin_stock')) {
    lista.push(avisoVentaOffline(venta, { alertas, fiadoSobreLimite: avisos.fiado_sobre_limite }));
  }
  await crearNotificaciones(
    tx,
    lista.map((a) => ({ ...a, id_usuario: tienda.id_usuario, id_minimarket: idMinimarket })),
  );
}

function toNotificacionDto(n: {
  id_notificacion: number;
  tipo: string;
  titulo: string;
  descripcion: string;
  url_accion: string | null;
  leida: boolean;
  fecha: Date;
}): Notificacion {
  return { ...n, tipo: n.tipo as Notificacion['tipo'], fecha: n.fecha.toISOString() };
}

export type NotificacionesService = ReturnType<typeof createNotificacionesService>;

export function createNotificacionesService({ db }: { db: Db }) {
  return {
    async list(usuario: UsuarioSesion) {
      const { filas, total, no_leidas } = await notificacionesDe(db, usuario.id_usuario, LIMITE_LISTA);
      return { notificaciones: filas.map(toNotificacionDto), total, no_leidas };
    },

    async marcarLeida(usuario: UsuarioSesion, id: number) {
      if (!(await marcarLeida(db, usuario.id_usuario, id))) throw notFound('Notificación no encontrada.', 'NOTIFICATION_NOT_FOUND');
    },

    async marcarTodas(usuario: UsuarioSesion) {
      await marcarTodasLeidas(db, usuario.id_usuario);
    },
  };
}
