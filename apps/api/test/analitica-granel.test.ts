// Selling by weight in every figure beyond the counter (issue #20, docs/granel.md "Cómo cuentan las
// cifras"): a shop sells bread by the unit and jamón and tomatoes by the kilo, at the counter, and
// returns 100 g of jamón. Revenue sums both; "unidades" never counts a gram; a kg product's quantity
// is shown in kilos; a kg line's cost is montoPorPeso of its grams; the low-stock notice, Badito,
// Recomendaciones and the download speak kilos. Every figure is worked out by hand below.
import { montoPorPeso } from '@minimarket/contracts/granel';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diaLocal } from '../src/lib/tiempo.js';
import { crearTestUsuario } from './analitica-fixture.js';
import { createTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
let tienda: number;
let cliente: Awaited<ReturnType<TestContext['as']>>;
const hoy = diaLocal(new Date());
const HOY = `desde=${hoy}&hasta=${hoy}`;

// [nombre, unidad, precio (por kilo para kg), costo, stock (gramos para kg)]
const PRODUCTOS = {
  pan: ['Pan de Molde', 'unidad', 1000, 500, 10],
  jamon: ['Jamón Pierna', 'kg', 9990, 7000, 5200],
  tomate: ['Tomate', 'kg', 1990, null, 1500],
} as const;
type P = keyof typeof PRODUCTOS;
const id = {} as Record<P, number>;

// By hand: 350 g of jamón at $9.990/kg = 3.496,5 → $3.497; 1.250 g of tomato at $1.990/kg = 2.487,5 → $2.488.
const JAMON_350 = 3497;
const TOMATE_1250 = 2488;
// The jamón's cost: 350 g at $7.000/kg = $2.450 (not 350 × $7.000).
const COSTO_JAMON_350 = 2450;
let venta1 = 0;
let reembolso = 0;

async function pedir(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await cliente.request({ method, url, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res;
}
const get = async (ruta: string) => (await pedir('GET', `/api/analitica/${ruta}`)).json();
const badito = async (mensaje: string) =>
  (await pedir('POST', '/api/badito', { mensaje, id_minimarket: tienda })).json() as { respuesta: string; intencion: string };

async function vender(metodo_pago: string, lineas: Array<[P, number]>) {
  const detalles = lineas.map(([p, cantidad]) => {
    const [, unidad, precio] = PRODUCTOS[p];
    const subtotal = unidad === 'kg' ? montoPorPeso(precio, cantidad) : precio * cantidad;
    return { id_producto: id[p], num_unidades: cantidad, precio_unitario: precio, subtotal };
  });
  const total = detalles.reduce((s, d) => s + d.subtotal, 0);
  const res = await pedir('POST', '/api/ventas/', { id_minimarket: tienda, total, metodo_pago, detalles });
  return res.json().id_venta as number;
}

beforeAll(async () => {
  ctx = await createTestContext({ BADITO_PREGUNTAS_POR_MINUTO: '100000' });
  const f = await crearTestUsuario(ctx, 'analitica-granel');
  tienda = f.idMinimarket;
  cliente = f.cliente;
  for (const [clave, [nombre_producto, unidad, precio, costo, stock]] of Object.entries(PRODUCTOS) as [P, (typeof PRODUCTOS)[P]][]) {
    const p = await ctx.db.producto.create({
      data: {
        id_minimarket: tienda,
        nombre_producto,
        categoria: unidad === 'kg' ? 'Fiambrería' : 'Panadería',
        unidad,
        precio_venta_actual: precio,
        precio_compra_actual: costo,
        stock,
        codigo_barra: `GR-${clave}`,
      },
    });
    id[clave] = p.id_producto;
  }
  venta1 = await vender('Efectivo', [
    ['pan', 2],
    ['jamon', 350],
  ]);
  await vender('Tarjeta de Débito', [
    ['tomate', 1250],
    ['pan', 1],
  ]);
  // 100 g of the jamón come back: its grams and its pesos leave the figures, never a unit.
  const devolucion = await pedir('POST', `/api/ventas/${venta1}/devoluciones`, {
    motivo: 'Se llevó de más',
    detalles: [{ id_producto: id.jamon, num_unidades: 100 }],
  });
  reembolso = devolucion.json().total;
});
afterAll(() => ctx.close());

describe('the analytics with kg and unit sales', () => {
  const esperado = () => ({
    ventas: 2,
    // Revenue sums both kinds of line, less the refund.
    ingresos: 2000 + JAMON_350 + TOMATE_1250 + 1000 - reembolso,
    // Units count only the bread; the grams go apart: 350 − 100 of jamón and 1.250 of tomato.
    unidades: 3,
    gramos: 250 + 1250,
  });

  it('resumen: revenue sums both, units never count a gram, grams apart', async () => {
    expect(reembolso).toBe(montoPorPeso(9990, 100));
    const r = await get(`resumen?${HOY}`);
    expect(r).toMatchObject(esperado());
    // Cost of the lines that know it: 3 breads at $500 and the jamón's grams at $7.000/kg, less the
    // 100 g returned ($700); the tomato has no cost and is left out of the margin.
    const costo = 3 * 500 + COSTO_JAMON_350 - montoPorPeso(7000, 100);
    expect(r.costo).toBe(costo);
    expect(r.lineas_sin_costo).toBe(1);
    expect(r.margen).toBe(2000 + 1000 + JAMON_350 - reembolso - costo);
  });

  it('the same once the summary worker has summed the day (the stored summaries keep the grams)', async () => {
    await ctx.app.services.resumidor.vaciar();
    expect(await get(`resumen?${HOY}`)).toMatchObject(esperado());
    const [serie] = await get(`serie?${HOY}`);
    expect(serie).toMatchObject(esperado());
    expect(await get(`por-categoria?${HOY}`)).toEqual([
      { categoria: 'Fiambrería', ventas: 2, ingresos: JAMON_350 - reembolso + TOMATE_1250, unidades: 0, gramos: 1500 },
      { categoria: 'Panadería', ventas: 2, ingresos: 3000, unidades: 3, gramos: 0 },
    ]);
  });

  it('ranking: by pesos every product with its unit; by units only unit products; by kilos only kg products', async () => {
    expect(await get(`ranking?${HOY}`)).toEqual([
      {
        id_producto: id.pan,
        nombre_producto: 'Pan de Molde',
        categoria: 'Panadería',
        unidad: 'unidad',
        ingresos: 3000,
        unidades: 3,
        gramos: 0,
      },
      {
        id_producto: id.jamon,
        nombre_producto: 'Jamón Pierna',
        categoria: 'Fiambrería',
        unidad: 'kg',
        ingresos: JAMON_350 - reembolso,
        unidades: 0,
        gramos: 250,
      },
      {
        id_producto: id.tomate,
        nombre_producto: 'Tomate',
        categoria: 'Fiambrería',
        unidad: 'kg',
        ingresos: TOMATE_1250,
        unidades: 0,
        gramos: 1250,
      },
    ]);
    const nombres = async (q: string) =>
      ((await get(`ranking?${HOY}${q}`)) as Array<{ nombre_producto: string }>).map((p) => p.nombre_producto);
    expect(await nombres('&por=unidades')).toEqual(['Pan de Molde']);
    expect(await nombres('&por=kilos')).toEqual(['Tomate', 'Jamón Pierna']);
    expect(await nombres('&por=kilos&orden=asc')).toEqual(['Jamón Pierna', 'Tomate']);
  });

  it('lineas: a kg line carries its unit, its grams and a margin at montoPorPeso of its cost', async () => {
    const lineas = (await get(`lineas?${HOY}&orden=producto&direccion=asc`)) as Array<Record<string, unknown>>;
    expect(lineas.find((l) => l.nombre_producto === 'Jamón Pierna')).toMatchObject({
      unidad: 'kg',
      num_unidades: 350,
      precio_unitario: 9990,
      subtotal: JAMON_350,
      costo_unitario: 7000,
      margen: JAMON_350 - COSTO_JAMON_350,
    });
    expect(lineas.find((l) => l.nombre_producto === 'Pan de Molde')).toMatchObject({ unidad: 'unidad', margen: 1000 });
  });

  it('the download: a kg line in kilos with a decimal comma (CSV) or a number of kilos (XLSX), and its unit in a column', async () => {
    const csv = await pedir('GET', `/api/analitica/lineas?${HOY}&formato=csv`);
    const filas = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;
    const col = (t: string) => filas[0]!.indexOf(t);
    const fila = (nombre: string) => filas.find((f) => f[col('Producto')] === nombre)!;
    expect(fila('Jamón Pierna')[col('Cantidad')]).toBe('0,350');
    expect(fila('Jamón Pierna')[col('Unidad')]).toBe('kg');
    expect(fila('Tomate')[col('Cantidad')]).toBe('1,250');
    expect(fila('Tomate')[col('Precio unitario')]).toBe('1990');
    expect(fila('Pan de Molde')[col('Cantidad')]).toBe('2');
    expect(fila('Pan de Molde')[col('Unidad')]).toBe('unidad');

    const xlsx = await pedir('GET', `/api/analitica/lineas?${HOY}&formato=xlsx`);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0]!;
    const encabezado = (hoja.getRow(1).values as unknown[]).slice(1);
    const celda = (nombre: string, titulo: string) => {
      let valor: ExcelJS.Cell | null = null;
      hoja.eachRow((r, n) => {
        if (!valor && n > 1 && r.getCell(encabezado.indexOf('Producto') + 1).value === nombre)
          valor = r.getCell(encabezado.indexOf(titulo) + 1);
      });
      return valor! as ExcelJS.Cell;
    };
    expect(celda('Jamón Pierna', 'Cantidad').value).toBe(0.35);
    expect(celda('Jamón Pierna', 'Cantidad').numFmt).toBe('#,##0.000');
    expect(celda('Jamón Pierna', 'Unidad').value).toBe('kg');
    expect(celda('Pan de Molde', 'Cantidad').value).toBe(2);
  });

  it('recomendaciones: kg products reordered in grams, best sellers by units and by kilos kept apart', async () => {
    const r = await get('recomendaciones');
    // Tomato: 250 g left after selling 1.250 g in 28 days → 250 × 28 < 7 × 1.250; two weeks need
    // ceil(14 × 1.250 / 28 − 250) = 375 g more.
    expect(r.reponer).toEqual([
      expect.objectContaining({
        nombre_producto: 'Tomate',
        unidad: 'kg',
        stock: 250,
        unidades_28d: 1250,
        sugerido: 375,
        dias_cobertura: 5.6,
      }),
    ]);
    expect(r.mas_vendidos.map((p: { nombre_producto: string; unidades: number }) => [p.nombre_producto, p.unidades])).toEqual([
      ['Pan de Molde', 3],
    ]);
    expect(r.mas_vendidos_kg.map((p: { nombre_producto: string; gramos: number }) => [p.nombre_producto, p.gramos])).toEqual([
      ['Tomate', 1250],
      ['Jamón Pierna', 250],
    ]);
  });
});

describe('notices, Badito and the low-stock rule in kilos', () => {
  it('the jamón fell under 5 kilos: "Quedan 4,850 kg de …", and the bread with 7 units left raised none', async () => {
    const { notificaciones } = (await pedir('GET', '/api/notificaciones')).json() as {
      notificaciones: Array<{ tipo: string; descripcion: string }>;
    };
    const bajos = notificaciones.filter((n) => n.tipo === 'stock_bajo').map((n) => n.descripcion);
    // 5.200 g − 350 g = 4.850 g < 5 kg (the return came back later, above no threshold).
    expect(bajos).toEqual(['Quedan 4,850 kg de "Jamón Pierna".']);
  });

  it('Badito says the best sellers by units and, apart, by kilos', async () => {
    const r = await badito('¿qué es lo más vendido hoy?');
    expect(r.intencion).toBe('mas_vendido_hoy');
    expect(r.respuesta).toContain('Pan de Molde: 3 unidades por $3.000.');
    expect(r.respuesta).toContain(`A granel llevas 1,250 kg de Tomate por $2.488.`);
    expect(r.respuesta).toContain('Jamón Pierna (0,250 kg)');
    expect(r.respuesta).not.toMatch(/1\.?25[03] unidades/);
  });

  it('Badito says a kg product’s stock in kilos and its price per kilo; low stock counts kilos', async () => {
    const jamon = await badito('cuanto stock queda de jamon pierna');
    expect(jamon.respuesta).toContain('Jamón Pierna: quedan 4,950 kg y su precio de venta es $9.990 el kilo.');
    const bajos = await badito('que productos tienen stock bajo');
    expect(bajos.intencion).toBe('stock_bajo');
    // Tomato 0,250 kg and jamón 4,950 kg are under 5 kilos; the bread's 7 units are not under 5 units.
    expect(bajos.respuesta).toContain('2 productos tienen stock bajo (menos de 5 unidades, o de 5 kilos a granel)');
    expect(bajos.respuesta).toContain('Tomate (0,250 kg) y Jamón Pierna (4,950 kg)');
  });
});
