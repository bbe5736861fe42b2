// GET /api/analitica/recomendaciones against a fixture shop whose sales sit at days counted back
// from today (the windows end today), every list worked out by hand beside the data. Revenue of the
// last 90 days is 100.000 so the ABC boundaries fall exactly on 80 % and 95 %.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearTestUsuario, diaSemana, hace, hoy, insertarVentasDeHistorial, instante } from './analitica-fixture.js';
import { createTestContext, DEMO, pedidoVentaDe, type TestContext } from './helpers.js';

let ctx: TestContext;
let tienda: number;
let cliente: Awaited<ReturnType<TestContext['as']>>;

// nombre: [categoría, precio venta, precio compra, stock, estado]
const PRODUCTOS = {
  pan: ['Panadería', 1000, 600, 5, 'activo'],
  leche: ['Lácteos y Quesos', 1500, 1440, 3, 'activo'], // margin 60 / 1.500 = 4,0 %
  arroz: ['Abarrotes', 2000, null, 0, 'activo'],
  detergente: ['Limpieza', 1750, 1925, 20, 'activo'], // margin −175 / 1.750 = −10,0 %
  azucar: ['Abarrotes', 1000, 700, 4, 'activo'],
  sal: ['Abarrotes', 500, 300, 4, 'activo'],
  fideos: ['Abarrotes', 900, null, 12, 'activo'], // never sold, no purchase price
  aceite: ['Abarrotes', 1000, 990, 10, 'inactivo'], // inactive: in no list
  galletas: ['Abarrotes', 1000, 500, 10, 'activo'], // on the shelf for 5 days, never sold: not dead stock yet
  bebida: ['Botillería', 1000, 900, 0, 'activo'], // exactly 10,0 %: not thin
  jugo: ['Botillería', 1000, 901, 0, 'activo'], // 9,9 %: thin
} as const;
type P = keyof typeof PRODUCTOS;
const id = {} as Record<P, number>;

// [days ago, local hour, minute, product, units, voided?]
const VENTAS: Array<[number, number, number, P, number, boolean?]> = [
  [0, 9, 0, 'arroz', 7], // today: arroz 7 × 2.000 = 14.000
  [1, 10, 0, 'pan', 5], // yesterday 10:00 and 10:30: two sales in one weekday-hour cell, 10.000
  [1, 10, 30, 'pan', 5],
  [1, 11, 0, 'detergente', 5, true], // voided: detergente still has no sale in 30 days
  [2, 18, 0, 'leche', 10], // 15.000
  [10, 10, 0, 'pan', 18], // 18.000 — pan 28 units in the last 28 days
  [29, 12, 0, 'azucar', 1], // 1.000, the oldest day of the 30: azúcar is not dead stock
  [30, 12, 0, 'sal', 1], // 500, one day before: sal is dead stock since then
  [30, 13, 0, 'pan', 14], // 14.000 — pan 14 units in the 28 days before
  [40, 9, 0, 'arroz', 12], // 24.000 — arroz 12 units in the 28 days before
  [45, 9, 0, 'detergente', 2], // 3.500, its last sale
  [100, 9, 0, 'pan', 50], // outside every window
];

beforeAll(async () => {
  ctx = await createTestContext();
  const f = await crearTestUsuario(ctx, 'recomendaciones');
  tienda = f.idMinimarket;
  cliente = f.cliente;
  for (const [nombre, [categoria, venta, compra, stock, estado]] of Object.entries(PRODUCTOS)) {
    // On the shelf since long before every window, but galletas, new this week.
    const p = await ctx.db.producto.create({
      data: {
        fecha_creacion: instante(hace(nombre === 'galletas' ? 5 : 120), 9),
        id_minimarket: tienda,
        nombre_producto: nombre,
        categoria,
        precio_venta_actual: venta,
        precio_compra_actual: compra,
        stock,
        estado,
        codigo_barra: `RC-${nombre}`,
      },
    });
    id[nombre as P] = p.id_producto;
  }
  await insertarVentasDeHistorial(
    ctx,
    tienda,
    VENTAS.map(([dias, hora, minuto, p, u, anulada]) => ({
      fecha: instante(hace(dias), hora, minuto),
      metodo: 'Efectivo',
      anulada,
      lineas: [
        {
          id_producto: id[p],
          num_unidades: u,
          precio_unitario: PRODUCTOS[p][1],
          nombre_producto: p,
          costo_unitario: PRODUCTOS[p][2],
          categoria: PRODUCTOS[p][0],
        },
      ],
    })),
  );
  // The worker sums the history's days (a read would add only the most recent week itself).
  await ctx.app.services.resumidor.vaciar();
});
afterAll(() => ctx.close());

async function recomendaciones() {
  const res = await cliente.request({ method: 'GET', url: '/api/analitica/recomendaciones' });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const ref = (p: P) => ({ id_producto: id[p], nombre_producto: p, categoria: PRODUCTOS[p][0], codigo_barra: `RC-${p}`, unidad: 'unidad' });

describe('GET /api/analitica/recomendaciones', () => {
  it('reponer: stock for fewer than 7 days at the pace of the last 28, most urgent first, enough for 14 days', async () => {
    const r = await recomendaciones();
    expect(r.hoy).toBe(hoy);
    expect(r.reponer).toEqual([
      // 7 units / 28 = 0,25 a day, no stock: 0 days; 14 × 0,25 − 0 = 3,5 → 4.
      { ...ref('arroz'), stock: 0, unidades_28d: 7, venta_diaria: 0.25, dias_cobertura: 0, sugerido: 4 },
      // 28 units / 28 = 1 a day, 5 in stock: 5 days; 14 − 5 = 9.
      { ...ref('pan'), stock: 5, unidades_28d: 28, venta_diaria: 1, dias_cobertura: 5, sugerido: 9 },
      // leche: 10 / 28 = 0,36 a day, 3 in stock last 8,4 days: not listed.
    ]);
  });

  it('mas_vendidos: by units of the last 28 days, the trend against the 28 before (null when none then)', async () => {
    expect((await recomendaciones()).mas_vendidos).toEqual([
      { ...ref('pan'), unidades: 28, ingresos: 28_000, unidades_anterior: 14, tendencia_pct: 100 },
      { ...ref('leche'), unidades: 10, ingresos: 15_000, unidades_anterior: 0, tendencia_pct: null },
      // (7 − 12) / 12 = −41,67 %.
      { ...ref('arroz'), unidades: 7, ingresos: 14_000, unidades_anterior: 12, tendencia_pct: -41.7 },
    ]);
  });

  it('sin_ventas: active, with stock, no sale in the last 30 days (the voided one does not count), most capital first; not a product younger than the window', async () => {
    expect((await recomendaciones()).sin_ventas).toEqual([
      { ...ref('detergente'), stock: 20, precio_compra_actual: 1925, capital_inmovilizado: 38_500, ultima_venta: hace(45) },
      { ...ref('sal'), stock: 4, precio_compra_actual: 300, capital_inmovilizado: 1200, ultima_venta: hace(30) },
      { ...ref('fideos'), stock: 12, precio_compra_actual: null, capital_inmovilizado: 0, ultima_venta: null },
    ]);
  });

  it('margen_bajo: active products under 10 % (exactly 10 % is not), negative first', async () => {
    expect((await recomendaciones()).margen_bajo).toEqual([
      { ...ref('detergente'), precio_venta_actual: 1750, precio_compra_actual: 1925, margen_pct: -10 },
      { ...ref('leche'), precio_venta_actual: 1500, precio_compra_actual: 1440, margen_pct: 4 },
      { ...ref('jugo'), precio_venta_actual: 1000, precio_compra_actual: 901, margen_pct: 9.9 },
    ]);
  });

  it('horas_peak: the three weekday-hour cells of the last 28 days with most sales, then most pesos', async () => {
    expect((await recomendaciones()).horas_peak).toEqual([
      { dia_semana: diaSemana(hace(1)), hora: 10, ventas: 2, ingresos: 10_000 },
      { dia_semana: diaSemana(hace(10)), hora: 10, ventas: 1, ingresos: 18_000 },
      { dia_semana: diaSemana(hace(2)), hora: 18, ventas: 1, ingresos: 15_000 },
    ]);
  });

  it('abc: 90 days of revenue; A up to 80 % of the running total, B up to 95 %, C the rest — boundaries included', async () => {
    const abc = (await recomendaciones()).abc as Array<{
      nombre_producto: string;
      ingresos: number;
      participacion_pct: number;
      acumulado_pct: number;
      clase: string;
    }>;
    expect(abc.map((x) => [x.nombre_producto, x.ingresos, x.participacion_pct, x.acumulado_pct, x.clase])).toEqual([
      ['pan', 42_000, 42, 42, 'A'],
      ['arroz', 38_000, 38, 80, 'A'],
      ['leche', 15_000, 15, 95, 'B'],
      ['detergente', 3500, 3.5, 98.5, 'C'],
      ['azucar', 1000, 1, 99.5, 'C'],
      ['sal', 500, 0.5, 100, 'C'],
    ]);
    expect(abc[0]).toMatchObject(ref('pan'));
  });

  it('once a week, a shop with products to reorder gets a "Nuevas recomendaciones" notice linking to them', async () => {
    const aviso = ctx.app.services.avisoRecomendaciones;
    const avisos = () =>
      ctx.db.notificacion.findMany({ where: { id_minimarket: tienda, tipo: 'recomendaciones' }, orderBy: { fecha: 'asc' } });
    await aviso.enviar();
    const res = await cliente.request({ method: 'GET', url: '/api/notificaciones' });
    const campana = (res.json().notificaciones as Array<{ tipo: string }>).filter((n) => n.tipo === 'recomendaciones');
    expect(campana).toEqual([
      expect.objectContaining({
        titulo: 'Nuevas recomendaciones',
        descripcion: 'Conviene reponer "arroz" y 1 producto más antes de que se agoten.',
        url_accion: '/visualizar/recomendaciones',
        leida: false,
      }),
    ]);
    // Again the same week: nothing new. Eight days later, from two replicas at once: one more.
    await aviso.enviar();
    expect(await avisos()).toHaveLength(1);
    const enOchoDias = new Date(Date.now() + 8 * 86_400_000);
    await Promise.all([aviso.enviar(enOchoDias), aviso.enviar(enOchoDias)]);
    expect(await avisos()).toHaveLength(2);
    await ctx.db.notificacion.deleteMany({ where: { id_minimarket: tienda, tipo: 'recomendaciones' } });
  });

  it('a shop with nothing to reorder gets no notice', async () => {
    const quieta = await crearTestUsuario(ctx, 'sin-reponer');
    await ctx.app.services.avisoRecomendaciones.enviar();
    expect(await ctx.db.notificacion.count({ where: { id_minimarket: quieta.idMinimarket } })).toBe(0);
  });

  it('a sale at the counter moves the lists at once', async () => {
    // Selling 3 of the 3 leche left: 13 units in 28 days, no stock → first to reorder.
    const venta = await cliente.request(pedidoVentaDe(tienda, [{ id_producto: id.leche, precio: 1500, n: 3 }]));
    expect(venta.statusCode).toBe(201);
    const r = await recomendaciones();
    expect(r.reponer[0]).toMatchObject({ nombre_producto: 'leche', stock: 0, unidades_28d: 13, venta_diaria: 0.46, sugerido: 7 });
    expect(r.mas_vendidos[1]).toMatchObject({ nombre_producto: 'leche', unidades: 13 });
  });

  it("another shop's id is refused; an administrador names the shop", async () => {
    const otro = await ctx.as(DEMO.pyme);
    const res = await otro.request({ method: 'GET', url: `/api/analitica/recomendaciones?id_minimarket=${tienda}` });
    expect(res.statusCode).toBe(403);
    const admin = await ctx.as(DEMO.admin);
    expect((await admin.request({ method: 'GET', url: '/api/analitica/recomendaciones' })).statusCode).toBe(422);
    const con = await admin.request({ method: 'GET', url: `/api/analitica/recomendaciones?id_minimarket=${tienda}` });
    expect(con.json().abc).toHaveLength(6);
  });
});
