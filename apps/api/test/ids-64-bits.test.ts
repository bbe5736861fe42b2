// The ids made 64-bit (migration 20261129300000_ids_64_bits, docs/escalar.md): with their sequences
// already past what a 32-bit integer holds, a sale, its lines and stock moves, a cash movement, a
// stock adjustment, a support message and a notice are written, answered with their exact ids as
// JSON numbers, and found again by them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

/** Past 2^31 − 1 (the old integer's end) and past 2^32: a rounding or a 32-bit cast would show. */
const INICIO = 5_000_000_000;
const SECUENCIAS = [
  'detalle_venta_id_detalle_venta_seq',
  'movimiento_stock_id_movimiento_seq',
  'detalle_devolucion_id_detalle_devolucion_seq',
  'notificacion_id_notificacion_seq',
  'mensaje_soporte_id_mensaje_seq',
  'movimiento_caja_id_movimiento_seq',
  'abono_id_abono_seq',
  'token_restablecimiento_id_token_seq',
  'fila_rechazada_id_fila_rechazada_seq',
];

let ctx: TestContext;
let donPepe: number;
beforeAll(async () => {
  ctx = await createTestContext();
  donPepe = await ctx.shopOf(DEMO.pyme.correo);
  for (const s of SECUENCIAS) await ctx.db.$executeRawUnsafe(`SELECT setval('${s}', ${INICIO})`);
});
afterAll(() => ctx.close());

describe('ids past 32 bits', () => {
  it('a sale, its lines, its stock moves, a return, a cash movement and an adjustment carry them exactly', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const turno = await pyme.request({ method: 'POST', url: '/api/caja/turnos', payload: { id_minimarket: donPepe, monto_inicial: 0 } });
    expect(turno.statusCode).toBe(201);
    const p = await ctx.db.producto.findFirstOrThrow({
      where: { id_minimarket: donPepe, estado: 'activo', unidad: 'unidad', stock: { gt: 5 } },
      orderBy: { id_producto: 'asc' },
    });
    const venta = await pyme.request({
      method: 'POST',
      url: '/api/ventas/',
      payload: {
        id_minimarket: donPepe,
        total: p.precio_venta_actual * 2,
        metodo_pago: 'Tarjeta de Débito',
        detalles: [
          { id_producto: p.id_producto, num_unidades: 2, precio_unitario: p.precio_venta_actual, subtotal: p.precio_venta_actual * 2 },
        ],
      },
    });
    expect(venta.statusCode).toBe(201);
    const { id_venta, detalles } = venta.json();
    expect(detalles[0].id_detalle_venta).toBeGreaterThan(INICIO);
    const leida = (await pyme.request({ method: 'GET', url: `/api/ventas/${id_venta}` })).json();
    expect(leida.detalles[0].id_detalle_venta).toBe(detalles[0].id_detalle_venta);
    const linea = await ctx.db.detalleVenta.findFirstOrThrow({ where: { id_minimarket: donPepe, id_venta } });
    expect(linea.id_detalle_venta).toBe(BigInt(detalles[0].id_detalle_venta));
    const movimiento = await ctx.db.movimientoStock.findFirstOrThrow({ where: { id_minimarket: donPepe, id_venta } });
    expect(movimiento.id_movimiento).toBeGreaterThan(BigInt(INICIO));

    const devolucion = await pyme.request({
      method: 'POST',
      url: `/api/ventas/${id_venta}/devoluciones`,
      payload: { motivo: 'Vencido', detalles: [{ id_producto: p.id_producto, num_unidades: 1 }] },
    });
    expect(devolucion.statusCode).toBe(201);

    const caja = await pyme.request({
      method: 'POST',
      url: `/api/caja/turnos/${turno.json().id_turno}/movimientos`,
      payload: { tipo: 'ingreso', monto: 5000, motivo: 'Sencillo del banco' },
    });
    expect(caja.statusCode).toBe(201);
    const actual = (await pyme.request({ method: 'GET', url: `/api/caja/turnos/actual?id_minimarket=${donPepe}` })).json();
    expect(actual.movimientos.map((m: { id_movimiento: number }) => m.id_movimiento)).toEqual([INICIO + 1]);

    const ajuste = await pyme.request({
      method: 'POST',
      url: `/api/productos/${p.id_producto}/ajustes`,
      payload: { id_minimarket: donPepe, tipo: 'merma', diferencia: -1, nota: 'Se cayó' },
    });
    expect(ajuste.statusCode).toBe(201);
    const { id_movimiento } = ajuste.json().ajuste;
    expect(id_movimiento).toBeGreaterThan(INICIO);
    const lista = (await pyme.request({ method: 'GET', url: `/api/ajustes-stock?id_minimarket=${donPepe}` })).json();
    expect(lista.map((a: { id_movimiento: number }) => a.id_movimiento)).toContain(id_movimiento);
  });

  it('a support message and the notice it raises: listed by their ids, marked read by it; an id past 2^53 is refused in Spanish', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const admin = await ctx.as(DEMO.admin);
    const abierta = await pyme.request({
      method: 'POST',
      url: '/api/soporte/conversaciones',
      payload: { asunto: 'Ids grandes', mensaje: '¿Llega bien?' },
    });
    expect(abierta.statusCode).toBe(201);
    const conversacion = (
      await pyme.request({ method: 'GET', url: `/api/soporte/conversaciones/${abierta.json().id_conversacion}` })
    ).json();
    expect(conversacion.mensajes[0].id_mensaje).toBeGreaterThan(INICIO);

    const { notificaciones } = (await admin.request({ method: 'GET', url: '/api/notificaciones' })).json();
    const aviso = notificaciones.find((n: { tipo: string; leida: boolean }) => n.tipo === 'soporte' && !n.leida);
    expect(aviso.id_notificacion).toBeGreaterThan(INICIO);
    expect((await admin.request({ method: 'POST', url: `/api/notificaciones/${aviso.id_notificacion}/leer` })).statusCode).toBe(204);
    const fila = await ctx.db.notificacion.findFirstOrThrow({ where: { id_notificacion: BigInt(aviso.id_notificacion) } });
    expect(fila.leida).toBe(true);

    const grande = await admin.request({ method: 'POST', url: '/api/notificaciones/9007199254740993/leer' });
    expect(grande.statusCode).toBe(422);
    expect(grande.json().detail).toContain('El número es demasiado grande.');
  });
});
