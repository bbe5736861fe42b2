import type { Notificacion } from '@minimarket/contracts/notificaciones';
import type { Db, Prisma } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../plugins/app/auth.js';

const LIMITE_LISTA = 100;
const URL_INVENTARIO = '/pos/buscar-producto';

export interface CambioStock {
  id_producto: number;
  nombre_producto: string;
  antes: number;
  despues: number;
}

type Tx = Prisma.TransactionClient | Db;

/**
 * Writes the events a stock change means for the shop's owner: a product that ran out,
 * or one that just fell under the shop's low-stock threshold. Only crossings count, so
 * selling the 3rd-to-last unit after the 4th-to-last does not repeat the warning.
 */
export async function avisarCambiosDeStock(
  tx: Tx,
  idMinimarket: number,
  cambios: CambioStock[],
  /** The shop when the caller already read it (a sale does), to save a query. */
  conocida?: { id_usuario: number; umbral_stock_bajo: number },
) {
  if (cambios.length === 0) return;
  const tienda =
    conocida ??
    (await tx.minimarket.findUnique({
      where: { id_minimarket: idMinimarket },
      select: { id_usuario: true, umbral_stock_bajo: true },
    }));
  if (!tienda) return;
  const data: Prisma.NotificacionCreateManyInput[] = [];
  for (const c of cambios) {
    if (c.despues === 0 && c.antes > 0) {
      data.push({
        id_usuario: tienda.id_usuario,
        id_minimarket: idMinimarket,
        tipo: 'agotado',
        titulo: 'Producto agotado',
        descripcion: `"${c.nombre_producto}" se quedó sin stock.`,
        url_accion: URL_INVENTARIO,
      });
    } else if (c.despues > 0 && c.despues < tienda.umbral_stock_bajo && c.antes >= tienda.umbral_stock_bajo) {
      data.push({
        id_usuario: tienda.id_usuario,
        id_minimarket: idMinimarket,
        tipo: 'stock_bajo',
        titulo: 'Stock bajo',
        descripcion: `A "${c.nombre_producto}" le quedan ${c.despues} unidades.`,
        url_accion: URL_INVENTARIO,
      });
    }
  }
  if (data.length > 0) await tx.notificacion.createMany({ data });
}

const URL_CARGAS = '/cargar';

/** The notice an import that did not load everything leaves for whoever uploaded it. */
export function notificacionCargaConErrores(carga: {
  nombre_archivo: string;
  estado: 'Con errores' | 'Error';
  errores: number;
  mensaje: string;
}) {
  const conErrores = carga.estado === 'Con errores';
  return {
    tipo: 'carga_con_errores' as const,
    titulo: conErrores ? 'Carga con errores' : 'No se pudo cargar un archivo',
    descripcion: conErrores
      ? `"${carga.nombre_archivo}" tiene ${carga.errores.toLocaleString('es-CL')} ${carga.errores === 1 ? 'error' : 'errores'}. Descargue las filas rechazadas, corríjalas y vuelva a cargarlas.`
      : `"${carga.nombre_archivo}": ${carga.mensaje}`,
    url_accion: URL_CARGAS,
  };
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
      const where = { id_usuario: usuario.id_usuario };
      const [rows, total, no_leidas] = await Promise.all([
        db.notificacion.findMany({ where, orderBy: [{ fecha: 'desc' }, { id_notificacion: 'desc' }], take: LIMITE_LISTA }),
        db.notificacion.count({ where }),
        db.notificacion.count({ where: { ...where, leida: false } }),
      ]);
      return { notificaciones: rows.map(toNotificacionDto), total, no_leidas };
    },

    async marcarLeida(usuario: UsuarioSesion, id: number) {
      const { count } = await db.notificacion.updateMany({
        where: { id_notificacion: id, id_usuario: usuario.id_usuario },
        data: { leida: true },
      });
      if (count === 0) throw notFound('Notificación no encontrada.', 'NOTIFICATION_NOT_FOUND');
    },

    async marcarTodas(usuario: UsuarioSesion) {
      await db.notificacion.updateMany({ where: { id_usuario: usuario.id_usuario, leida: false }, data: { leida: true } });
    },
  };
}
