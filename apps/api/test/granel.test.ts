// Selling by weight (issue #20, docs/granel.md) through the API and the database: a kg product's
// quantities are grams, its prices per kilo; the sale checks each line by the contracts' rounding;
// scale labels resolve to a product of the shop; returns, deliveries and adjustments count grams;
// racing sales of the last grams never oversell.
import { makeEan13 } from '@minimarket/contracts/codigo-barra';
import { montoPorPeso } from '@minimarket/contracts/granel';
import { beforeAll, describe, expect, it } from 'vitest';
import { conTiendasDemo, DEMO, nuevoProducto, pedidoVenta, type TestContext } from './helpers.js';

let ctx: TestContext;
let donPepe: number;
let laEsquina: number;
conTiendasDemo((t) => ({ ctx, donPepe, laEsquina } = t));

let secuencia = 0;
interface ProductoCreado {
  id_producto: number;
  nombre_producto: string;
  precio_venta_actual: number;
  stock: number;
  unidad: string;
  codigo_plu: string | null;
}

/** A kg product created through the API (stock in grams, prices per kilo). */
async function granel(gramos: number, o: { precio?: number; costo?: number | null; plu?: string; tienda?: number } = {}) {
  secuencia += 1;
  const dueno = o.tienda === laEsquina ? DEMO.pyme2 : DEMO.pyme;
  return nuevoProducto(await ctx.as(dueno), o.tienda ?? donPepe, {
    codigo_barra: `GRANEL-${secuencia}-${Date.now()}`,
    nombre_producto: `Jamón de prueba ${secuencia}`,
    categoria: 'Fiambrería',
    precio_venta: o.precio ?? 8990,
    precio_compra: o.costo === undefined ? 5000 : o.costo,
    stock: gramos,
    unidad: 'kg',
    ...(o.plu !== undefined ? { codigo_plu: o.plu } : {}),
  });
}

const stockDe = async (id: number) => (await ctx.db.producto.findFirstOrThrow({ where: { id_producto: id } })).stock;
const sumaLibro = async (id: number) =>
  (await ctx.db.movimientoStock.aggregate({ where: { id_producto: id }, _sum: { cantidad: true } }))._sum.cantidad ?? 0;

const venta = (
  p: { id_producto: number; precio_venta_actual: number },
  gramos: number,
  subtotal = montoPorPeso(p.precio_venta_actual, gramos),
) => pedidoVenta(donPepe, p, gramos, {}, subtotal);

describe('a kg product', () => {
  it('is created with its unit and PLU (without leading zeros); a unit product refuses a PLU', async () => {
    const p = await granel(2500, { plu: '00042' });
    expect(p).toMatchObject({ unidad: 'kg', codigo_plu: '42', stock: 2500, precio_venta_actual: 8990 });

    const pyme = await ctx.as(DEMO.pyme);
    const conPlu = await pyme.request({
      method: 'POST',
      url: '/api/productos/',
      payload: {
        id_minimarket: donPepe,
        codigo_barra: `U-${Date.now()}`,
        nombre_producto: 'Pan molde',
        categoria: 'Panadería',
        precio_venta: 1990,
        codigo_plu: '7',
      },
    });
    expect(conPlu.statusCode).toBe(422);
    expect(conPlu.json().detail).toBe('Solo un producto a granel (kg) lleva PLU.');
    for (const plu of ['abc', '123456', '0', 4.5, -3]) {
      const malo = await pyme.request({
        method: 'POST',
        url: '/api/productos/',
        payload: {
          id_minimarket: donPepe,
          codigo_barra: `P-${Date.now()}`,
          nombre_producto: 'Queso',
          categoria: 'Fiambrería',
          precio_venta: 9990,
          unidad: 'kg',
          codigo_plu: plu,
        },
      });
      expect(malo.statusCode, String(plu)).toBe(422);
      expect(malo.json().detail).toBe('El PLU es el número de la balanza: de 1 a 5 dígitos, mayor a 0.');
    }

    // The same PLU twice in a shop: refused, naming it. Another shop may use it.
    const otra = await pyme.request({
      method: 'POST',
      url: '/api/productos/',
      payload: {
        id_minimarket: donPepe,
        codigo_barra: `D-${Date.now()}`,
        nombre_producto: 'Queso',
        categoria: 'Fiambrería',
        precio_venta: 9990,
        unidad: 'kg',
        codigo_plu: 42,
      },
    });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().detail).toBe('Ya existe un producto con el PLU 42 en su inventario.');
    expect((await granel(1000, { plu: '42', tienda: laEsquina })).codigo_plu).toBe('42');
  });

  it('changes its unit only while it has no sales', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await granel(1000);
    const sinStock = await pyme.request({ method: 'PUT', url: `/api/productos/${p.id_producto}`, payload: { unidad: 'unidad' } });
    expect(sinStock.statusCode).toBe(422);
    expect(sinStock.json().detail).toMatch(/indica también el stock en la nueva unidad/);
    const cambio = await pyme.request({ method: 'PUT', url: `/api/productos/${p.id_producto}`, payload: { unidad: 'unidad', stock: 4 } });
    expect(cambio.statusCode).toBe(200);
    expect(cambio.json()).toMatchObject({ unidad: 'unidad', stock: 4, codigo_plu: null });

    const q = await granel(1000);
    expect((await pyme.request(venta(q, 100))).statusCode).toBe(201);
    const res = await pyme.request({ method: 'PUT', url: `/api/productos/${q.id_producto}`, payload: { unidad: 'unidad', stock: 1 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/ya tiene ventas/);
    expect((await ctx.db.producto.findFirstOrThrow({ where: { id_producto: q.id_producto } })).unidad).toBe('kg');
  });

  it('a deleted product gives its PLU back', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await granel(0, { plu: '777' });
    expect((await pyme.request({ method: 'DELETE', url: `/api/productos/${p.id_producto}` })).statusCode).toBe(204);
    expect((await granel(0, { plu: '777' })).codigo_plu).toBe('777');
  });
});

describe('selling grams', () => {
  it('0,350 kg at $8.990/kg is $3.147: the line keeps grams and its unit, the stock and the ledger move 350 g', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await granel(2000);
    const res = await pyme.request(venta(p, 350, 3147));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().detalles).toEqual([
      expect.objectContaining({ num_unidades: 350, precio_unitario: 8990, subtotal: 3147, unidad: 'kg' }),
    ]);
    expect(res.json().total).toBe(3147);
    expect(await stockDe(p.id_producto)).toBe(1650);
    expect(await sumaLibro(p.id_producto)).toBe(1650);
  });

  // The database's rounding (registrar_venta) is the contracts' montoPorPeso: half a peso goes up.
  it.each([
    { precio: 8990, gramos: 350, monto: 3147 }, // 3.146,5
    { precio: 500, gramos: 1, monto: 1 }, // 0,5
    { precio: 499, gramos: 1, monto: 0 }, // 0,499
    { precio: 999, gramos: 1, monto: 1 }, // 0,999
    { precio: 25_990, gramos: 99_999, monto: 2_598_974 }, // 2.598.974,01
    { precio: 1990, gramos: 1250, monto: 2488 }, // 2.487,5
  ])('$gramos g at $precio/kg is $monto, and a peso off is refused', async ({ precio, gramos, monto }) => {
    expect(montoPorPeso(precio, gramos)).toBe(monto);
    const pyme = await ctx.as(DEMO.pyme);
    const p = await granel(100_000, { precio });
    const mal = await pyme.request(venta(p, gramos, monto + 1));
    expect(mal.statusCode).toBe(409);
    expect(mal.json()).toMatchObject({
      code: 'SUBTOTAL_MISMATCH',
      detail: `El subtotal de "${p.nombre_producto}" no coincide con su precio y cantidad.`,
    });
    const bien = await pyme.request(venta(p, gramos, monto));
    expect(bien.statusCode, bien.body).toBe(201);
    expect(bien.json().detalles[0].subtotal).toBe(monto);
  });

  it('asking for more grams than there are says what is left in kilos', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await granel(240);
    const res = await pyme.request(venta(p, 241));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(`No hay suficiente stock para "${p.nombre_producto}". Disponible: 0,240 kg`);
  });

  it('racing sales of the last 500 g: exactly what there is is sold, the stock ends at 0, never below', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await granel(500);
    // Twelve carts at once: eight of 100 g and four of 300 g (2.000 g asked for 500 g on the shelf).
    const pedidos = [...Array.from({ length: 8 }, () => 100), ...Array.from({ length: 4 }, () => 300)];
    const respuestas = await Promise.all(pedidos.map((g) => pyme.request(venta(p, g))));
    const vendidos = respuestas.reduce((s, r, i) => s + (r.statusCode === 201 ? pedidos[i]! : 0), 0);
    for (const r of respuestas) expect([201, 409]).toContain(r.statusCode);
    const stock = await stockDe(p.id_producto);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(stock).toBe(500 - vendidos);
    // Only a leftover smaller than every cart may stay on the shelf.
    expect(stock).toBeLessThan(100);
    expect(await sumaLibro(p.id_producto)).toBe(stock);
    const lineas = await ctx.db.detalleVenta.aggregate({ where: { id_producto: p.id_producto }, _sum: { num_unidades: true } });
    expect(lineas._sum.num_unidades).toBe(vendidos);
  });
});

describe('GET /api/productos/etiqueta/{codigo}', () => {
  // Labels built by hand: prefix 20, PLU 5 digits (00042), value 5 digits, EAN-13 check digit.
  // 2000042003500: odd places 2+0+0+2+0+5 = 9, even 0+0+4+0+3+0 = 7 × 3 = 21; 9 + 21 = 30 → check 0.
  const PESO_350 = '2000042003500';
  // 2000042031473: odd 2+0+0+2+3+4 = 11, even 0+0+4+0+1+7 = 12 × 3 = 36; 47 → check 3.
  const PRECIO_3147 = '2000042031473';
  const url = (codigo: string, tienda = donPepe) => `/api/productos/etiqueta/${codigo}?id_minimarket=${tienda}`;
  const formato = (contenido: 'peso' | 'precio', tienda = donPepe, cuenta = DEMO.pyme) =>
    ctx.as(cuenta).then((c) =>
      c.request({
        method: 'PATCH',
        url: `/api/minimarkets/${tienda}/configuracion`,
        payload: { formato_etiqueta: { prefijo: '20', digitos_plu: 5, contenido } },
      }),
    );
  let jamon: ProductoCreado;
  beforeAll(async () => {
    expect(makeEan13('200004200350')).toBe(PESO_350);
    expect(makeEan13('200004203147')).toBe(PRECIO_3147);
    await ctx.db.producto.updateMany({ where: { id_minimarket: donPepe, codigo_plu: '42' }, data: { codigo_plu: null } });
    jamon = await granel(5000, { plu: '42' });
  });

  it('a shop without a layout is told to set one', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    // The demo's Don Pepe comes with a price-label layout (db/seed): taken off here.
    const sinFormato = await pyme.request({
      method: 'PATCH',
      url: `/api/minimarkets/${donPepe}/configuracion`,
      payload: { formato_etiqueta: null },
    });
    expect(sinFormato.statusCode, sinFormato.body).toBe(200);
    const res = await pyme.request({ method: 'GET', url: url(PESO_350) });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('Tu tienda no tiene configuradas etiquetas de balanza. Indica su formato en Configuración.');
  });

  it('a weight label gives the product, its grams and the amount at the price per kilo', async () => {
    const guardado = await formato('peso');
    expect(guardado.statusCode).toBe(200);
    expect(guardado.json().formato_etiqueta).toEqual({ prefijo: '20', digitos_plu: 5, contenido: 'peso' });
    const res = await (await ctx.as(DEMO.pyme)).request({ method: 'GET', url: url(PESO_350) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ producto: { id_producto: jamon.id_producto, unidad: 'kg' }, gramos: 350, monto: 3147 });
  });

  it('a price label gives the grams its amount stands for at the price per kilo', async () => {
    await formato('precio');
    const res = await (await ctx.as(DEMO.pyme)).request({ method: 'GET', url: url(PRECIO_3147) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ producto: { id_producto: jamon.id_producto }, gramos: 350, monto: 3147 });
    // And that line sells.
    const v = await (await ctx.as(DEMO.pyme)).request(venta(jamon, res.json().gramos, res.json().monto));
    expect(v.statusCode).toBe(201);
  });

  it('a wrong check digit, an unknown PLU and another shop’s PLU add nothing, in Spanish', async () => {
    await formato('peso');
    const pyme = await ctx.as(DEMO.pyme);
    const malDigito = await pyme.request({ method: 'GET', url: url('2000042003501') });
    expect(malDigito.statusCode).toBe(422);
    expect(malDigito.json().detail).toBe('El código de la etiqueta no es válido (dígito verificador). Vuelve a escanearla.');

    const desconocido = await pyme.request({ method: 'GET', url: url(makeEan13('200009900350')) });
    expect(desconocido.statusCode).toBe(404);
    expect(desconocido.json().detail).toBe('No hay un producto a granel con el PLU 99 en tu inventario.');

    // PLU 4321 exists only in La Esquina: for Don Pepe it is unknown, and Don Pepe cannot ask for La Esquina.
    await granel(1000, { plu: '4321', tienda: laEsquina });
    const ajeno = await pyme.request({ method: 'GET', url: url(makeEan13('200432100350')) });
    expect(ajeno.statusCode).toBe(404);
    expect(ajeno.json().detail).toBe('No hay un producto a granel con el PLU 4321 en tu inventario.');
    expect((await pyme.request({ method: 'GET', url: url(makeEan13('200432100350'), laEsquina) })).statusCode).toBe(403);
  });
});

describe('returns, deliveries and adjustments in grams', () => {
  it('returning 0,100 kg then the rest refunds exactly what was paid and puts the grams back', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await granel(1000);
    const v = (await pyme.request(venta(p, 350))).json() as { id_venta: number; total: number };
    expect(v.total).toBe(3147);
    const devolver = (gramos: number) =>
      pyme.request({
        method: 'POST',
        url: `/api/ventas/${v.id_venta}/devoluciones`,
        payload: { motivo: 'Pesó de más', detalles: [{ id_producto: p.id_producto, num_unidades: gramos }] },
      });
    const primera = await devolver(100);
    expect(primera.statusCode, primera.body).toBe(201);
    expect(primera.json()).toMatchObject({ total: 899, detalles: [{ num_unidades: 100, subtotal: 899, unidad: 'kg' }] });
    expect(await stockDe(p.id_producto)).toBe(750);

    const demasiado = await devolver(251);
    expect(demasiado.statusCode).toBe(409);
    expect(demasiado.json().detail).toBe(`De "${p.nombre_producto}" quedan 0,250 kg por devolver.`);

    const resto = await devolver(250);
    expect(resto.json().total).toBe(3147 - 899);
    expect(await stockDe(p.id_producto)).toBe(1000);
    expect(await sumaLibro(p.id_producto)).toBe(1000);
  });

  it('a delivery of 5 kg for $20.000 makes the cost $4.000 per kilo', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await granel(0, { costo: null });
    const res = await pyme.request({
      method: 'POST',
      url: `/api/productos/${p.id_producto}/stock`,
      payload: { cantidad: 5000, costo_total: 20_000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ stock: 5000, precio_compra_actual: 4000 });
  });

  it('a merma of 350 g at $4.000/kg is valued -$1.400; the report keeps grams apart from units', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await granel(1000, { costo: 4000 });
    const res = await pyme.request({
      method: 'POST',
      url: `/api/productos/${p.id_producto}/ajustes`,
      payload: { id_minimarket: donPepe, tipo: 'merma', diferencia: -350 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().ajuste).toMatchObject({ cantidad: -350, unidad: 'kg', valor_costo: -1400, stock_resultante: 650 });

    const sinStock = await pyme.request({
      method: 'POST',
      url: `/api/productos/${p.id_producto}/ajustes`,
      payload: { id_minimarket: donPepe, tipo: 'merma', diferencia: -700 },
    });
    expect(sinStock.statusCode).toBe(409);
    expect(sinStock.json().detail).toBe(`No se pueden descontar 0,700 kg de "${p.nombre_producto}": el stock actual es 0,650 kg.`);

    const informe = (await pyme.request({ method: 'GET', url: `/api/ajustes-stock/informe?id_minimarket=${donPepe}` })).json();
    const merma = informe.por_tipo.find((t: { tipo: string }) => t.tipo === 'merma');
    expect(merma.gramos).toBeLessThanOrEqual(-350);
    // Grams never enter the units: this shop's other mermas (units) are counted apart.
    const filas = await ctx.db.$queryRaw<{ unidades: number }[]>`
      SELECT coalesce(sum(m.cantidad), 0)::int AS unidades FROM movimiento_stock m
      JOIN producto p ON p.id_producto = m.id_producto
      WHERE m.id_minimarket = ${donPepe} AND m.tipo_ajuste = 'merma' AND p.unidad = 'unidad'`;
    expect(merma.unidades).toBe(filas[0]!.unidades);
  });
});
