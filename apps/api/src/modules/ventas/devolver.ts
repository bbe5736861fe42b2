// Returning part of a sale (docs/cajeros.md «La autorización del dueño»: a cashier needs the owner's PIN).
import { contarCantidad } from '@minimarket/contracts/cantidad';
import { ESTADO_VENTA_COMPLETADA, METODO_MIXTO, type MetodoPago } from '@minimarket/contracts/comunes';
import { formatClp } from '@minimarket/contracts/formato';
import { montoADevolver, type UnidadVenta } from '@minimarket/contracts/granel';
import {
  type Devolucion,
  type devolucionCreateSchema,
  MENSAJE_DEVOLUCION_VENTA_ANULADA,
  MENSAJE_PRODUCTO_NO_EN_VENTA,
  type Pago,
  redondeoDePagos,
  referenciaVenta,
} from '@minimarket/contracts/ventas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { pagosDeVenta, registrarDevolucion } from '../../data/devolucion.js';
import { turnoAbiertoCompartido } from '../../data/turno-caja.js';
import { unidadesPorDevolver, ventaConDetalles } from '../../data/venta.js';
import { conflict, validation } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { Autorizaciones } from '../cajeros/autorizacion.js';
import { reponerYAuditar } from './correccion.js';
import { repartirDevolucion } from './reparto-devolucion.js';
import type { VentasVisibles } from './venta-visible.js';
import { toVentaDto } from './ventas.mapper.js';

type PorDevolver = Awaited<ReturnType<typeof unidadesPorDevolver>>[number];

/**
 * The lines of a return: each product asked for (its units summed), at most what is still out (409
 * beyond), refunded at the price paid.
 */
function lineasDevueltas(porDevolver: PorDevolver[], detalles: Array<{ id_producto: number; num_unidades: number }>) {
  const disponibles = new Map(porDevolver.map((p) => [p.id_producto, p]));
  const pedidas = new Map<number, number>();
  for (const d of detalles) pedidas.set(d.id_producto, (pedidas.get(d.id_producto) ?? 0) + d.num_unidades);
  return [...pedidas].map(([idProducto, cantidad]) => {
    const p = disponibles.get(idProducto);
    if (!p) throw validation(MENSAJE_PRODUCTO_NO_EN_VENTA, [{ campo: 'detalles', mensaje: MENSAJE_PRODUCTO_NO_EN_VENTA }]);
    const unidad = p.unidad as UnidadVenta;
    if (cantidad > p.quedan)
      throw conflict(
        `De "${p.nombre_producto}" ${p.quedan === 1 && unidad === 'unidad' ? 'queda' : 'quedan'} ${contarCantidad(p.quedan, unidad)} por devolver.`,
        'RETURN_EXCEEDS_SALE',
      );
    return {
      id_producto: idProducto,
      num_unidades: cantidad,
      precio_unitario: p.precio_unitario,
      subtotal: montoADevolver({
        unidad,
        precio: p.precio_unitario,
        cantidad,
        quedan: p.quedan,
        porReembolsar: p.por_reembolsar,
        proporcional: p.proporcional,
      }),
      costo_unitario: p.costo_unitario,
      categoria: p.categoria,
    };
  });
}

/**
 * Returns part of a sale: at most what was sold minus what was already returned (409 beyond),
 * refunded at the price paid, the units back through the ledger, its day summed again, an entry
 * in the audit trail. Under the sale's row lock, so two returns (or a return and a void) of one
 * sale take turns.
 */
export function createDevolverVenta({
  db,
  visibles,
  autorizaciones,
}: {
  db: Db;
  visibles: VentasVisibles;
  autorizaciones: Autorizaciones;
}) {
  return async function devolver(usuario: UsuarioSesion, id: number, body: z.output<typeof devolucionCreateSchema>): Promise<Devolucion> {
    const idMinimarket = await visibles.tienda(usuario, id);
    const idAutorizador = await autorizaciones.exigir(usuario, idMinimarket, 'devolucion', body.autorizacion);
    const idDevolucion = await db.$transaction(async (tx) => {
      const v = await visibles.bloqueada(tx, idMinimarket, id);
      if (v.estado_venta !== ESTADO_VENTA_COMPLETADA) throw conflict(MENSAJE_DEVOLUCION_VENTA_ANULADA, 'SALE_VOIDED');
      const lineas = lineasDevueltas(await unidadesPorDevolver(tx, idMinimarket, id), body.detalles);
      const idTurno = await turnoAbiertoCompartido(tx, idMinimarket);
      const total = lineas.reduce((s, l) => s + l.subtotal, 0);
      // A split sale gives back fiado first, then cash, then the rest (reparto-devolucion.ts).
      let pagos: Pago[] | null = null;
      if (v.metodo_pago === METODO_MIXTO) {
        const { partes, devuelto } = await pagosDeVenta(tx, idMinimarket, id);
        pagos = repartirDevolucion(total, partes, devuelto);
      }
      // Cash goes back rounded as it was paid (Ley 20.956): refunding $3.146 in cash gives back $3.150.
      const redondeo = redondeoDePagos(pagos ?? [{ metodo_pago: v.metodo_pago as MetodoPago, monto: total }]);
      const nueva = await registrarDevolucion(tx, {
        idMinimarket,
        idVenta: id,
        fechaVenta: v.fecha_venta,
        idTurno,
        metodoPago: v.metodo_pago,
        pagos,
        motivo: body.motivo,
        idUsuario: usuario.id_usuario,
        idAutorizador,
        redondeo,
        lineas,
      });
      await reponerYAuditar(tx, {
        tipo: 'devolucion',
        idMinimarket,
        idVenta: id,
        referencia: referenciaVenta(v),
        idUsuario: usuario.id_usuario,
        idAutorizador,
        unidades: lineas.map((l) => ({ id_producto: l.id_producto, cantidad: l.num_unidades })),
        detalle: `Devolvió ${formatClp(total)} de la venta ${referenciaVenta(v)}: ${body.motivo}`,
        datos: { id_venta: id, id_devolucion: nueva },
      });
      return nueva;
    });
    const venta = toVentaDto(await ventaConDetalles(db, idMinimarket, id));
    return venta.devoluciones!.find((d) => d.id_devolucion === idDevolucion)!;
  };
}
