// A period still going on is compared with the same elapsed part of the one before (issue #18):
// today until now against yesterday until this same minute (issue 32: it was until the end of this
// hour), the month to date against the same days of last month; and charts mark today's period as
// "en curso". The clock is Tuesday 24 November 2026, 15:30 in Santiago. Only Date is faked; the clock
// keeps moving (a test file takes seconds, not the half minute that would reach 15:31), so tokens and
// timeouts behave.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertarHistorial, reservarIdsVenta } from '../src/data/venta.js';
import { diaLocal, localAUtc } from '../src/lib/tiempo.js';
import { crearTestUsuario } from './analitica-fixture.js';
import { createTestContext, type TestContext } from './helpers.js';

vi.hoisted(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: new Date('2026-11-24T18:30:00Z') });
});

let ctx: TestContext;
let cliente: Awaited<ReturnType<TestContext['as']>>;

// [day, hour, minute, pesos]: one product at $1.000, sold in units.
const VENTAS: Array<[string, number, number, number]> = [
  ['2026-10-01', 10, 0, 1000],
  ['2026-10-24', 15, 10, 3000], // the same day of last month, before 15:30: counts
  ['2026-10-24', 15, 31, 8000], // that day in this hour but after this minute: not yet comparable
  ['2026-10-24', 16, 10, 7000], // after this hour of that day: not yet comparable
  ['2026-10-25', 10, 0, 9000], // past the same days of last month
  ['2026-11-01', 10, 0, 4000],
  ['2026-11-23', 15, 10, 1000], // yesterday before 15:30: counts against today
  ['2026-11-23', 15, 30, 2000], // yesterday in this very minute (15:30:00): counts
  ['2026-11-23', 15, 45, 6000], // yesterday in this hour, after this minute: not against a day that is at 15:30
  ['2026-11-23', 16, 10, 5000], // yesterday after this hour: not either
  ['2026-11-24', 10, 0, 2000], // today
];

beforeAll(async () => {
  ctx = await createTestContext();
  const f = await crearTestUsuario(ctx, 'comparacion');
  cliente = f.cliente;
  const producto = await ctx.db.producto.create({
    data: {
      id_minimarket: f.idMinimarket,
      nombre_producto: 'Pan',
      categoria: 'Panadería',
      precio_venta_actual: 1000,
      stock: 100,
      codigo_barra: 'CMP-1',
    },
  });
  const { id_usuario } = await ctx.db.minimarket.findUniqueOrThrow({ where: { id_minimarket: f.idMinimarket } });
  const ids = await reservarIdsVenta(ctx.db, VENTAS.length);
  await insertarHistorial(
    ctx.db,
    VENTAS.map(([dia, hora, minuto, pesos], i) => {
      const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
      return {
        id_venta: ids[i]!,
        id_minimarket: f.idMinimarket,
        id_usuario,
        fecha_venta: localAUtc(a, m, d, hora, minuto),
        total: pesos,
        metodo_pago: 'Efectivo',
        estado_venta: 'Completada',
      };
    }),
    VENTAS.map(([, , , pesos], i) => ({
      id_venta: ids[i]!,
      id_minimarket: f.idMinimarket,
      id_producto: producto.id_producto,
      num_unidades: pesos / 1000,
      precio_unitario: 1000,
      subtotal: pesos,
      nombre_producto: 'Pan',
      costo_unitario: null,
      categoria: 'Panadería',
    })),
  );
});
afterAll(() => ctx.close());

async function get(ruta: string) {
  const res = await cliente.request({ method: 'GET', url: `/api/analitica/${ruta}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('a period still going on against the same elapsed part of the one before', () => {
  it('runs on Tuesday 24 November 2026 in Santiago', () => {
    expect(diaLocal(new Date())).toBe('2026-11-24');
  });

  it('today until now against yesterday until this same minute: the minutes of this hour read from the sales', async () => {
    const r = await get('resumen?desde=2026-11-24&hasta=2026-11-24');
    expect(r.ingresos).toBe(2000);
    expect(r.anterior).toMatchObject({
      desde: '2026-11-23',
      hasta: '2026-11-23',
      hasta_hora: 15,
      hasta_minuto: 30,
      comparacion: 'periodo_anterior',
      ingresos: 1000 + 2000,
      ventas: 2,
      unidades: 1 + 2,
    });
  });

  it('the same cut with a filter: a payment method the minutes of this hour did not use counts none of them', async () => {
    const tarjeta = await get('resumen?desde=2026-11-24&hasta=2026-11-24&metodo_pago=Tarjeta%20de%20D%C3%A9bito');
    expect(tarjeta.anterior).toMatchObject({ hasta_minuto: 30, ingresos: 0, ventas: 0 });
    const efectivo = await get('resumen?desde=2026-11-24&hasta=2026-11-24&metodo_pago=Efectivo&categoria=Panader%C3%ADa');
    expect(efectivo.anterior).toMatchObject({ hasta_minuto: 30, ingresos: 3000, ventas: 2 });
  });

  it('the month to date against the same days of last month, its last day until this hour', async () => {
    const r = await get('resumen?desde=2026-11-01&hasta=2026-11-24');
    expect(r.ingresos).toBe(4000 + 1000 + 2000 + 6000 + 5000 + 2000);
    expect(r.anterior).toMatchObject({
      desde: '2026-10-01',
      hasta: '2026-10-24',
      hasta_hora: 15,
      hasta_minuto: 30,
      comparacion: 'mismos_dias_mes_anterior',
      ingresos: 1000 + 3000,
    });
    const informe = await get('informe');
    expect(informe.mes).toBe('2026-11');
    expect(informe.anterior).toMatchObject({ desde: '2026-10-01', hasta: '2026-10-24', hasta_hora: 15, hasta_minuto: 30, ingresos: 4000 });
  });

  it('a range that ended is compared whole: yesterday against the day before, all of it', async () => {
    expect((await get('resumen?desde=2026-11-23&hasta=2026-11-23')).anterior).toMatchObject({
      hasta_hora: null,
      hasta_minuto: null,
      ingresos: 0,
    });
    expect((await get('informe?mes=2026-10')).anterior).toMatchObject({
      desde: '2026-09-01',
      hasta: '2026-09-30',
      hasta_hora: null,
      hasta_minuto: null,
    });
  });

  it('charts mark the period that holds today as en curso, not as a drop', async () => {
    const dias = (await get('serie?desde=2026-11-20&hasta=2026-11-24')) as Array<{ periodo: string; en_curso: boolean }>;
    expect(dias.map((p) => [p.periodo, p.en_curso])).toEqual([
      ['2026-11-20', false],
      ['2026-11-21', false],
      ['2026-11-22', false],
      ['2026-11-23', false],
      ['2026-11-24', true],
    ]);
    const meses = (await get('serie?desde=2026-10-01&hasta=2026-11-24&agrupar=mes')) as Array<{ periodo: string; en_curso: boolean }>;
    expect(meses.map((p) => [p.periodo, p.en_curso])).toEqual([
      ['2026-10-01', false],
      ['2026-11-01', true],
    ]);
    const semanas = (await get('serie?desde=2026-11-16&hasta=2026-11-24&agrupar=semana')) as Array<{ periodo: string; en_curso: boolean }>;
    expect(semanas.map((p) => [p.periodo, p.en_curso])).toEqual([
      ['2026-11-16', false],
      ['2026-11-23', true],
    ]);
  });
});
