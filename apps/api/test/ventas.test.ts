import { describe, expect, it } from 'vitest';
import { conTiendasDemo, DEMO, pedidoVentaDe, productoEnTabla, type TestContext } from './helpers.js';

let ctx: TestContext;
let donPepe: number;
let laEsquina: number;
conTiendasDemo((t) => ({ ctx, donPepe, laEsquina } = t));

let barcodeSeq = 0;
async function productoCon(stock: number, precio = 1990, idMinimarket = donPepe) {
  barcodeSeq += 1;
  return productoEnTabla(ctx.db, idMinimarket, {
    nombre: `Producto de prueba ${barcodeSeq}`,
    codigo: `TEST-VENTA-${barcodeSeq}`,
    precio,
    costo: Math.floor(precio / 2),
    stock,
  });
}

function ventaDe(p: { id_producto: number; precio_venta_actual: number; nombre_producto: string }, unidades = 1, idMinimarket = donPepe) {
  const subtotal = p.precio_venta_actual * unidades;
  return {
    id_minimarket: idMinimarket,
    fecha_venta: new Date().toISOString(),
    total: subtotal,
    metodo_pago: 'Efectivo',
    estado_venta: 'Completada',
    detalles: [
      {
        id_producto: p.id_producto,
        num_unidades: unidades,
        precio_unitario: p.precio_venta_actual,
        subtotal,
        nombre_producto: p.nombre_producto,
      },
    ],
  };
}

const contarVentas = () => ctx.db.venta.count();

describe('POST /api/ventas/', () => {
  it('records the sale, takes the stock and writes the ledger in one go', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const a = await productoCon(10, 1990);
    const b = await productoCon(3, 850);
    const payload = {
      id_minimarket: donPepe,
      total: 1990 * 2 + 850 * 3,
      metodo_pago: 'Tarjeta de Débito',
      detalles: [
        { id_producto: a.id_producto, num_unidades: 2, precio_unitario: 1990, subtotal: 3980, nombre_producto: a.nombre_producto },
        { id_producto: b.id_producto, num_unidades: 3, precio_unitario: 850, subtotal: 2550, nombre_producto: b.nombre_producto },
      ],
    };
    const res = await pyme.request({ method: 'POST', url: '/api/ventas/', payload });
    expect(res.statusCode).toBe(201);
    const venta = res.json();
    expect(venta).toMatchObject({ id_minimarket: donPepe, total: 6530, metodo_pago: 'Tarjeta de Débito', estado_venta: 'Completada' });
    expect(venta.detalles).toHaveLength(2);

    expect((await ctx.db.producto.findFirstOrThrow({ where: { id_producto: a.id_producto } })).stock).toBe(8);
    expect((await ctx.db.producto.findFirstOrThrow({ where: { id_producto: b.id_producto } })).stock).toBe(0);
    const ledger = await ctx.db.movimientoStock.findMany({ where: { id_venta: venta.id_venta }, orderBy: { id_producto: 'asc' } });
    expect(ledger.map((m) => [m.tipo, m.cantidad, m.stock_resultante])).toEqual([
      ['venta', -2, 8],
      ['venta', -3, 0],
    ]);
    // b ran out: its owner is told.
    const avisos = await ctx.db.notificacion.findMany({ where: { tipo: 'agotado', descripcion: { contains: b.nombre_producto } } });
    expect(avisos).toHaveLength(1);
    // Its 'Ver detalle' opens the inventory on that product.
    expect(avisos[0]!.url_accion).toBe(`/pos/buscar-producto?producto=${b.id_producto}`);
  });

  it("each line keeps what the product cost when it was sold; a later cost change leaves the sale's margin as it was", async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const conCosto = await productoCon(10, 2000); // precio_compra_actual 1000
    const otro = await productoCon(10, 500);
    const sinCosto = await ctx.db.producto.update({
      where: { id_minimarket_id_producto: { id_minimarket: otro.id_minimarket, id_producto: otro.id_producto } },
      data: { precio_compra_actual: null },
    });
    const res = await pyme.request(
      pedidoVentaDe(donPepe, [
        { id_producto: conCosto.id_producto, precio: 2000, n: 1 },
        { id_producto: sinCosto.id_producto, precio: 500, n: 1 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    await ctx.db.producto.updateMany({ where: { id_producto: conCosto.id_producto }, data: { precio_compra_actual: 1500 } });
    const lineas = await ctx.db.detalleVenta.findMany({ where: { id_venta: res.json().id_venta }, orderBy: { id_detalle_venta: 'asc' } });
    expect(lineas.map((l) => l.costo_unitario)).toEqual([1000, null]);
  });

  it('20 cashiers selling the last 5 units at once: exactly 5 sales, stock 0, 15 refusals with the stock message', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await productoCon(5, 1200);
    const antes = await contarVentas();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => pyme.request({ method: 'POST', url: '/api/ventas/', payload: ventaDe(p) })),
    );
    const ok = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.json().code).toBe('NOT_ENOUGH_STOCK');
      expect(r.json().detail).toBe(`No hay suficiente stock para "${p.nombre_producto}". Disponible: 0`);
    }
    expect((await ctx.db.producto.findFirstOrThrow({ where: { id_producto: p.id_producto } })).stock).toBe(0);
    const ledger = await ctx.db.movimientoStock.findMany({ where: { id_producto: p.id_producto, tipo: 'venta' } });
    expect(ledger).toHaveLength(5);
    expect(await contarVentas()).toBe(antes + 5);
  });

  it('asking for more than the stock is refused with how many are left, and nothing changes', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await productoCon(2, 500);
    const antes = await contarVentas();
    const res = await pyme.request({ method: 'POST', url: '/api/ventas/', payload: ventaDe(p, 3) });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(`No hay suficiente stock para "${p.nombre_producto}". Disponible: 2`);
    expect((await ctx.db.producto.findFirstOrThrow({ where: { id_producto: p.id_producto } })).stock).toBe(2);
    expect(await contarVentas()).toBe(antes);
  });

  it('the same Idempotency-Key twice makes one sale and returns it both times', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await productoCon(10, 990);
    const antes = await contarVentas();
    const headers = { 'idempotency-key': 'caja-1-venta-42' };
    const [first, second] = await Promise.all([
      pyme.request({ method: 'POST', url: '/api/ventas/', payload: ventaDe(p, 2), headers }),
      pyme.request({ method: 'POST', url: '/api/ventas/', payload: ventaDe(p, 2), headers }),
    ]);
    expect(first!.statusCode).toBe(201);
    expect(second!.statusCode).toBe(201);
    expect(second!.json().id_venta).toBe(first!.json().id_venta);
    const third = await pyme.request({ method: 'POST', url: '/api/ventas/', payload: ventaDe(p, 2), headers });
    expect(third.json().id_venta).toBe(first!.json().id_venta);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(await contarVentas()).toBe(antes + 1);
    expect((await ctx.db.producto.findFirstOrThrow({ where: { id_producto: p.id_producto } })).stock).toBe(8);
  });

  it('the same Idempotency-Key with another cart is refused, and writes nothing', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await productoCon(10, 990);
    const headers = { 'idempotency-key': 'caja-1-venta-43' };
    const primera = await pyme.request({ method: 'POST', url: '/api/ventas/', payload: ventaDe(p, 1), headers });
    expect(primera.statusCode).toBe(201);
    const antes = await contarVentas();
    const otra = await pyme.request({ method: 'POST', url: '/api/ventas/', payload: ventaDe(p, 3), headers });
    expect(otra.statusCode).toBe(409);
    expect(otra.json()).toEqual({
      detail:
        'Con esta clave ya se registró una venta con otros productos o montos (quizás se cortó la conexión al enviarla). Revisa Transacciones antes de volver a cobrar.',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await contarVentas()).toBe(antes);
    expect((await ctx.db.producto.findFirstOrThrow({ where: { id_producto: p.id_producto } })).stock).toBe(9);
  });

  it('the same Idempotency-Key with the same lines but another payment split or customer is refused too', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await productoCon(10, 1000);
    const [ana, beto] = await Promise.all(
      ['Ana Huella', 'Beto Huella'].map(async (nombre) =>
        (await pyme.request({ method: 'POST', url: '/api/clientes', payload: { id_minimarket: donPepe, nombre } })).json(),
      ),
    );
    const headers = { 'idempotency-key': 'caja-1-venta-huella' };
    const base = { ...ventaDe(p, 2), metodo_pago: undefined, id_cliente: ana.id_cliente };
    const partes = (efectivo: number) => [
      { metodo_pago: 'Efectivo', monto: efectivo },
      { metodo_pago: 'Fiado', monto: 2000 - efectivo },
    ];
    expect(
      (await pyme.request({ method: 'POST', url: '/api/ventas/', payload: { ...base, pagos: partes(500) }, headers })).statusCode,
    ).toBe(201);
    // The same cart and methods with the money split another way, or on another customer's account.
    for (const otra of [
      { ...base, pagos: partes(1500) },
      { ...base, pagos: partes(500), id_cliente: beto.id_cliente },
    ]) {
      const res = await pyme.request({ method: 'POST', url: '/api/ventas/', payload: otra, headers });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    // The very same sale is its retry.
    const retry = await pyme.request({ method: 'POST', url: '/api/ventas/', payload: { ...base, pagos: partes(500) }, headers });
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });

  it('the same Idempotency-Key in another shop is another sale', async () => {
    const pepe = await ctx.as(DEMO.pyme);
    const esquina = await ctx.as(DEMO.pyme2);
    const [aqui, alla] = [await productoCon(5, 500), await productoCon(5, 500, laEsquina)];
    const headers = { 'idempotency-key': 'caja-1-venta-1' };
    const r1 = await pepe.request({ method: 'POST', url: '/api/ventas/', payload: ventaDe(aqui, 1), headers });
    const r2 = await esquina.request({ method: 'POST', url: '/api/ventas/', payload: ventaDe(alla, 1, laEsquina), headers });
    expect([r1.statusCode, r2.statusCode]).toEqual([201, 201]);
    expect(r2.json().id_venta).not.toBe(r1.json().id_venta);
    expect(r2.headers['idempotent-replayed']).toBeUndefined();
    expect(r2.json().id_minimarket).toBe(laEsquina);
  });

  it('a wrong total, a wrong subtotal or a stale price writes nothing', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await productoCon(10, 2500);
    const antes = await contarVentas();

    const totalMalo = { ...ventaDe(p, 2), total: 4000 };
    let res = await pyme.request({ method: 'POST', url: '/api/ventas/', payload: totalMalo });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TOTAL_MISMATCH');
    expect(res.json().detail).toMatch(/^El total de la venta \(\$4\.000\) no coincide con la suma de sus productos \(\$5\.000\)\.$/);

    const subtotalMalo = ventaDe(p, 2);
    subtotalMalo.detalles[0]!.subtotal = 100;
    subtotalMalo.total = 100;
    res = await pyme.request({ method: 'POST', url: '/api/ventas/', payload: subtotalMalo });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SUBTOTAL_MISMATCH');

    // The cart was built at $2.500; the owner raised the price meanwhile.
    const carrito = ventaDe(p, 2);
    await ctx.db.producto.updateMany({ where: { id_producto: p.id_producto }, data: { precio_venta_actual: 2700 } });
    res = await pyme.request({ method: 'POST', url: '/api/ventas/', payload: carrito });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PRICE_CHANGED');
    expect(res.json().detail).toBe(`El precio de "${p.nombre_producto}" cambió a $2.700. Actualiza el carrito e intenta de nuevo.`);

    expect(await contarVentas()).toBe(antes);
    expect((await ctx.db.producto.findFirstOrThrow({ where: { id_producto: p.id_producto } })).stock).toBe(10);
    expect(await ctx.db.movimientoStock.count({ where: { id_producto: p.id_producto, tipo: 'venta' } })).toBe(0);
  });

  it('refuses decimals, unknown payment methods and empty carts in Spanish', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await productoCon(10, 1000);
    const cases: [unknown, string][] = [
      [{ ...ventaDe(p), total: 1000.5 }, 'Debe ser un monto en pesos, sin decimales.'],
      [{ ...ventaDe(p), metodo_pago: 'Bitcoin' }, 'El método de pago no es válido.'],
      [{ ...ventaDe(p), detalles: [], total: 0 }, 'La venta debe tener al menos un producto.'],
    ];
    for (const [payload, mensaje] of cases) {
      const res = await pyme.request({ method: 'POST', url: '/api/ventas/', payload });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe(mensaje);
    }
  });

  it('a product of another shop cannot be sold from this one, even by an administrador', async () => {
    const admin = await ctx.as(DEMO.admin);
    const ajeno = await productoCon(10, 1000, laEsquina);
    const res = await admin.request({ method: 'POST', url: '/api/ventas/', payload: ventaDe(ajeno, 1, donPepe) });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Producto no encontrado en el inventario.');
    expect((await ctx.db.producto.findFirstOrThrow({ where: { id_producto: ajeno.id_producto } })).stock).toBe(10);
  });
});

describe('GET /api/ventas/', () => {
  it("lists the shop's sales newest first with their lines, 10 a page, and the total", async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const res = await pyme.request({ method: 'GET', url: `/api/ventas/?id_minimarket=${donPepe}` });
    expect(res.statusCode).toBe(200);
    const { sales, total, monto_total } = res.json();
    expect(sales).toHaveLength(10);
    expect(total).toBe(await ctx.db.venta.count({ where: { id_minimarket: donPepe } }));
    // The pesos of every matching sale, not only of this page.
    const suma = await ctx.db.venta.aggregate({ where: { id_minimarket: donPepe }, _sum: { total: true } });
    expect(monto_total).toBe(suma._sum.total);
    expect(monto_total).toBeGreaterThan(sales.reduce((s: number, v: { total: number }) => s + v.total, 0));
    const fechas = sales.map((s: { fecha_venta: string }) => s.fecha_venta);
    expect([...fechas].sort().reverse()).toEqual(fechas);
    for (const s of sales) {
      expect(s.detalles.length).toBeGreaterThan(0);
      expect(s.detalles.reduce((sum: number, d: { subtotal: number }) => sum + d.subtotal, 0)).toBe(s.total);
    }
  });

  it('finds a sale by its id', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const una = await ctx.db.venta.findFirstOrThrow({ where: { id_minimarket: donPepe }, orderBy: { id_venta: 'asc' } });
    const res = await pyme.request({ method: 'GET', url: `/api/ventas/?id_minimarket=${donPepe}&search=${una.id_venta}` });
    expect(res.json().total).toBe(1);
    expect(res.json().sales[0].id_venta).toBe(una.id_venta);
  });

  it('filters by a date range read as Chilean local days', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const venta = await ctx.db.venta.create({
      data: { id_minimarket: donPepe, total: 4990, metodo_pago: 'Efectivo', fecha_venta: new Date('2020-03-02T02:30:00Z') },
    });
    // 02:30 UTC on 2 March 2020 is 23:30 on 1 March in Santiago (UTC-3 in summer).
    const dia1 = await pyme.request({
      method: 'GET',
      url: `/api/ventas/?id_minimarket=${donPepe}&start_date=2020-03-01T00:00:00&end_date=2020-03-01T23:59:59`,
    });
    expect(dia1.json().sales.map((s: { id_venta: number }) => s.id_venta)).toEqual([venta.id_venta]);
    expect(dia1.json().monto_total).toBe(4990);
    const dia2 = await pyme.request({
      method: 'GET',
      url: `/api/ventas/?id_minimarket=${donPepe}&start_date=2020-03-02T00:00:00&end_date=2020-03-02T23:59:59`,
    });
    expect(dia2.json()).toMatchObject({ total: 0, monto_total: 0 });
  });

  it('refuses a start date after the end date', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const res = await pyme.request({
      method: 'GET',
      url: `/api/ventas/?id_minimarket=${donPepe}&start_date=2026-03-05T00:00:00&end_date=2026-03-01T23:59:59`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('La fecha de inicio no puede ser posterior a la fecha de término.');
  });
});
