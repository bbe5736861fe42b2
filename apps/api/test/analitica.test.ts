// /api/analitica against a fixture shop whose every figure was worked out by hand (below, beside
// each sale). The sales sit around Chile's change back to winter time (Sunday 5 April 2026, 00:00
// → Saturday 23:00), so the same local hour happens twice and both count in it.
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearTestUsuario, insertarVentasDeHistorial } from './analitica-fixture.js';
import { importar } from './cargas-helpers.js';
import { createTestContext, DEMO, pedidoVentaDe, type TestContext } from './helpers.js';

let ctx: TestContext;
let tienda: number;
let cliente: Awaited<ReturnType<TestContext['as']>>;
const id: Record<'pan' | 'leche' | 'arroz' | 'detergente', number> = { pan: 0, leche: 0, arroz: 0, detergente: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  const f = await crearTestUsuario(ctx, 'analitica');
  tienda = f.idMinimarket;
  cliente = f.cliente;
  let codigo = 0;
  const producto = (nombre_producto: string, categoria: string, precio: number, costo: number | null) =>
    ctx.db.producto.create({
      data: {
        id_minimarket: tienda,
        nombre_producto,
        categoria,
        precio_venta_actual: precio,
        precio_compra_actual: costo,
        stock: 50,
        codigo_barra: `AN-${++codigo}`,
      },
    });
  id.pan = (await producto('Pan Amasado', 'Panadería', 1000, 600)).id_producto;
  id.leche = (await producto('Leche Entera 1 L', 'Lácteos y Quesos', 1200, 900)).id_producto;
  id.arroz = (await producto('Arroz 1 kg', 'Abarrotes', 1500, null)).id_producto;
  id.detergente = (await producto('Detergente 1 L', 'Limpieza', 3000, 3300)).id_producto;

  const precio = { pan: 1000, leche: 1200, arroz: 1500, detergente: 3000 } as const;
  const costo = { pan: 600, leche: 900, arroz: null, detergente: 3300 } as const;
  const categoria = { pan: 'Panadería', leche: 'Lácteos y Quesos', arroz: 'Abarrotes', detergente: 'Limpieza' } as const;
  type P = keyof typeof precio;
  const ventas: Array<{ fecha: string; metodo: string; estado?: string; lineas: Array<[P, number]> }> = [
    // S1 Friday 3 April 10:15 (UTC-3). 3.200: pan 2 (cost 1.200), leche 1 (cost 900).
    {
      fecha: '2026-04-03T13:15:00Z',
      metodo: 'Efectivo',
      lineas: [
        ['pan', 2],
        ['leche', 1],
      ],
    },
    // S2 Saturday 4 April 23:30, the first time (UTC-3). 1.500: arroz 1 (no cost).
    { fecha: '2026-04-05T02:30:00Z', metodo: 'Tarjeta de Débito', lineas: [['arroz', 1]] },
    // S3 Saturday 4 April 23:30, the second time (UTC-4). 1.000: pan 1 (cost 600).
    { fecha: '2026-04-05T03:30:00Z', metodo: 'Efectivo', lineas: [['pan', 1]] },
    // S4 Sunday 5 April 09:00 (UTC-4). 5.400: leche 2 (cost 1.800), arroz 2 (no cost).
    {
      fecha: '2026-04-05T13:00:00Z',
      metodo: 'Tarjeta de Crédito',
      lineas: [
        ['leche', 2],
        ['arroz', 2],
      ],
    },
    // S5 Monday 6 April 18:45. 3.000: detergente 1 (cost 3.300: sold at a loss).
    { fecha: '2026-04-06T22:45:00Z', metodo: 'Transferencia Bancaria', lineas: [['detergente', 1]] },
    // Voided: never counts.
    { fecha: '2026-04-05T14:00:00Z', metodo: 'Efectivo', estado: 'Anulada', lineas: [['pan', 10]] },
    // S6 Tuesday 31 March 12:00 (the period before). 3.000: pan 3 (cost 1.800).
    { fecha: '2026-03-31T15:00:00Z', metodo: 'Efectivo', lineas: [['pan', 3]] },
  ];
  await insertarVentasDeHistorial(
    ctx,
    tienda,
    ventas.map((v) => ({
      fecha: new Date(v.fecha),
      metodo: v.metodo,
      anulada: v.estado === 'Anulada',
      lineas: v.lineas.map(([p, u]) => ({
        id_producto: id[p],
        num_unidades: u,
        precio_unitario: precio[p],
        nombre_producto: p,
        costo_unitario: costo[p],
        categoria: categoria[p],
      })),
    })),
  );
});
afterAll(() => ctx.close());

const RANGO = 'desde=2026-04-03&hasta=2026-04-06';
/** The figures of RANGO (and of April, which has no other sale), summed by hand from S1–S5. */
const CIFRAS_DEL_RANGO = {
  ventas: 5,
  ingresos: 14_100,
  unidades: 10,
  gramos: 0,
  ticket_promedio: 2820,
  costo: 7800,
  // Over the lines with a cost: 9.600 of revenue, 7.800 of cost.
  margen: 1800,
  margen_pct: 18.8,
  lineas_sin_costo: 2,
};
/** The period before RANGO (and March): S6 alone. */
const CIFRAS_DE_S6 = { ventas: 1, ingresos: 3000, unidades: 3, gramos: 0, ticket_promedio: 3000, margen: 1200 };
async function get(ruta: string) {
  const res = await cliente.request({ method: 'GET', url: `/api/analitica/${ruta}` });
  if (res.statusCode !== 200) throw new Error(`${ruta}: ${res.statusCode} ${res.body}`);
  return res.json();
}

describe('GET /api/analitica/resumen', () => {
  it('sums the completed sales of the range, and the period of the same length before it', async () => {
    expect(await get(`resumen?${RANGO}`)).toEqual({
      desde: '2026-04-03',
      hasta: '2026-04-06',
      ...CIFRAS_DEL_RANGO,
      dias_en_preparacion: 0,
      anterior: {
        desde: '2026-03-30',
        hasta: '2026-04-02',
        hasta_hora: null,
        hasta_minuto: null,
        comparacion: 'periodo_anterior',
        ...CIFRAS_DE_S6,
      },
    });
  });

  it('counts only the lines of a category, and the sales that have one', async () => {
    expect(await get(`resumen?${RANGO}&categoria=Panadería`)).toMatchObject({
      ventas: 2,
      ingresos: 3000,
      unidades: 3,
      gramos: 0,
      ticket_promedio: 1500,
      costo: 1800,
      margen: 1200,
      margen_pct: 40,
      lineas_sin_costo: 0,
      anterior: { ventas: 1, ingresos: 3000 },
    });
  });

  it('counts only one payment method', async () => {
    expect(await get(`resumen?${RANGO}&metodo_pago=Efectivo`)).toMatchObject({ ventas: 2, ingresos: 4200, unidades: 4 });
  });

  it('a range without sales is zeros with no margin percentage, not an error', async () => {
    expect(await get('resumen?desde=2025-01-01&hasta=2025-01-31')).toMatchObject({
      ventas: 0,
      ingresos: 0,
      ticket_promedio: 0,
      margen: 0,
      margen_pct: null,
    });
  });
});

describe('GET /api/analitica/serie', () => {
  it('by day: both 23:30 of the Saturday the clocks went back count on that Saturday', async () => {
    expect(await get(`serie?${RANGO}`)).toEqual([
      { periodo: '2026-04-03', en_curso: false, ventas: 1, ingresos: 3200, unidades: 3, gramos: 0 },
      { periodo: '2026-04-04', en_curso: false, ventas: 2, ingresos: 2500, unidades: 2, gramos: 0 },
      { periodo: '2026-04-05', en_curso: false, ventas: 1, ingresos: 5400, unidades: 4, gramos: 0 },
      { periodo: '2026-04-06', en_curso: false, ventas: 1, ingresos: 3000, unidades: 1, gramos: 0 },
    ]);
  });

  it('every day of the range is there, zeros included', async () => {
    const serie = await get('serie?desde=2026-04-02&hasta=2026-04-07');
    expect(serie.map((p: { periodo: string }) => p.periodo)).toEqual([
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
      '2026-04-05',
      '2026-04-06',
      '2026-04-07',
    ]);
    expect(serie[0]).toEqual({ periodo: '2026-04-02', en_curso: false, ventas: 0, ingresos: 0, unidades: 0, gramos: 0 });
    expect(serie[5]).toEqual({ periodo: '2026-04-07', en_curso: false, ventas: 0, ingresos: 0, unidades: 0, gramos: 0 });
  });

  it('by week (from Monday) and by month, named by their first day', async () => {
    expect(await get(`serie?${RANGO}&agrupar=semana`)).toEqual([
      { periodo: '2026-03-30', en_curso: false, ventas: 4, ingresos: 11_100, unidades: 9, gramos: 0 },
      { periodo: '2026-04-06', en_curso: false, ventas: 1, ingresos: 3000, unidades: 1, gramos: 0 },
    ]);
    expect(await get(`serie?${RANGO}&agrupar=mes`)).toEqual([
      { periodo: '2026-04-01', en_curso: false, ventas: 5, ingresos: 14_100, unidades: 10, gramos: 0 },
    ]);
  });
});

describe('GET /api/analitica/por-categoria and por-metodo-pago', () => {
  it('categories by pesos, a sale counted in each category it has', async () => {
    expect(await get(`por-categoria?${RANGO}`)).toEqual([
      { categoria: 'Abarrotes', ventas: 2, ingresos: 4500, unidades: 3, gramos: 0 },
      { categoria: 'Lácteos y Quesos', ventas: 2, ingresos: 3600, unidades: 3, gramos: 0 },
      { categoria: 'Limpieza', ventas: 1, ingresos: 3000, unidades: 1, gramos: 0 },
      { categoria: 'Panadería', ventas: 2, ingresos: 3000, unidades: 3, gramos: 0 },
    ]);
    expect(await get(`por-categoria?${RANGO}&metodo_pago=Efectivo`)).toEqual([
      { categoria: 'Panadería', ventas: 2, ingresos: 3000, unidades: 3, gramos: 0 },
      { categoria: 'Lácteos y Quesos', ventas: 1, ingresos: 1200, unidades: 1, gramos: 0 },
    ]);
  });

  it('payment methods by pesos', async () => {
    expect(await get(`por-metodo-pago?${RANGO}`)).toEqual([
      { metodo_pago: 'Tarjeta de Crédito', ventas: 1, ingresos: 5400 },
      { metodo_pago: 'Efectivo', ventas: 2, ingresos: 4200 },
      { metodo_pago: 'Transferencia Bancaria', ventas: 1, ingresos: 3000 },
      { metodo_pago: 'Tarjeta de Débito', ventas: 1, ingresos: 1500 },
    ]);
    expect(await get(`por-metodo-pago?${RANGO}&categoria=Abarrotes`)).toEqual([
      { metodo_pago: 'Tarjeta de Crédito', ventas: 1, ingresos: 3000 },
      { metodo_pago: 'Tarjeta de Débito', ventas: 1, ingresos: 1500 },
    ]);
  });
});

describe('GET /api/analitica/mapa-calor', () => {
  it('all 168 cells in Santiago time, the doubled 23:00 hour in one cell', async () => {
    const mapa = (await get(`mapa-calor?${RANGO}`)) as Array<{ dia_semana: number; hora: number; ventas: number; ingresos: number }>;
    expect(mapa).toHaveLength(168);
    expect(mapa[0]).toEqual({ dia_semana: 1, hora: 0, ventas: 0, ingresos: 0 });
    expect(mapa.filter((c) => c.ventas > 0)).toEqual([
      { dia_semana: 1, hora: 18, ventas: 1, ingresos: 3000 },
      { dia_semana: 5, hora: 10, ventas: 1, ingresos: 3200 },
      { dia_semana: 6, hora: 23, ventas: 2, ingresos: 2500 },
      { dia_semana: 7, hora: 9, ventas: 1, ingresos: 5400 },
    ]);
  });
});

describe('GET /api/analitica/ranking', () => {
  it('by pesos or units, either way round, ties by product', async () => {
    const nombres = async (q: string) =>
      ((await get(`ranking?${RANGO}${q}`)) as Array<{ nombre_producto: string }>).map((p) => p.nombre_producto);
    expect(await get(`ranking?${RANGO}&limite=1`)).toEqual([
      {
        id_producto: id.arroz,
        nombre_producto: 'Arroz 1 kg',
        categoria: 'Abarrotes',
        unidad: 'unidad',
        ingresos: 4500,
        unidades: 3,
        gramos: 0,
      },
    ]);
    expect(await nombres('')).toEqual(['Arroz 1 kg', 'Leche Entera 1 L', 'Pan Amasado', 'Detergente 1 L']);
    expect(await nombres('&por=unidades')).toEqual(['Pan Amasado', 'Leche Entera 1 L', 'Arroz 1 kg', 'Detergente 1 L']);
    expect(await nombres('&orden=asc')).toEqual(['Pan Amasado', 'Detergente 1 L', 'Leche Entera 1 L', 'Arroz 1 kg']);
    expect(await nombres('&metodo_pago=Efectivo')).toEqual(['Pan Amasado', 'Leche Entera 1 L']);
  });
});

describe('GET /api/analitica/lineas', () => {
  type Linea = {
    nombre_producto: string;
    subtotal: number;
    margen: number | null;
    id_venta: number;
    numero_venta: number | null;
    fecha_venta: string;
  };
  async function pagina(q: string) {
    const res = await cliente.request({ method: 'GET', url: `/api/analitica/lineas?${RANGO}${q}` });
    expect(res.statusCode).toBe(200);
    return { lineas: res.json() as Linea[], total: Number(res.headers['x-total-count']) };
  }

  it('the completed lines of the range, newest first, with their cost and margin; the voided sale is not there', async () => {
    const { lineas, total } = await pagina('');
    expect(total).toBe(7);
    expect(lineas.map((l) => l.nombre_producto)).toEqual(['detergente', 'arroz', 'leche', 'pan', 'arroz', 'leche', 'pan']);
    expect(lineas[0]).toMatchObject({ categoria: 'Limpieza', metodo_pago: 'Transferencia Bancaria', num_unidades: 1, subtotal: 3000 });
    expect(lineas[0]).toMatchObject({ costo_unitario: 3300, margen: -300, fecha_venta: '2026-04-06T22:45:00.000Z' });
    expect(lineas[1]).toMatchObject({ costo_unitario: null, margen: null, subtotal: 3000 });
    expect(lineas.reduce((s, l) => s + l.subtotal, 0)).toBe(14_100);
  });

  it('pages on the server, the count still the whole set', async () => {
    const { lineas, total } = await pagina('&skip=2&limit=2');
    expect(total).toBe(7);
    expect(lineas.map((l) => l.nombre_producto)).toEqual(['leche', 'pan']);
  });

  it('sorts by any column either way (lines without a cost first when the margin goes up)', async () => {
    expect((await pagina('&orden=subtotal&direccion=asc')).lineas.map((l) => l.subtotal)).toEqual([
      1000, 1200, 1500, 2000, 2400, 3000, 3000,
    ]);
    expect((await pagina('&orden=margen&direccion=asc')).lineas.map((l) => l.margen)).toEqual([null, null, -300, 300, 400, 600, 800]);
    expect((await pagina('&orden=margen&direccion=desc')).lineas.map((l) => l.margen)).toEqual([800, 600, 400, 300, -300, null, null]);
  });

  it('filters by category, payment method and the product name, and counts what it filtered', async () => {
    expect(await pagina('&categoria=Abarrotes')).toMatchObject({ total: 2, lineas: [{ subtotal: 3000 }, { subtotal: 1500 }] });
    const efectivo = await pagina('&metodo_pago=Efectivo');
    expect(efectivo.total).toBe(3);
    expect(efectivo.lineas.map((l) => l.nombre_producto)).toEqual(['pan', 'leche', 'pan']);
    const busqueda = await pagina('&search=LÉCH');
    expect(busqueda.total).toBe(2);
    expect(busqueda.lineas.map((l) => l.subtotal)).toEqual([2400, 1200]);
    expect((await pagina('&search=%25')).total).toBe(0);
  });

  const FILAS_ESPERADAS = [
    ['2026-04-03', '10:15', 'pan', 'Panadería', 'Efectivo', 2, 'unidad', 1000, 2000, 600, 800],
    ['2026-04-03', '10:15', 'leche', 'Lácteos y Quesos', 'Efectivo', 1, 'unidad', 1200, 1200, 900, 300],
    ['2026-04-04', '23:30', 'arroz', 'Abarrotes', 'Tarjeta de Débito', 1, 'unidad', 1500, 1500, null, null],
    ['2026-04-04', '23:30', 'pan', 'Panadería', 'Efectivo', 1, 'unidad', 1000, 1000, 600, 400],
    ['2026-04-05', '09:00', 'leche', 'Lácteos y Quesos', 'Tarjeta de Crédito', 2, 'unidad', 1200, 2400, 900, 600],
    ['2026-04-05', '09:00', 'arroz', 'Abarrotes', 'Tarjeta de Crédito', 2, 'unidad', 1500, 3000, null, null],
    ['2026-04-06', '18:45', 'detergente', 'Limpieza', 'Transferencia Bancaria', 1, 'unidad', 3000, 3000, 3300, -300],
  ];

  it('formato=csv downloads every filtered line, oldest first, in Santiago time, with the numbers of the screen', async () => {
    const res = await cliente.request({ method: 'GET', url: `/api/analitica/lineas?${RANGO}&formato=csv&limit=1` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('ventas_2026-04-03_2026-04-06.csv');
    const filas = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;
    expect(filas[0]).toEqual([
      'N° venta',
      'Fecha',
      'Hora',
      'Producto',
      'Categoría',
      'Método de pago',
      'Cantidad',
      'Unidad',
      'Precio unitario',
      'Subtotal',
      'Costo unitario',
      'Margen',
    ]);
    expect(filas.slice(1).map((f) => f.slice(1))).toEqual(FILAS_ESPERADAS.map((f) => f.map((c) => (c === null ? '' : String(c)))));
    const pantalla = (await pagina('&orden=fecha&direccion=asc')).lineas;
    expect(filas.slice(1).map((f) => Number(f[0]))).toEqual(pantalla.map((l) => l.numero_venta));
  });

  it('formato=xlsx: the same lines, numbers as numbers; filters apply to the file too', async () => {
    const res = await cliente.request({ method: 'GET', url: `/api/analitica/lineas?${RANGO}&formato=xlsx` });
    expect(res.statusCode).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0]!;
    const filas: unknown[][] = [];
    hoja.eachRow((fila, n) => {
      if (n > 1) filas.push(Array.from({ length: 11 }, (_, i) => fila.getCell(i + 2).value ?? null));
    });
    expect(filas).toEqual(FILAS_ESPERADAS);
    const filtrado = await cliente.request({ method: 'GET', url: `/api/analitica/lineas?${RANGO}&formato=csv&categoria=Limpieza` });
    expect(filtrado.body.trim().split('\r\n')).toHaveLength(2);
  });
});

describe('GET /api/analitica/cubo', () => {
  it('category × weekday × hour with pesos, units and margin; only the cells that sold', async () => {
    expect(await get(`cubo?${RANGO}`)).toEqual({
      desde: '2026-04-03',
      hasta: '2026-04-06',
      categorias: ['Abarrotes', 'Lácteos y Quesos', 'Limpieza', 'Panadería'],
      celdas: [
        { categoria: 'Abarrotes', dia_semana: 6, hora: 23, ingresos: 1500, unidades: 1, gramos: 0, margen: 0 },
        { categoria: 'Abarrotes', dia_semana: 7, hora: 9, ingresos: 3000, unidades: 2, gramos: 0, margen: 0 },
        { categoria: 'Lácteos y Quesos', dia_semana: 5, hora: 10, ingresos: 1200, unidades: 1, gramos: 0, margen: 300 },
        { categoria: 'Lácteos y Quesos', dia_semana: 7, hora: 9, ingresos: 2400, unidades: 2, gramos: 0, margen: 600 },
        { categoria: 'Limpieza', dia_semana: 1, hora: 18, ingresos: 3000, unidades: 1, gramos: 0, margen: -300 },
        { categoria: 'Panadería', dia_semana: 5, hora: 10, ingresos: 2000, unidades: 2, gramos: 0, margen: 800 },
        { categoria: 'Panadería', dia_semana: 6, hora: 23, ingresos: 1000, unidades: 1, gramos: 0, margen: 400 },
      ],
    });
    expect((await get(`cubo?${RANGO}&metodo_pago=Tarjeta de Crédito`)).celdas).toHaveLength(2);
  });
});

describe('GET /api/analitica/informe', () => {
  it('a calendar month against the whole month before', async () => {
    const informe = await get('informe?mes=2026-04');
    expect(informe).toMatchObject({
      mes: '2026-04',
      nombre_minimarket: 'Almacén analitica',
      actual: {
        desde: '2026-04-01',
        hasta: '2026-04-30',
        ...CIFRAS_DEL_RANGO,
      },
      anterior: {
        desde: '2026-03-01',
        hasta: '2026-03-31',
        hasta_hora: null,
        hasta_minuto: null,
        comparacion: 'mismos_dias_mes_anterior',
        ...CIFRAS_DE_S6,
        margen_pct: 40,
      },
      horas_peak: [
        { dia_semana: 6, hora: 23, ventas: 2, ingresos: 2500 },
        { dia_semana: 7, hora: 9, ventas: 1, ingresos: 5400 },
        { dia_semana: 5, hora: 10, ventas: 1, ingresos: 3200 },
      ],
    });
    expect(informe.por_dia).toHaveLength(30);
    expect(informe.por_dia[4]).toEqual({ periodo: '2026-04-05', en_curso: false, ventas: 1, ingresos: 5400, unidades: 4, gramos: 0 });
    expect(informe.por_categoria[0]).toEqual({ categoria: 'Abarrotes', ventas: 2, ingresos: 4500, unidades: 3, gramos: 0 });
    expect(informe.por_metodo_pago).toHaveLength(4);
    expect(informe.productos.map((p: { ingresos: number }) => p.ingresos)).toEqual([4500, 3600, 3000, 3000]);
    expect((await get('informe?mes=2026-02')).anterior).toMatchObject({ desde: '2026-01-01', hasta: '2026-01-31', ventas: 0 });
  });

  it.each(['2026-13', '2026-4', 'abril'])('mes=%s → 422', async (mes) => {
    const res = await cliente.request({ method: 'GET', url: `/api/analitica/informe?mes=${mes}` });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('El mes debe tener el formato AAAA-MM (por ejemplo 2026-11).');
  });
});

describe('who may ask, and bad questions', () => {
  it("a pyme gets its own shop without naming it; another shop's id is refused; an administrador must name one", async () => {
    expect((await get(`resumen?${RANGO}`)).ventas).toBe(5);
    const otro = await ctx.as(DEMO.pyme);
    const res = await otro.request({ method: 'GET', url: `/api/analitica/resumen?id_minimarket=${tienda}` });
    expect(res.statusCode).toBe(403);
    const admin = await ctx.as(DEMO.admin);
    const sin = await admin.request({ method: 'GET', url: '/api/analitica/resumen' });
    expect(sin.statusCode).toBe(422);
    expect(sin.json().detail).toBe('Indica el minimarket (id_minimarket).');
    const con = await admin.request({ method: 'GET', url: `/api/analitica/resumen?id_minimarket=${tienda}&${RANGO}` });
    expect(con.json().ingresos).toBe(14_100);
  });

  it.each([
    ['desde=2026-02-30', 'La fecha debe tener el formato AAAA-MM-DD (por ejemplo 2026-11-23).'],
    ['desde=03-04-2026', 'La fecha debe tener el formato AAAA-MM-DD (por ejemplo 2026-11-23).'],
    ['desde=2026-04-06&hasta=2026-04-03', 'La fecha de inicio no puede ser posterior a la fecha de término.'],
    ['desde=2020-01-01&hasta=2026-01-01', 'El rango puede tener a lo más 1100 días.'],
    ['categoria=Electrónica', 'La categoría no es válida.'],
    ['metodo_pago=Cheque', 'El método de pago no es válido.'],
  ])('%s → 422 %s', async (q, mensaje) => {
    const res = await cliente.request({ method: 'GET', url: `/api/analitica/resumen?${q}` });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(mensaje);
  });
});

describe('the summaries are exact', () => {
  it('after a sale at the counter and an imported file, every figure equals the sum of the raw lines', async () => {
    // A counter sale today: registrar_venta marks today pending; the next read sums it.
    const hoy = (await get('resumen')).hasta as string;
    const antes = await get(`resumen?desde=${hoy}&hasta=${hoy}`);
    const venta = await cliente.request(
      pedidoVentaDe(tienda, [
        { id_producto: id.pan, precio: 1000, n: 1 },
        { id_producto: id.leche, precio: 1200, n: 1 },
      ]),
    );
    expect(venta.statusCode).toBe(201);
    const despues = await get(`resumen?desde=${hoy}&hasta=${hoy}`);
    expect(despues.ventas - antes.ventas).toBe(1);
    expect(despues.ingresos - antes.ingresos).toBe(2200);
    expect(despues.margen - antes.margen).toBe(2200 - 1500);

    // An imported file: a sale on Sunday 5 April, a day already summed (pan 2 + arroz 1 = 3.500),
    // and one today (leche 1 = 1.200) at midnight: any later hour would be in the future (refused) when the
    // suite runs just after midnight. The import marks both days; the next read sums them again.
    const { id_usuario } = await ctx.db.minimarket.findUniqueOrThrow({ where: { id_minimarket: tienda } });
    const csv = [
      'id_venta_csv;fecha_venta;metodo_pago;codigo_barra;num_unidades',
      'IMP-1;2026-04-05 10:00:00;Efectivo;AN-1;2',
      'IMP-1;2026-04-05 10:00:00;Efectivo;AN-3;1',
      `IMP-2;${hoy} 00:00:00;Tarjeta de Débito;AN-2;1`,
    ].join('\r\n');
    const carga = await importar(cliente, { id_minimarket: tienda, id_usuario, upload_type: 'ventas' }, 'ventas.csv', csv);
    expect(carga.carga.estado_procesamiento).toBe('Completado');
    expect(await get('resumen?desde=2026-04-05&hasta=2026-04-05')).toMatchObject({ ventas: 2, ingresos: 5400 + 3500 });
    expect((await get(`resumen?desde=${hoy}&hasta=${hoy}`)).ingresos - despues.ingresos).toBe(1200);

    // Every hour, category and product of the shop against the raw lines.
    const crudo = await ctx.db.$queryRaw<Array<{ dia: string; ventas: number; ingresos: number; unidades: number }>>`
      SELECT to_char((v.fecha_venta AT TIME ZONE 'America/Santiago')::date, 'YYYY-MM-DD') AS dia,
             count(DISTINCT v.id_venta)::int AS ventas, sum(d.subtotal)::int AS ingresos,
             coalesce(sum(d.num_unidades) FILTER (WHERE d.unidad <> 'kg'), 0)::int AS unidades
      FROM venta v JOIN detalle_venta d ON d.id_venta = v.id_venta
      WHERE v.id_minimarket = ${tienda} AND v.estado_venta = 'Completada'
      GROUP BY 1 ORDER BY 1`;
    const serie = (await get(`serie?desde=2026-03-01&hasta=${hoy}`)) as Array<{
      periodo: string;
      ventas: number;
      ingresos: number;
      unidades: number;
    }>;
    expect(
      serie.filter((p) => p.ventas > 0).map(({ periodo, ventas, ingresos, unidades }) => ({ periodo, ventas, ingresos, unidades })),
    ).toEqual(crudo.map((c) => ({ periodo: c.dia, ventas: c.ventas, ingresos: c.ingresos, unidades: c.unidades })));
    const porCategoria = await ctx.db.$queryRaw<
      Array<{ categoria: string; ventas: number; ingresos: number; unidades: number; gramos: number }>
    >`
      SELECT d.categoria, count(DISTINCT v.id_venta)::int AS ventas, sum(d.subtotal)::int AS ingresos,
             coalesce(sum(d.num_unidades) FILTER (WHERE d.unidad <> 'kg'), 0)::int AS unidades,
             coalesce(sum(d.num_unidades) FILTER (WHERE d.unidad = 'kg'), 0)::int AS gramos
      FROM venta v JOIN detalle_venta d ON d.id_venta = v.id_venta
      WHERE v.id_minimarket = ${tienda} AND v.estado_venta = 'Completada'
      GROUP BY 1 ORDER BY 3 DESC, 1`;
    const categorias = (await get(`por-categoria?desde=2026-03-01&hasta=${hoy}`)) as typeof porCategoria;
    expect([...categorias].sort((a, b) => a.categoria.localeCompare(b.categoria))).toEqual(
      [...porCategoria].sort((a, b) => a.categoria.localeCompare(b.categoria)),
    );
    const porProducto = await ctx.db.$queryRaw<Array<{ id_producto: number; ingresos: number }>>`
      SELECT d.id_producto, sum(d.subtotal)::int AS ingresos FROM venta v JOIN detalle_venta d ON d.id_venta = v.id_venta
      WHERE v.id_minimarket = ${tienda} AND v.estado_venta = 'Completada' GROUP BY 1 ORDER BY 2 DESC, 1`;
    expect(
      ((await get(`ranking?desde=2026-03-01&hasta=${hoy}&limite=100`)) as Array<{ id_producto: number; ingresos: number }>).map((r) => ({
        id_producto: r.id_producto,
        ingresos: r.ingresos,
      })),
    ).toEqual(porProducto);
  });
});
