// Cashiers and PINs (issue 31, docs/cajeros.md): the owner creates, renames, deactivates and deletes
// a shop's cashiers; a PIN switches who sells at a shared till; guesses are throttled in PostgreSQL
// (shared by replicas: test/pin-limites.test.ts); a deactivated cashier's open session is refused at once, on any replica.
import { MENSAJE_PIN_DUPLICADO, MENSAJE_PIN_INCORRECTO, MENSAJE_PIN_INVALIDO } from '@minimarket/contracts/cajeros';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestContext, DEMO, nuevoProducto, type TestContext } from './helpers.js';

let ctx: TestContext;
let donPepe: number;
let laEsquina: number;
let dueno: Awaited<ReturnType<TestContext['as']>>;
let dueno2: Awaited<ReturnType<TestContext['as']>>;
let admin: Awaited<ReturnType<TestContext['as']>>;
const PIN_DUENO = '4321';

beforeAll(async () => {
  // The wrong PINs these tests type never reach a limit (test/pin-limites.test.ts is about those).
  ctx = await createTestContext({ PIN_MAX_FAILURES_PER_SHOP: '100', PIN_MAX_FAILURES_PER_USER: '100' });
  donPepe = await ctx.shopOf(DEMO.pyme.correo);
  laEsquina = await ctx.shopOf(DEMO.pyme2.correo);
  [dueno, dueno2, admin] = await Promise.all([ctx.as(DEMO.pyme), ctx.as(DEMO.pyme2), ctx.as(DEMO.admin)]);
  const pin = await dueno.request({ method: 'PUT', url: '/api/auth/pin', payload: { pin: PIN_DUENO, contrasena: DEMO.pyme.password } });
  expect(pin.statusCode, pin.body).toBe(204);
});
afterAll(() => ctx.close());

/** A session of whoever this PIN is at the shop, asked with `quien`'s session. */
async function conPin(quien: { token: string }, idMinimarket: number, pin: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/pin',
    headers: { authorization: `Bearer ${quien.token}` },
    payload: { id_minimarket: idMinimarket, pin },
  });
}

const llamar = (token: string, method: string, url: string, payload?: unknown) =>
  ctx.app.inject({ method: method as 'GET', url, payload: payload as string, headers: { authorization: `Bearer ${token}` } });

let secuencia = 0;
async function nuevoCajero(idMinimarket = donPepe, extra: Record<string, unknown> = {}, quien = dueno) {
  secuencia += 1;
  const pin = String(500000 + secuencia * 37);
  const res = await quien.request({
    method: 'POST',
    url: `/api/minimarkets/${idMinimarket}/cajeros`,
    payload: { nombre: `Cajero ${secuencia}`, pin, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json() as { id_usuario: number; nombre: string }), pin };
}

describe('the shop owner manages its cashiers', () => {
  it('creates one with a PIN, lists it, renames it and changes its PIN; every change is in the audit trail', async () => {
    const res = await dueno.request({
      method: 'POST',
      url: `/api/minimarkets/${donPepe}/cajeros`,
      payload: { nombre: 'Ana Rojas', pin: '0912' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const ana = res.json();
    expect(ana).toMatchObject({ nombre: 'Ana Rojas', rol: 'cajero', id_minimarket: donPepe, activo: true, correo: null });
    expect(ana).not.toHaveProperty('pin');
    const lista = (await dueno.request({ method: 'GET', url: `/api/minimarkets/${donPepe}/cajeros` })).json();
    expect(lista.cajeros.map((c: { id_usuario: number }) => c.id_usuario)).toContain(ana.id_usuario);
    expect(lista.total).toBe(lista.cajeros.length);

    const cambio = await dueno.request({
      method: 'PATCH',
      url: `/api/minimarkets/${donPepe}/cajeros/${ana.id_usuario}`,
      payload: { nombre: 'Ana María Rojas', pin: '0913' },
    });
    expect(cambio.statusCode, cambio.body).toBe(200);
    expect(cambio.json().nombre).toBe('Ana María Rojas');
    // The old PIN opens nothing; the new one is Ana.
    expect((await conPin(dueno, donPepe, '0912')).statusCode).toBe(401);
    const sesion = await conPin(dueno, donPepe, '0913');
    expect(sesion.statusCode, sesion.body).toBe(200);
    expect(sesion.json().usuario).toEqual({ id_usuario: ana.id_usuario, nombre: 'Ana María Rojas', rol: 'cajero' });

    // The PIN is stored keyed (HMAC), never as typed.
    const fila = await ctx.db.pinTienda.findUniqueOrThrow({
      where: { id_minimarket_id_usuario: { id_minimarket: donPepe, id_usuario: ana.id_usuario } },
    });
    expect(fila.huella).toMatch(/^[0-9a-f]{64}$/);
    expect(fila.huella).not.toContain('0913');

    const auditoria = (await dueno.request({ method: 'GET', url: `/api/auditoria?id_minimarket=${donPepe}&limit=50` })).json();
    const detalles = auditoria.entradas.map((e: { accion: string; detalle: string }) => `${e.accion}: ${e.detalle}`);
    expect(detalles).toContain('cajero_creado: Creó al cajero Ana Rojas.');
    expect(detalles).toContain('cajero_modificado: Cajero Ana María Rojas: nombre «Ana Rojas» → «Ana María Rojas», PIN cambiado.');
  });

  it('refuses a PIN that is not 4 to 6 digits, and one another person of the shop has (the owner included)', async () => {
    for (const pin of ['123', '1234567', '12a4', '', 1234]) {
      const res = await dueno.request({ method: 'POST', url: `/api/minimarkets/${donPepe}/cajeros`, payload: { nombre: 'X', pin } });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe(MENSAJE_PIN_INVALIDO);
    }
    const uno = await nuevoCajero();
    const repetido = await dueno.request({
      method: 'POST',
      url: `/api/minimarkets/${donPepe}/cajeros`,
      payload: { nombre: 'Y', pin: uno.pin },
    });
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json()).toMatchObject({ code: 'PIN_TAKEN', detail: MENSAJE_PIN_DUPLICADO });
    const comoDueno = await dueno.request({
      method: 'POST',
      url: `/api/minimarkets/${donPepe}/cajeros`,
      payload: { nombre: 'Z', pin: PIN_DUENO },
    });
    expect(comoDueno.statusCode).toBe(409);
    // The same PIN in another shop is another shop's business.
    const otraTienda = await dueno2.request({
      method: 'POST',
      url: `/api/minimarkets/${laEsquina}/cajeros`,
      payload: { nombre: 'W', pin: uno.pin },
    });
    expect(otraTienda.statusCode, otraTienda.body).toBe(201);
  });

  it("another shop's owner cannot see or touch them; an administrador can for any shop", async () => {
    const c = await nuevoCajero();
    expect((await dueno2.request({ method: 'GET', url: `/api/minimarkets/${donPepe}/cajeros` })).statusCode).toBe(403);
    const ajeno = await dueno2.request({
      method: 'PATCH',
      url: `/api/minimarkets/${donPepe}/cajeros/${c.id_usuario}`,
      payload: { activo: false },
    });
    expect(ajeno.statusCode).toBe(403);
    // Addressed through its own shop, a cashier of another shop does not exist.
    const cruzado = await dueno2.request({
      method: 'PATCH',
      url: `/api/minimarkets/${laEsquina}/cajeros/${c.id_usuario}`,
      payload: { activo: false },
    });
    expect(cruzado.statusCode).toBe(404);
    expect((await ctx.db.usuario.findUniqueOrThrow({ where: { id_usuario: c.id_usuario } })).estado).toBe('activo');
    const porAdmin = await nuevoCajero(laEsquina, {}, admin);
    expect(porAdmin).toMatchObject({ id_minimarket: laEsquina });
  });

  it('a cashier with an e-mail and password signs in from another device; removing them leaves the PIN only', async () => {
    const c = await nuevoCajero(donPepe, { correo: 'Cajera.Uno@Demo.cl', contrasena: 'Caja2026x' });
    expect(c).toMatchObject({ correo: 'cajera.uno@demo.cl' });
    const token = await ctx.login({ correo: 'cajera.uno@demo.cl', password: 'Caja2026x' });
    const me = (await llamar(token, 'GET', '/api/users/me')).json();
    expect(me).toMatchObject({ rol: 'cajero', minimarkets: [{ id_minimarket: donPepe }], tiene_pin: true });
    const sinCorreo = await dueno.request({
      method: 'PATCH',
      url: `/api/minimarkets/${donPepe}/cajeros/${c.id_usuario}`,
      payload: { correo: null },
    });
    expect(sinCorreo.statusCode, sinCorreo.body).toBe(200);
    // Its e-mail session ended with the password it no longer has.
    expect((await llamar(token, 'GET', '/api/users/me')).statusCode).toBe(401);
    // One without the other is refused.
    const soloCorreo = await dueno.request({
      method: 'PATCH',
      url: `/api/minimarkets/${donPepe}/cajeros/${c.id_usuario}`,
      payload: { correo: 'x@demo.cl' },
    });
    expect(soloCorreo.statusCode).toBe(422);
    // Cashiers are not accounts of /usuarios.
    expect((await admin.request({ method: 'GET', url: `/api/users/${c.id_usuario}` })).statusCode).toBe(404);
    const usuarios = (await admin.request({ method: 'GET', url: '/api/users?size=100' })).json();
    expect(usuarios.users.every((u: { rol: string }) => u.rol !== 'cajero')).toBe(true);
  });

  it('deletes one that never sold; one with a sale is refused with 409 and must be deactivated', async () => {
    const nuevo = await nuevoCajero();
    const borrado = await dueno.request({ method: 'DELETE', url: `/api/minimarkets/${donPepe}/cajeros/${nuevo.id_usuario}` });
    expect(borrado.statusCode, borrado.body).toBe(204);
    expect(await ctx.db.usuario.findUnique({ where: { id_usuario: nuevo.id_usuario } })).toBeNull();

    const vendedor = await nuevoCajero();
    const token = (await conPin(dueno, donPepe, vendedor.pin)).json().access_token as string;
    const p = await nuevoProducto(dueno, donPepe, { precio_venta: 800 });
    const venta = await llamar(token, 'POST', '/api/ventas/', {
      id_minimarket: donPepe,
      total: 800,
      metodo_pago: 'Tarjeta de Débito',
      detalles: [{ id_producto: p.id_producto, num_unidades: 1, precio_unitario: 800, subtotal: 800 }],
    });
    expect(venta.statusCode, venta.body).toBe(201);
    expect(venta.json()).toMatchObject({ id_vendedor: vendedor.id_usuario, nombre_vendedor: vendedor.nombre });
    const conVentas = await dueno.request({ method: 'DELETE', url: `/api/minimarkets/${donPepe}/cajeros/${vendedor.id_usuario}` });
    expect(conVentas.statusCode).toBe(409);
    expect(conVentas.json().code).toBe('CASHIER_HAS_HISTORY');
    expect(await ctx.db.usuario.findUnique({ where: { id_usuario: vendedor.id_usuario } })).not.toBeNull();
  });
});

describe('the shared till: who sells now, by PIN', () => {
  it("switches to the person whose PIN it is, with the bearer of anyone of the shop; never another shop's", async () => {
    const a = await nuevoCajero();
    const b = await nuevoCajero();
    const comoA = await conPin(dueno, donPepe, a.pin);
    expect(comoA.statusCode, comoA.body).toBe(200);
    expect(comoA.json()).toMatchObject({ token_type: 'bearer', usuario: { id_usuario: a.id_usuario, rol: 'cajero' } });
    // A's session hands the till to B, and B's back to the owner.
    const comoB = await conPin({ token: comoA.json().access_token }, donPepe, b.pin);
    expect(comoB.json().usuario.id_usuario).toBe(b.id_usuario);
    const deVuelta = await conPin({ token: comoB.json().access_token }, donPepe, PIN_DUENO);
    expect(deVuelta.json().usuario).toMatchObject({ rol: 'pyme' });
    // The session of another shop's owner cannot ask about this shop, nor an administrador (not of a shop).
    expect((await conPin(dueno2, donPepe, a.pin)).statusCode).toBe(403);
    expect((await conPin(admin, donPepe, a.pin)).statusCode).toBe(403);
    // This shop's PIN means nothing at another shop.
    expect((await conPin(dueno2, laEsquina, a.pin)).statusCode).toBe(401);
  });

  it('a wrong PIN is 401 in Spanish and goes to the audit trail', async () => {
    const res = await conPin(dueno, donPepe, '999999');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'PIN_INCORRECTO', detail: MENSAJE_PIN_INCORRECTO });
    const auditoria = (await dueno.request({ method: 'GET', url: `/api/auditoria?id_minimarket=${donPepe}&accion=pin_rechazado` })).json();
    expect(auditoria.entradas[0]).toMatchObject({ accion: 'pin_rechazado', detalle: 'PIN incorrecto al cambiar de cajero.' });
  });

  it("a deactivated cashier's open session is refused at once, on another replica too; reactivated, its PIN works again", async () => {
    const c = await nuevoCajero();
    const token = (await conPin(dueno, donPepe, c.pin)).json().access_token as string;
    const otra = await buildTestApp(ctx.databaseUrl, ctx.db);
    try {
      const me = (app: typeof ctx.app) =>
        app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
      expect((await me(ctx.app)).statusCode).toBe(200);
      expect((await me(otra)).statusCode).toBe(200);
      const baja = await dueno.request({
        method: 'PATCH',
        url: `/api/minimarkets/${donPepe}/cajeros/${c.id_usuario}`,
        payload: { activo: false },
      });
      expect(baja.statusCode, baja.body).toBe(200);
      expect(baja.json().activo).toBe(false);
      expect((await me(ctx.app)).statusCode).toBe(401);
      expect((await me(otra)).statusCode).toBe(401);
      // Its PIN opens nothing while it is inactive.
      expect((await conPin(dueno, donPepe, c.pin)).statusCode).toBe(401);
      await dueno.request({ method: 'PATCH', url: `/api/minimarkets/${donPepe}/cajeros/${c.id_usuario}`, payload: { activo: true } });
      expect((await conPin(dueno, donPepe, c.pin)).statusCode).toBe(200);
    } finally {
      await otra.close();
    }
  });

  it('the owner sets their PIN with their password; a wrong password or a cashier is refused', async () => {
    const mal = await dueno2.request({ method: 'PUT', url: '/api/auth/pin', payload: { pin: '7777', contrasena: 'Otra1234' } });
    expect(mal.statusCode).toBe(422);
    expect(await ctx.db.pinTienda.count({ where: { id_minimarket: laEsquina, usuario: { rol: 'pyme' } } })).toBe(0);
    const c = await nuevoCajero();
    const token = (await conPin(dueno, donPepe, c.pin)).json().access_token as string;
    const cajero = await llamar(token, 'PUT', '/api/auth/pin', { pin: '8888', contrasena: 'x' });
    expect(cajero.statusCode).toBe(403);
  });
});

describe('what a cashier reads', () => {
  it('sees stock and sale prices, never purchase costs; a blind shift; Badito gives only their own sales today', async () => {
    const c = await nuevoCajero();
    const token = (await conPin(dueno, donPepe, c.pin)).json().access_token as string;
    const p = await nuevoProducto(dueno, donPepe, { precio_venta: 1500, precio_compra: 900 });
    const deCajero = (await llamar(token, 'GET', `/api/productos/${p.id_producto}`)).json();
    expect(deCajero).toMatchObject({ precio_venta_actual: 1500, precio_compra_actual: null, stock: 1000 });
    const respuestaLista = await llamar(
      token,
      'GET',
      `/api/productos/?id_minimarket=${donPepe}&search=${encodeURIComponent(p.nombre_producto)}`,
    );
    expect(respuestaLista.statusCode, respuestaLista.body).toBe(200);
    const lista = respuestaLista.json();
    expect(lista[0]).toMatchObject({ id_producto: p.id_producto, precio_compra_actual: null });
    expect((await dueno.request({ method: 'GET', url: `/api/productos/${p.id_producto}` })).json().precio_compra_actual).toBe(900);

    // A shift: the cashier opens it, sells in cash, and sees no figure the expected cash comes from.
    const abierto = await llamar(token, 'POST', '/api/caja/turnos', { id_minimarket: donPepe, monto_inicial: 10000 });
    expect(abierto.statusCode, abierto.body).toBe(201);
    const venta = await llamar(token, 'POST', '/api/ventas/', {
      id_minimarket: donPepe,
      total: 3000,
      metodo_pago: 'Efectivo',
      monto_recibido: 5000,
      detalles: [{ id_producto: p.id_producto, num_unidades: 2, precio_unitario: 1500, subtotal: 3000 }],
    });
    expect(venta.statusCode, venta.body).toBe(201);
    const x = (await llamar(token, 'GET', `/api/caja/turnos/actual?id_minimarket=${donPepe}`)).json();
    expect(x).toMatchObject({ ventas: 1, esperado_efectivo: null, ventas_efectivo: null, total_ventas: null, diferencia: null });
    expect(x.por_metodo_pago).toEqual([{ metodo_pago: 'Efectivo', ventas: 1, total: null }]);
    expect(x.por_vendedor).toEqual([{ id_usuario: c.id_usuario, nombre: c.nombre, ventas: 1, total: null }]);
    // The owner reads the same shift whole.
    const delDueno = (await dueno.request({ method: 'GET', url: `/api/caja/turnos/actual?id_minimarket=${donPepe}` })).json();
    expect(delDueno).toMatchObject({ esperado_efectivo: 13000, ventas_efectivo: 3000 });
    expect(delDueno.por_vendedor).toEqual([{ id_usuario: c.id_usuario, nombre: c.nombre, ventas: 1, total: 3000 }]);
    // The cashier counts $12.500 and closes: recorded whole, read back blind, with who counted.
    const cierre = await llamar(token, 'POST', `/api/caja/turnos/${x.id_turno}/cierre`, { monto_contado: 12500 });
    expect(cierre.statusCode, cierre.body).toBe(200);
    expect(cierre.json()).toMatchObject({
      monto_contado: 12500,
      diferencia: null,
      esperado_efectivo: null,
      nombre_usuario_cierre: c.nombre,
    });
    const historial = (await dueno.request({ method: 'GET', url: `/api/caja/turnos?id_minimarket=${donPepe}` })).json();
    expect(historial[0]).toMatchObject({
      id_turno: x.id_turno,
      diferencia: -500,
      esperado_efectivo: 13000,
      nombre_usuario_cierre: c.nombre,
    });
    expect((await llamar(token, 'GET', `/api/caja/turnos?id_minimarket=${donPepe}`)).statusCode).toBe(403);

    const badito = async (mensaje: string) => (await llamar(token, 'POST', '/api/badito', { mensaje, id_minimarket: donPepe })).json();
    expect((await badito('¿cuánto he vendido hoy?')).respuesta).toBe('Hoy llevas 1 venta por $3.000 en total.');
    for (const pregunta of ['¿cuánto vendí este mes?', '¿cuál es el producto más vendido de la semana?', '¿cuánto me deben en fiado?']) {
      expect((await badito(pregunta)).respuesta, pregunta).toMatch(/^Esa cifra es solo para el dueño de la tienda\./);
    }
  });
});
