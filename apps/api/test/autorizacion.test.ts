// The owner's say (issue 31, docs/cajeros.md «La autorización del dueño»): a cashier's void, return,
// cash withdrawal and fiado past the limit go through only with the shop owner's PIN given at that
// moment; without it 403 REQUIERE_AUTORIZACION naming what needs approval, with a wrong one 403, and
// nothing changes either way. Done, the action is recorded with both people.
import { CODIGO_REQUIERE_AUTORIZACION, MENSAJE_AUTORIZACION_INVALIDA, mensajeRequiereAutorizacion } from '@minimarket/contracts/cajeros';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, nuevoProducto, type TestContext } from './helpers.js';

let ctx: TestContext;
let donPepe: number;
let dueno: Awaited<ReturnType<TestContext['as']>>;
let nombreDueno: string;
const PIN_DUENO = '5150';
const cajera = { id_usuario: 0, nombre: 'Marta Soto', pin: '2024', token: '' };

beforeAll(async () => {
  ctx = await createTestContext({ PIN_MAX_FAILURES_PER_SHOP: '100', PIN_MAX_FAILURES_PER_USER: '100' });
  donPepe = await ctx.shopOf(DEMO.pyme.correo);
  dueno = await ctx.as(DEMO.pyme);
  nombreDueno = (await dueno.request({ method: 'GET', url: '/api/users/me' })).json().nombre;
  await dueno.request({ method: 'PUT', url: '/api/auth/pin', payload: { pin: PIN_DUENO, contrasena: DEMO.pyme.password } });
  const c = await dueno.request({
    method: 'POST',
    url: `/api/minimarkets/${donPepe}/cajeros`,
    payload: { nombre: cajera.nombre, pin: cajera.pin },
  });
  cajera.id_usuario = c.json().id_usuario;
  const s = await dueno.request({ method: 'POST', url: '/api/auth/pin', payload: { id_minimarket: donPepe, pin: cajera.pin } });
  cajera.token = s.json().access_token;
});
afterAll(() => ctx.close());

const comoCajera = (method: string, url: string, payload?: unknown) =>
  ctx.app.inject({ method: method as 'POST', url, payload: payload as string, headers: { authorization: `Bearer ${cajera.token}` } });

/** A sale the cashier makes now, paid by debit. */
async function ventaDeCajera(precio = 1200, unidades = 2) {
  const p = await nuevoProducto(dueno, donPepe, { precio_venta: precio });
  const res = await comoCajera('POST', '/api/ventas/', {
    id_minimarket: donPepe,
    total: precio * unidades,
    metodo_pago: 'Tarjeta de Débito',
    detalles: [{ id_producto: p.id_producto, num_unidades: unidades, precio_unitario: precio, subtotal: precio * unidades }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { venta: res.json() as { id_venta: number; numero_venta: number }, producto: p };
}

const stockDe = async (id: number) => (await ctx.db.producto.findFirstOrThrow({ where: { id_producto: id } })).stock;

async function ultimaAuditoria(accion: string) {
  const r = (await dueno.request({ method: 'GET', url: `/api/auditoria?id_minimarket=${donPepe}&accion=${accion}` })).json();
  return r.entradas[0] as {
    id_usuario: number;
    nombre_usuario: string;
    id_autorizador: number | null;
    nombre_autorizador: string | null;
    detalle: string;
  };
}

describe("a cashier's void", () => {
  it("is refused without the owner's PIN, refused with a wrong one, and done with the right one, recorded with both names", async () => {
    const { venta, producto } = await ventaDeCajera();
    const stock = await stockDe(producto.id_producto);

    const sinPin = await comoCajera('POST', `/api/ventas/${venta.id_venta}/anulacion`, { motivo: 'Cliente se arrepintió' });
    expect(sinPin.statusCode).toBe(403);
    expect(sinPin.json()).toEqual({ code: CODIGO_REQUIERE_AUTORIZACION, detail: mensajeRequiereAutorizacion('anulacion') });
    expect(sinPin.json().detail).toBe('Anular una venta requiere la autorización del dueño: pídele que ingrese su PIN.');

    // Her own PIN, and a PIN nobody has: the same refusal.
    for (const pin of [cajera.pin, '0000']) {
      const mal = await comoCajera('POST', `/api/ventas/${venta.id_venta}/anulacion`, {
        motivo: 'Cliente se arrepintió',
        autorizacion: { pin },
      });
      expect(mal.statusCode).toBe(403);
      expect(mal.json()).toEqual({ code: 'AUTORIZACION_INVALIDA', detail: MENSAJE_AUTORIZACION_INVALIDA });
    }
    expect((await ctx.db.venta.findFirstOrThrow({ where: { id_venta: venta.id_venta } })).estado_venta).toBe('Completada');
    expect(await stockDe(producto.id_producto)).toBe(stock);
    const rechazo = await ultimaAuditoria('pin_rechazado');
    expect(rechazo).toMatchObject({ id_usuario: cajera.id_usuario, detalle: 'PIN incorrecto al autorizar: anular una venta.' });

    const bien = await comoCajera('POST', `/api/ventas/${venta.id_venta}/anulacion`, {
      motivo: 'Cliente se arrepintió',
      autorizacion: { pin: PIN_DUENO },
    });
    expect(bien.statusCode, bien.body).toBe(200);
    expect(bien.json().estado_venta).toBe('Anulada');
    expect(await stockDe(producto.id_producto)).toBe(stock + 2);
    const fila = await ctx.db.venta.findFirstOrThrow({ where: { id_venta: venta.id_venta } });
    expect(fila).toMatchObject({
      id_usuario_anulacion: cajera.id_usuario,
      id_autorizador_anulacion: (await ctx.db.minimarket.findUniqueOrThrow({ where: { id_minimarket: donPepe } })).id_usuario,
    });
    expect(await ultimaAuditoria('anulacion')).toMatchObject({
      nombre_usuario: cajera.nombre,
      nombre_autorizador: nombreDueno,
      detalle: `Anuló la venta N° ${venta.numero_venta} ($2.400): Cliente se arrepintió`,
    });
  });

  it('the owner voids without any PIN, and is recorded alone', async () => {
    const { venta } = await ventaDeCajera(700, 1);
    const res = await dueno.request({
      method: 'POST',
      url: `/api/ventas/${venta.id_venta}/anulacion`,
      payload: { motivo: 'Error de cobro' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ultimaAuditoria('anulacion')).toMatchObject({ nombre_usuario: nombreDueno, id_autorizador: null });
  });
});

describe("a cashier's return, withdrawal and fiado past the limit", () => {
  it('a return needs the PIN the same way', async () => {
    const { venta, producto } = await ventaDeCajera(1000, 3);
    const cuerpo = { motivo: 'Venía vencido', detalles: [{ id_producto: producto.id_producto, num_unidades: 1 }] };
    const sinPin = await comoCajera('POST', `/api/ventas/${venta.id_venta}/devoluciones`, cuerpo);
    expect(sinPin.statusCode).toBe(403);
    expect(sinPin.json().detail).toBe(mensajeRequiereAutorizacion('devolucion'));
    expect(await ctx.db.devolucion.count({ where: { id_venta: venta.id_venta } })).toBe(0);
    const bien = await comoCajera('POST', `/api/ventas/${venta.id_venta}/devoluciones`, { ...cuerpo, autorizacion: { pin: PIN_DUENO } });
    expect(bien.statusCode, bien.body).toBe(201);
    expect((await ctx.db.devolucion.findFirstOrThrow({ where: { id_venta: venta.id_venta } })).id_autorizador).not.toBeNull();
    expect(await ultimaAuditoria('devolucion')).toMatchObject({ nombre_usuario: cajera.nombre, nombre_autorizador: nombreDueno });
  });

  it('cash in needs nobody; cash out needs the PIN, and the shift shows who approved it', async () => {
    const abierto = await comoCajera('POST', '/api/caja/turnos', { id_minimarket: donPepe, monto_inicial: 20000 });
    expect(abierto.statusCode, abierto.body).toBe(201);
    const id = abierto.json().id_turno;
    expect(
      (await comoCajera('POST', `/api/caja/turnos/${id}/movimientos`, { tipo: 'ingreso', monto: 5000, motivo: 'Sencillo' })).statusCode,
    ).toBe(201);
    const retiro = { tipo: 'retiro', monto: 8000, motivo: 'Pago al proveedor de pan' };
    const sinPin = await comoCajera('POST', `/api/caja/turnos/${id}/movimientos`, retiro);
    expect(sinPin.statusCode).toBe(403);
    expect(sinPin.json().detail).toBe(mensajeRequiereAutorizacion('retiro_caja'));
    const bien = await comoCajera('POST', `/api/caja/turnos/${id}/movimientos`, { ...retiro, autorizacion: { pin: PIN_DUENO } });
    expect(bien.statusCode, bien.body).toBe(201);
    expect(
      bien
        .json()
        .movimientos.map((m: { tipo: string; nombre_usuario: string; nombre_autorizador: string | null }) => [
          m.tipo,
          m.nombre_usuario,
          m.nombre_autorizador,
        ]),
    ).toEqual([
      ['ingreso', cajera.nombre, null],
      ['retiro', cajera.nombre, nombreDueno],
    ]);
    expect(await ultimaAuditoria('retiro_caja')).toMatchObject({
      detalle: 'Retiró $8.000 de la caja: Pago al proveedor de pan',
      nombre_autorizador: nombreDueno,
    });
    await dueno.request({ method: 'POST', url: `/api/caja/turnos/${id}/cierre`, payload: { monto_contado: 17000 } });
  });

  it("a fiado past the customer's limit: 403 REQUIERE_AUTORIZACION with the limit in words, then approved and recorded", async () => {
    const cliente = await dueno.request({
      method: 'POST',
      url: '/api/clientes',
      payload: { id_minimarket: donPepe, nombre: 'Don Lucho', limite_credito: 3000 },
    });
    expect(cliente.statusCode, cliente.body).toBe(201);
    const p = await nuevoProducto(dueno, donPepe, { precio_venta: 2000 });
    const cuerpo = {
      id_minimarket: donPepe,
      total: 4000,
      metodo_pago: 'Fiado',
      id_cliente: cliente.json().id_cliente,
      detalles: [{ id_producto: p.id_producto, num_unidades: 2, precio_unitario: 2000, subtotal: 4000 }],
    };
    const sinPin = await comoCajera('POST', '/api/ventas/', cuerpo);
    expect(sinPin.statusCode).toBe(403);
    expect(sinPin.json().code).toBe(CODIGO_REQUIERE_AUTORIZACION);
    expect(sinPin.json().detail).toContain('Don Lucho');
    expect(sinPin.json().detail).toContain(mensajeRequiereAutorizacion('fiado_sobre_limite'));
    const mal = await comoCajera('POST', '/api/ventas/', { ...cuerpo, autorizacion: { pin: '1111' } });
    expect(mal.statusCode).toBe(403);
    expect(await ctx.db.venta.count({ where: { id_cliente: cliente.json().id_cliente } })).toBe(0);
    // The owner sells past it only through the customer's limit, as before.
    expect((await dueno.request({ method: 'POST', url: '/api/ventas/', payload: cuerpo })).json().code).toBe('CREDIT_LIMIT');

    const bien = await comoCajera('POST', '/api/ventas/', { ...cuerpo, autorizacion: { pin: PIN_DUENO } });
    expect(bien.statusCode, bien.body).toBe(201);
    expect((await ctx.db.venta.findFirstOrThrow({ where: { id_venta: bien.json().id_venta } })).id_autorizador).not.toBeNull();
    const entrada = await ultimaAuditoria('fiado_sobre_limite');
    expect(entrada).toMatchObject({ nombre_usuario: cajera.nombre, nombre_autorizador: nombreDueno });
    expect(entrada.detalle).toBe(
      `Fió $4.000 a Don Lucho en la venta N° ${bien.json().numero_venta}: queda con $4.000, sobre su límite de $3.000.`,
    );
    // The request's PIN is never kept anywhere (a refused sale keeps its cart, not its approval).
    expect(JSON.stringify(await ctx.db.ventaRechazada.findMany())).not.toContain(PIN_DUENO);
  });

  it('an owner without a PIN cannot approve, and the cashier is told so', async () => {
    const dueno2 = await ctx.as(DEMO.pyme2);
    const laEsquina = await ctx.shopOf(DEMO.pyme2.correo);
    await dueno2.request({ method: 'POST', url: `/api/minimarkets/${laEsquina}/cajeros`, payload: { nombre: 'Pía', pin: '7531' } });
    const token = (
      await dueno2.request({ method: 'POST', url: '/api/auth/pin', payload: { id_minimarket: laEsquina, pin: '7531' } })
    ).json().access_token;
    const p = await nuevoProducto(dueno2, laEsquina, { precio_venta: 500 });
    const v = await ctx.app.inject({
      method: 'POST',
      url: '/api/ventas/',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        id_minimarket: laEsquina,
        total: 500,
        metodo_pago: 'Efectivo',
        detalles: [{ id_producto: p.id_producto, num_unidades: 1, precio_unitario: 500, subtotal: 500 }],
      },
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/ventas/${v.json().id_venta}/anulacion`,
      headers: { authorization: `Bearer ${token}` },
      payload: { motivo: 'x', autorizacion: { pin: '1234' } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('DUENO_SIN_PIN');
  });
});
