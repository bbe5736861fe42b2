// The sales refused for good on their way from a device's outbox, set aside for the owner to settle
// (docs/offline.md «El rastro»): the list, and settling one (also in the audit trail).
import type {
  resolucionRechazadaSchema,
  VentaRechazada,
  ventaCreateSchema,
  ventasRechazadasQuerySchema,
} from '@minimarket/contracts/ventas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { registrarAuditoria } from '../../data/auditoria.js';
import { listarRechazadas, resolverRechazada } from '../../data/venta-rechazada.js';
import { notFound } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { type DatosRechazo, errorDeRechazo } from './rechazos.js';

export const MENSAJE_RECHAZADA_NO_ENCONTRADA = 'No hay una venta rechazada por resolver con ese número.';

/** A set-aside sale as the owner reads it: the cart as the device sent it, and the refusal in words. */
function toRechazadaDto(f: Awaited<ReturnType<typeof listarRechazadas>>['filas'][number]): VentaRechazada {
  const c = f.cuerpo as Partial<z.output<typeof ventaCreateSchema>> & {
    detalles?: Array<{ nombre_producto?: string; num_unidades: number; subtotal: number }>;
  };
  return {
    id_venta_rechazada: f.id_venta_rechazada,
    fecha: f.fecha.toISOString(),
    id_usuario: f.id_usuario,
    nombre_usuario: f.nombre_usuario,
    motivo: errorDeRechazo(f.datos as unknown as DatosRechazo, c.origen === 'offline').message,
    code: f.code,
    referencia_local: c.referencia_local ?? null,
    fecha_venta: c.fecha_venta ?? null,
    total: c.total ?? 0,
    metodo_pago: c.metodo_pago ?? '',
    lineas: (c.detalles ?? []).map((d) => ({
      nombre_producto: d.nombre_producto ?? '',
      num_unidades: d.num_unidades,
      subtotal: d.subtotal,
    })),
    resuelta_en: f.resuelta_en?.toISOString() ?? null,
    nombre_resuelta_por: f.nombre_resuelta_por,
    nota_resolucion: f.nota_resolucion,
  };
}

export function createVentasRechazadas({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  return {
    /** The sales set aside on their way from a device's outbox (the owner's list; docs/offline.md «El rastro»). */
    async rechazadas(usuario: UsuarioSesion, q: z.output<typeof ventasRechazadasQuerySchema>) {
      await acceso.assertAcceso(usuario, q.id_minimarket);
      const r = await listarRechazadas(db, { idMinimarket: q.id_minimarket, todas: q.todas, skip: q.skip, limit: q.limit });
      return { rechazadas: r.filas.map(toRechazadaDto), total: r.total, pendientes: r.pendientes };
    },

    /** The owner settled one: who, when and how, also in the audit trail. */
    async resolverRechazada(usuario: UsuarioSesion, id: number, body: z.output<typeof resolucionRechazadaSchema>) {
      await acceso.assertAcceso(usuario, body.id_minimarket);
      await db.$transaction(async (tx) => {
        if (!(await resolverRechazada(tx, { idMinimarket: body.id_minimarket, id, idUsuario: usuario.id_usuario, nota: body.nota }))) {
          throw notFound(MENSAJE_RECHAZADA_NO_ENCONTRADA, 'REFUSED_SALE_NOT_FOUND');
        }
        await registrarAuditoria(tx, {
          id_minimarket: body.id_minimarket,
          accion: 'venta_apartada_resuelta',
          id_usuario: usuario.id_usuario,
          detalle: `Resolvió una venta rechazada sin conexión: ${body.nota}`,
          datos: { id_venta_rechazada: id },
        });
      });
    },
  };
}
