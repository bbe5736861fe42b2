// Every id is 64-bit (migrations 20261129300000_ids_64_bits and 20261129400000_ids_64_bits_referenciados,
// docs/escalar.md): with every sequence already past what a 32-bit integer holds, a product, a
// customer, a cash shift, a sale on credit with its lines and stock moves, a return, a void, a cash
// movement, a stock adjustment, a support conversation and the notice it raises are written, answered
// with their exact ids as JSON numbers, and found again by them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { importar } from './cargas-helpers.js';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

/** Past 2^31 − 1 (the old integer's end) and past 2^32: a rounding or a 32-bit cast would show. */
const INICIO = 5_000_000_000;

let ctx: TestContext;
let donPepe: number;
beforeAll(async () => {
  ctx = await createTestContext();
  donPepe = await ctx.shopOf(DEMO.pyme.correo);
  // Every sequence of the schema (the shop's and the user's too: nothing here depends on them).
  const secuencias = await ctx.db.$queryRaw<{ nombre: string }[]>`
    SELECT sequencename AS nombre FROM pg_sequences WHERE schemaname = 'public' AND sequencename NOT IN ('minimarket_id_minimarket_seq', 'usuario_id_usuario_seq')`;
  expect(secuencias.length).toBeGreaterThan(15);
  for (const { nombre } of secuencias) await ctx.db.$executeRawUnsafe(`SELECT setval('${nombre}', ${INICIO})`);
});
afterAll(() => ctx.close());

describe('ids past 32 bits', () => {
  it('a product, a customer, a shift, a sale on credit, its lines and moves, a return, a void, cash and an adjustment', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const turno = await pyme.request({ method: 'POST', url: '/api/caja/turnos', payload: { id_minimarket: donPepe, monto_inicial: 0 } });
    expect(turno.statusCode).toBe(201);
    const { id_turno } = turno.json();
    expect(id_turno).toBeGreaterThan(INICIO);

    const nuevo = await pyme.request({
      method: 'POST',
      url: '/api/productos/',
      payload: {
        id_minimarket: donPepe,
        codigo_barra: '7801234500017',
        nombre_producto: 'Galletas de 64 bits',
        categoria: 'Abarrotes',
        precio_venta: 1000,
        precio_compra: 600,
        stock: 10,
      },
    });
    expect(nuevo.statusCode).toBe(201);
    const p = nuevo.json();
    expect(p.id_producto).toBeGreaterThan(INICIO);
    expect((await pyme.request({ method: 'GET', url: `/api/productos/${p.id_producto}` })).json().nombre_producto).toBe(
      'Galletas de 64 bits',
    );

    const cliente = await pyme.request({
      method: 'POST',
      url: '/api/clientes',
      payload: { id_minimarket: donPepe, nombre: 'Vecina Grande' },
    });
    expect(cliente.statusCode).toBe(201);
    const { id_cliente } = cliente.json();
    expect(id_cliente).toBeGreaterThan(INICIO);

    const vender = () =>
      pyme.request({
        method: 'POST',
        url: '/api/ventas/',
        payload: {
          id_minimarket: donPepe,
          total: 3000,
          metodo_pago: 'Fiado',
          id_cliente,
          detalles: [{ id_producto: p.id_producto, num_unidades: 3, precio_unitario: 1000, subtotal: 3000 }],
        },
      });
    const venta = await vender();
    expect(venta.statusCode).toBe(201);
    const { id_venta, detalles } = venta.json();
    expect(venta.json()).toMatchObject({ id_turno, id_cliente });
    expect(id_venta).toBeGreaterThan(INICIO);
    expect(detalles[0].id_detalle_venta).toBeGreaterThan(INICIO);
    const leida = (await pyme.request({ method: 'GET', url: `/api/ventas/${id_venta}` })).json();
    expect(leida.detalles[0]).toMatchObject({ id_detalle_venta: detalles[0].id_detalle_venta, id_producto: p.id_producto });
    const movimiento = await ctx.db.movimientoStock.findFirstOrThrow({ where: { id_minimarket: donPepe, id_venta } });
    expect(movimiento.id_movimiento).toBeGreaterThan(INICIO);

    const devolucion = await pyme.request({
      method: 'POST',
      url: `/api/ventas/${id_venta}/devoluciones`,
      payload: { motivo: 'Vencido', detalles: [{ id_producto: p.id_producto, num_unidades: 1 }] },
    });
    expect(devolucion.statusCode).toBe(201);
    expect(devolucion.json().id_devolucion).toBeGreaterThan(INICIO);
    const otra = (await vender()).json();
    const anulada = await pyme.request({
      method: 'POST',
      url: `/api/ventas/${otra.id_venta}/anulacion`,
      payload: { motivo: 'Error de digitación' },
    });
    expect(anulada.statusCode).toBe(200);
    expect(anulada.json().estado_venta).toBe('Anulada');
    // The libreta: 3.000 − 1.000 returned; the voided sale owes nothing.
    const cuenta = (await pyme.request({ method: 'GET', url: `/api/clientes/${id_cliente}` })).json();
    expect(cuenta.saldo).toBe(2000);
    expect((await ctx.db.producto.findFirstOrThrow({ where: { id_producto: p.id_producto } })).stock).toBe(8);

    const caja = await pyme.request({
      method: 'POST',
      url: `/api/caja/turnos/${id_turno}/movimientos`,
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
    const fila = await ctx.db.notificacion.findFirstOrThrow({ where: { id_notificacion: aviso.id_notificacion } });
    expect(fila.leida).toBe(true);

    const grande = await admin.request({ method: 'POST', url: '/api/notificaciones/9007199254740993/leer' });
    expect(grande.statusCode).toBe(422);
    expect(grande.json().detail).toContain('El número es demasiado grande.');
  });

  it('an upload: its record, its rejected rows and their download by the upload’s id', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const { id_usuario } = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme.correo } });
    const archivo = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'cargas', 'productos-excel-chile.csv'));
    const { carga } = await importar(
      pyme,
      { id_minimarket: donPepe, id_usuario, upload_type: 'productos' },
      'productos-excel-chile.csv',
      archivo,
    );
    expect(carga.id_archivo).toBeGreaterThan(INICIO);
    expect(carga.estado_procesamiento).toBe('Con errores');
    const rechazadas = await ctx.db.filaRechazada.findMany({ where: { id_minimarket: donPepe, id_archivo: carga.id_archivo } });
    expect(rechazadas.length).toBe(5);
    expect(rechazadas.every((f) => f.id_fila_rechazada > INICIO)).toBe(true);
    const descarga = await pyme.request({ method: 'GET', url: `/api/upload/history/${donPepe}/${carga.id_archivo}/rechazados.csv` });
    expect(descarga.statusCode).toBe(200);
    expect(descarga.body).toContain('motivo');
  });
});
