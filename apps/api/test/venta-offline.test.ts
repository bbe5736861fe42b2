// A sale made at the counter with no connection and sent later from the device's outbox (issue 22,
// docs/offline.md «El servidor»): its own time and shift, what was sold recorded as a fact (stock to
// 0 and the shortfall in the ledger, the price charged honoured), and exactly once by its key.
import {
  MENSAJE_OFFLINE_ANTIGUA,
  MENSAJE_OFFLINE_CLIENTE_NO_ENCONTRADO,
  MENSAJE_OFFLINE_PRODUCTO_NO_ENCONTRADO,
  MENSAJE_OFFLINE_FUTURA,
  MENSAJE_OFFLINE_SIN_CLAVE,
  MENSAJE_OFFLINE_SIN_FECHA,
} from '@minimarket/contracts/ventas';
import { describe, expect, it } from 'vitest';
import { diaLocal } from '../src/lib/tiempo.js';
import { importar } from './cargas-helpers.js';
import { conTiendasDemo, DEMO, productoEnTabla, type TestContext } from './helpers.js';

let ctx: TestContext;
let donPepe: number;
let laEsquina: number;
conTiendasDemo((t) => ({ ctx, donPepe, laEsquina } = t));

// One login per account for the whole file (logins are throttled).
const sesiones = new Map<string, Promise<Awaited<ReturnType<TestContext['as']>>>>();
const como = (cuenta: (typeof DEMO)['pyme'] | (typeof DEMO)['pyme2']) => {
  if (!sesiones.has(cuenta.correo)) sesiones.set(cuenta.correo, ctx.as(cuenta));
  return sesiones.get(cuenta.correo)!;
};

const MINUTO = 60_000;
const hace = (minutos: number) => new Date(Date.now() - minutos * MINUTO);

let secuencia = 0;
async function producto(stock: number, precio = 1000, idMinimarket = donPepe) {
  secuencia += 1;
  return productoEnTabla(ctx.db, idMinimarket, {
    nombre: `Producto offline ${secuencia}`,
    codigo: `TEST-OFFLINE-${secuencia}`,
    precio,
    costo: Math.floor(precio / 2),
    stock,
  });
}

type Linea = { id_producto: number; unidades: number; precio: number };

function venta(lineas: Linea[], extra: Record<string, unknown> = {}) {
  const detalles = lineas.map((l) => ({
    id_producto: l.id_producto,
    num_unidades: l.unidades,
    precio_unitario: l.precio,
    subtotal: l.precio * l.unidades,
  }));
  return {
    id_minimarket: donPepe,
    total: detalles.reduce((s, d) => s + d.subtotal, 0),
    metodo_pago: 'Efectivo',
    detalles,
    ...extra,
  };
}

/** An offline sale as the outbox sends it: its own time, the device's reference and key. */
async function enviarOffline(
  lineas: Linea[],
  o: { clave: string | null; fecha?: Date | string; referencia?: string; extra?: Record<string, unknown> },
) {
  const api = await como(DEMO.pyme);
  const fecha = o.fecha instanceof Date ? o.fecha.toISOString() : (o.fecha ?? hace(10).toISOString());
  return api.request({
    method: 'POST',
    url: '/api/ventas/',
    payload: venta(lineas, {
      origen: 'offline',
      fecha_venta: fecha,
      ...(o.referencia ? { referencia_local: o.referencia } : {}),
      ...o.extra,
    }),
    headers: o.clave ? { 'idempotency-key': o.clave } : {},
  });
}

const stockDe = async (id: number) => (await ctx.db.producto.findFirstOrThrow({ where: { id_producto: id } })).stock;
const libroDe = (id: number) => ctx.db.movimientoStock.findMany({ where: { id_producto: id }, orderBy: { id_movimiento: 'asc' } });

describe('POST /api/ventas/ with origen offline', () => {
  it("keeps the sale's own time and joins the shift open then, even one closed since; none then, none", async () => {
    // Written straight to the table (a shift in the past): its shop number by hand, out of the way of
    // the ones the API gives (the shop's highest plus one).
    const turno = await ctx.db.turnoCaja.create({
      data: {
        id_minimarket: donPepe,
        numero_turno: 9001,
        monto_inicial: 10_000,
        abierto_en: hace(180),
        cerrado_en: hace(120),
        monto_contado: 10_000,
      },
    });
    const p = await producto(20);
    const cuando = hace(150);
    const res = await enviarOffline([{ id_producto: p.id_producto, unidades: 2, precio: 1000 }], {
      clave: 'dispositivo-1-venta-1',
      // As a device in Chile writes it: local time with its offset.
      fecha: new Date(cuando.getTime() - 3 * 60 * MINUTO).toISOString().replace('Z', '-03:00'),
      referencia: 'C1-0001',
    });
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json();
    expect(v).toMatchObject({ origen: 'offline', referencia_local: 'C1-0001', id_turno: turno.id_turno, total: 2000 });
    expect(new Date(v.fecha_venta).getTime()).toBe(cuando.getTime());
    // The shop's number is given when the sale reaches the server.
    expect(v.numero_venta).toBeGreaterThan(0);
    expect(v.detalles[0].precio_catalogo).toBeNull();
    expect(await stockDe(p.id_producto)).toBe(18);

    // Six days ago, no shift was open: none. It counts on its own day in the analytics at once.
    const seisDias = hace(6 * 24 * 60);
    const api = await como(DEMO.pyme);
    const resumenDe = async () =>
      (
        await api.request({
          method: 'GET',
          url: `/api/analitica/resumen?id_minimarket=${donPepe}&desde=${diaLocal(seisDias)}&hasta=${diaLocal(seisDias)}`,
        })
      ).json() as {
        ventas: number;
        ingresos: number;
      };
    const antesDelDia = await resumenDe();
    const vieja = await enviarOffline([{ id_producto: p.id_producto, unidades: 1, precio: 1000 }], {
      clave: 'dispositivo-1-venta-2',
      fecha: seisDias,
    });
    expect(vieja.statusCode, vieja.body).toBe(201);
    expect(vieja.json().id_turno).toBeNull();
    expect(await resumenDe()).toMatchObject({ ventas: antesDelDia.ventas + 1, ingresos: antesDelDia.ingresos + 1000 });

    // A shift still open: a sale made offline after it opened joins it; a counter sale too.
    const abierto = await ctx.db.turnoCaja.create({
      data: { id_minimarket: donPepe, numero_turno: 9002, monto_inicial: 5000, abierto_en: hace(30) },
    });
    try {
      const dentro = await enviarOffline([{ id_producto: p.id_producto, unidades: 1, precio: 1000 }], {
        clave: 'dispositivo-1-venta-3',
        fecha: hace(5),
      });
      expect(dentro.json().id_turno).toBe(abierto.id_turno);
      // Before it opened (and after the other closed): none, though a shift is open now.
      const antes = await enviarOffline([{ id_producto: p.id_producto, unidades: 1, precio: 1000 }], {
        clave: 'dispositivo-1-venta-4',
        fecha: hace(60),
      });
      expect(antes.json().id_turno).toBeNull();
    } finally {
      await ctx.db.turnoCaja.update({
        where: { id_minimarket_id_turno: { id_minimarket: donPepe, id_turno: abierto.id_turno } },
        data: { cerrado_en: new Date(), monto_contado: 5000 },
      });
    }

    // A counter sale is as today: the server's time, origen 'mostrador'.
    const mostrador = await api.request({
      method: 'POST',
      url: '/api/ventas/',
      payload: venta([{ id_producto: p.id_producto, unidades: 1, precio: 1000 }], { fecha_venta: hace(600).toISOString() }),
    });
    expect(mostrador.statusCode).toBe(201);
    expect(mostrador.json()).toMatchObject({ origen: 'mostrador', referencia_local: null });
    expect(Date.now() - new Date(mostrador.json().fecha_venta).getTime()).toBeLessThan(MINUTO);
  });

  it('refuses, changing nothing: a time in the future, older than 7 days, no key, no time', async () => {
    const p = await producto(5);
    const antes = await ctx.db.venta.count();
    const linea = [{ id_producto: p.id_producto, unidades: 1, precio: 1000 }];

    const futura = await enviarOffline(linea, { clave: 'futura-1', fecha: new Date(Date.now() + 10 * MINUTO) });
    expect(futura.statusCode).toBe(422);
    expect(futura.json().detail).toBe(MENSAJE_OFFLINE_FUTURA);

    const antigua = await enviarOffline(linea, { clave: 'antigua-1', fecha: hace(8 * 24 * 60) });
    expect(antigua.statusCode).toBe(422);
    expect(antigua.json().detail).toBe(MENSAJE_OFFLINE_ANTIGUA);

    const sinClave = await enviarOffline(linea, { clave: null });
    expect(sinClave.statusCode).toBe(422);
    expect(sinClave.json().detail).toBe(MENSAJE_OFFLINE_SIN_CLAVE);

    const api = await como(DEMO.pyme);
    const sinFecha = await api.request({
      method: 'POST',
      url: '/api/ventas/',
      payload: venta(linea, { origen: 'offline' }),
      headers: { 'idempotency-key': 'sin-fecha-1' },
    });
    expect(sinFecha.statusCode).toBe(422);
    expect(JSON.stringify(sinFecha.json())).toContain(MENSAJE_OFFLINE_SIN_FECHA);

    expect(await ctx.db.venta.count()).toBe(antes);
    expect(await stockDe(p.id_producto)).toBe(5);

    // A device clock a little ahead (under 5 minutes) is accepted.
    const adelantada = await enviarOffline(linea, { clave: 'adelantada-1', fecha: new Date(Date.now() + 2 * MINUTO) });
    expect(adelantada.statusCode, adelantada.body).toBe(201);
  });

  it('the last units sold online, then an offline sale of them arrives: recorded, stock 0, the shortfall in the ledger, the owner told', async () => {
    const p = await producto(3, 1500);
    const api = await como(DEMO.pyme);
    const online = await api.request({
      method: 'POST',
      url: '/api/ventas/',
      payload: venta([{ id_producto: p.id_producto, unidades: 3, precio: 1500 }]),
    });
    expect(online.statusCode).toBe(201);
    expect(await stockDe(p.id_producto)).toBe(0);

    const res = await enviarOffline([{ id_producto: p.id_producto, unidades: 2, precio: 1500 }], {
      clave: 'faltante-1',
      referencia: 'C2-0007',
    });
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json();
    expect(await stockDe(p.id_producto)).toBe(0);
    // The ledger: the online sale, then the shortfall brought to the books and the sale taking it.
    const libro = await libroDe(p.id_producto);
    expect(libro.map((m) => [m.tipo, m.cantidad, m.stock_resultante, m.id_venta])).toEqual([
      ['venta', -3, 0, online.json().id_venta],
      ['faltante', 2, 2, v.id_venta],
      ['venta', -2, 0, v.id_venta],
    ]);
    expect(libro[1]!.motivo).toContain('Vendido sin conexión sin stock: contar el producto');
    // The ledger adds up to the stock.
    expect(3 + libro.reduce((s, m) => s + m.cantidad, 0)).toBe(0);

    const avisos = await ctx.db.notificacion.findMany({
      where: { tipo: 'faltante_offline', descripcion: { contains: p.nombre_producto } },
    });
    expect(avisos.map((a) => a.descripcion)).toEqual([
      `Se vendieron 2 unidades de "${p.nombre_producto}" sin stock mientras la caja estaba sin conexión: cuéntalo.`,
    ]);

    // The same sale sent again (its answer lost): 200 with the same sale, no second notice or movement.
    const otra = await enviarOffline([{ id_producto: p.id_producto, unidades: 2, precio: 1500 }], {
      clave: 'faltante-1',
      referencia: 'C2-0007',
    });
    expect(otra.statusCode).toBe(200);
    expect(otra.json().id_venta).toBe(v.id_venta);
    expect(await ctx.db.notificacion.count({ where: { tipo: 'faltante_offline', descripcion: { contains: p.nombre_producto } } })).toBe(1);
    expect(await libroDe(p.id_producto)).toHaveLength(3);
  });

  it('offline syncs and online sales of one product at once: stock never below 0, the ledger chains and adds up', async () => {
    const inicial = 10;
    const p = await producto(inicial, 700);
    const api = await como(DEMO.pyme);
    const linea = (n: number) => [{ id_producto: p.id_producto, unidades: n, precio: 700 }];
    const resultados = await Promise.all([
      ...Array.from({ length: 10 }, () => api.request({ method: 'POST', url: '/api/ventas/', payload: venta(linea(1)) })),
      ...Array.from({ length: 6 }, (_, i) => enviarOffline(linea(2), { clave: `carrera-${i}`, fecha: hace(20 + i) })),
    ]);
    const online = resultados.slice(0, 10);
    const offline = resultados.slice(10);
    // Every offline sale is recorded; an online one is refused only for want of stock.
    expect(offline.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    for (const r of online) expect([201, 409]).toContain(r.statusCode);
    for (const r of online.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('NOT_ENOUGH_STOCK');
    const vendidasOnline = online.filter((r) => r.statusCode === 201).length;

    const stock = await stockDe(p.id_producto);
    expect(stock).toBeGreaterThanOrEqual(0);
    const libro = await libroDe(p.id_producto);
    // Each row's stock is the one before plus its quantity, from the initial stock; the sum is the change.
    let corriente = inicial;
    for (const m of libro) {
      corriente += m.cantidad;
      expect(m.stock_resultante).toBe(corriente);
      expect(m.stock_resultante).toBeGreaterThanOrEqual(0);
    }
    expect(corriente).toBe(stock);
    const vendidas = vendidasOnline + 12;
    expect(-libro.filter((m) => m.tipo === 'venta').reduce((s, m) => s + m.cantidad, 0)).toBe(vendidas);
    const faltante = libro.filter((m) => m.tipo === 'faltante').reduce((s, m) => s + m.cantidad, 0);
    expect(inicial + faltante - vendidas).toBe(stock);
    const lineas = await ctx.db.detalleVenta.aggregate({ where: { id_producto: p.id_producto }, _sum: { num_unidades: true } });
    expect(lineas._sum.num_unidades).toBe(vendidas);
  });

  it('a price the product never had: charged price honoured, the shelf price kept, the sale flagged once', async () => {
    const cambiado = await producto(10, 1200);
    const igual = await producto(10, 500);
    // The device charged 1.000, a price this product never had (it was created at 1.200): the
    // sale is recorded as sold, with the alert (docs/offline.md «El rastro»; a price it did have
    // lately is test/venta-offline-rastro.test.ts).
    const res = await enviarOffline(
      [
        { id_producto: cambiado.id_producto, unidades: 2, precio: 1000 },
        { id_producto: igual.id_producto, unidades: 1, precio: 500 },
      ],
      { clave: 'precio-1', referencia: 'C1-0042' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json();
    expect(v.total).toBe(2500);
    expect(
      v.detalles.map((d: { precio_unitario: number; precio_catalogo: number | null }) => [d.precio_unitario, d.precio_catalogo]),
    ).toEqual([
      [1000, 1200],
      [500, null],
    ]);
    const avisos = await ctx.db.notificacion.findMany({ where: { tipo: 'venta_offline', descripcion: { contains: 'C1-0042' } } });
    expect(v.alertas).toEqual(['precio_desconocido']);
    expect(avisos.map((a) => a.descripcion)).toEqual([
      `La venta C1-0042 (N° ${v.numero_venta}) de ${v.nombre_vendedor}, sin conexión: se cobró a un precio que el producto no tuvo en los 7 días antes de la venta.`,
    ]);
    // The same cart at the counter (online) is still refused as today.
    const api = await como(DEMO.pyme);
    const online = await api.request({
      method: 'POST',
      url: '/api/ventas/',
      payload: venta([{ id_producto: cambiado.id_producto, unidades: 1, precio: 1000 }]),
    });
    expect(online.statusCode).toBe(409);
    expect(online.json().code).toBe('PRICE_CHANGED');
  });

  it('the same key 20 times at once: one sale, every answer the same sale', async () => {
    const p = await producto(50, 990);
    const antes = await ctx.db.venta.count();
    const linea = [{ id_producto: p.id_producto, unidades: 3, precio: 990 }];
    const fecha = hace(45);
    const resultados = await Promise.all(
      Array.from({ length: 20 }, () => enviarOffline(linea, { clave: 'una-sola-vez', fecha, referencia: 'C3-0100' })),
    );
    for (const r of resultados) expect([200, 201]).toContain(r.statusCode);
    expect(resultados.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(resultados.map((r) => r.json().id_venta)).size).toBe(1);
    expect(await ctx.db.venta.count()).toBe(antes + 1);
    expect(await stockDe(p.id_producto)).toBe(47);

    // Days later (past the 7 days even), the same send still finds its sale: the key never expires.
    await ctx.db.venta.updateMany({ where: { id_venta: resultados[0]!.json().id_venta }, data: { fecha_venta: hace(9 * 24 * 60) } });
    const tarde = await enviarOffline(linea, { clave: 'una-sola-vez', fecha, referencia: 'C3-0100' });
    expect(tarde.statusCode).toBe(200);
    expect(tarde.json().id_venta).toBe(resultados[0]!.json().id_venta);
  });

  it('Transacciones finds an offline sale by its provisional reference, as typed', async () => {
    const p = await producto(5);
    const res = await enviarOffline([{ id_producto: p.id_producto, unidades: 1, precio: 1000 }], {
      clave: 'buscable-1',
      referencia: 'C9-0321',
    });
    expect(res.statusCode).toBe(201);
    const api = await como(DEMO.pyme);
    for (const buscar of ['C9-0321', 'c9-0321', ' C9-0321 ']) {
      const lista = await api.request({ method: 'GET', url: `/api/ventas/?id_minimarket=${donPepe}&search=${encodeURIComponent(buscar)}` });
      expect(lista.statusCode).toBe(200);
      expect(lista.json().sales.map((s: { id_venta: number }) => s.id_venta)).toEqual([res.json().id_venta]);
      expect(lista.json()).toMatchObject({ total: 1, ventas_completadas: 1, monto_total: 1000 });
    }
    // Not in another shop.
    const otro = await (await como(DEMO.pyme2)).request({ method: 'GET', url: `/api/ventas/?id_minimarket=${laEsquina}&search=C9-0321` });
    expect(otro.json().total).toBe(0);
  });

  it("another shop's product is refused and nothing is written", async () => {
    const ajeno = await producto(10, 800, laEsquina);
    const propio = await producto(10, 1000);
    const [ventas, movimientos, notificaciones] = await Promise.all([
      ctx.db.venta.count(),
      ctx.db.movimientoStock.count(),
      ctx.db.notificacion.count(),
    ]);
    const res = await enviarOffline(
      [
        { id_producto: propio.id_producto, unidades: 1, precio: 1000 },
        { id_producto: ajeno.id_producto, unidades: 1, precio: 800 },
      ],
      { clave: 'ajeno-1' },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'PRODUCT_NOT_FOUND', detail: MENSAJE_OFFLINE_PRODUCTO_NO_ENCONTRADO });
    expect(await ctx.db.venta.count()).toBe(ventas);
    expect(await ctx.db.movimientoStock.count()).toBe(movimientos);
    expect(await ctx.db.notificacion.count()).toBe(notificaciones);
    expect(await stockDe(propio.id_producto)).toBe(10);
    expect(await stockDe(ajeno.id_producto)).toBe(10);
  });

  it('a product deactivated and a fiado past the limit meanwhile: recorded, and the fiado flagged', async () => {
    const p = await producto(4, 2000);
    await ctx.db.producto.updateMany({ where: { id_producto: p.id_producto }, data: { estado: 'inactivo' } });
    const api = await como(DEMO.pyme);
    const c = await api.request({
      method: 'POST',
      url: '/api/clientes',
      payload: { id_minimarket: donPepe, nombre: 'Vecina Sin Conexión', limite_credito: 3000 },
    });
    expect(c.statusCode, c.body).toBe(201);
    const res = await enviarOffline([{ id_producto: p.id_producto, unidades: 2, precio: 2000 }], {
      clave: 'fiado-1',
      referencia: 'C1-0050',
      extra: { metodo_pago: 'Fiado', id_cliente: c.json().id_cliente },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await stockDe(p.id_producto)).toBe(2);
    const avisos = await ctx.db.notificacion.findMany({ where: { tipo: 'venta_offline', descripcion: { contains: 'C1-0050' } } });
    expect(avisos.map((a) => a.descripcion)).toEqual([
      `La venta C1-0050 (N° ${res.json().numero_venta}) de ${res.json().nombre_vendedor}, sin conexión: dejó a Vecina Sin Conexión con $4.000 de fiado, sobre su límite de $3.000.`,
    ]);
    expect(res.json().alertas).toEqual(['fiado_sobre_limite']);

    // Another shop's customer: refused, nothing written.
    const ajena = await (
      await como(DEMO.pyme2)
    ).request({
      method: 'POST',
      url: '/api/clientes',
      payload: { id_minimarket: laEsquina, nombre: 'Vecino de La Esquina' },
    });
    expect(ajena.statusCode, ajena.body).toBe(201);
    const antes = await ctx.db.venta.count();
    const rechazada = await enviarOffline([{ id_producto: p.id_producto, unidades: 1, precio: 2000 }], {
      clave: 'fiado-ajeno-1',
      extra: { metodo_pago: 'Fiado', id_cliente: ajena.json().id_cliente },
    });
    expect(rechazada.statusCode).toBe(404);
    expect(rechazada.json()).toEqual({ code: 'CLIENT_NOT_FOUND', detail: MENSAJE_OFFLINE_CLIENTE_NO_ENCONTRADO });
    expect(await ctx.db.venta.count()).toBe(antes);
    expect(await stockDe(p.id_producto)).toBe(2);
  });

  it("an imported sale says it came from a file ('archivo')", async () => {
    const api = await como(DEMO.pyme);
    const p = await producto(10);
    const { id_usuario } = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme.correo } });
    const csv = `id_venta_csv;fecha_venta;metodo_pago;codigo_barra;num_unidades\nARCH-1;2026-10-15 09:12:00;Efectivo;${p.codigo_barra};1\n`;
    const r = await importar(api, { id_minimarket: donPepe, id_usuario, upload_type: 'ventas' }, 'historial.csv', csv);
    expect(r.carga.estado_procesamiento, r.carga.detalle_resultado ?? '').toBe('Completado');
    const lista = await api.request({ method: 'GET', url: `/api/ventas/?id_minimarket=${donPepe}&search=ARCH-1` });
    expect(lista.json().sales).toMatchObject([{ id_venta_csv: 'ARCH-1', origen: 'archivo', referencia_local: null }]);
  });
});
