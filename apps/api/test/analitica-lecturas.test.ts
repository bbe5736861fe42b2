// Reads that hold under real use (issue #18): a range is checked once resolved; a year of history
// imported a moment ago never makes a read wait (the worker sums it, the read says what is still
// being prepared); a sale that marks its day while the worker sums it is never lost from the
// summaries; heavy reads take turns and a timeout; the weekly notice goes on past a shop that fails.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desplazarDia } from '@minimarket/contracts/dias';
import { sumarPendientes } from '../src/data/resumen-ventas.js';
import { insertarHistorial, reservarIdsVenta } from '../src/data/venta.js';
import { MENSAJE_CONSULTA_LARGA, MENSAJE_DEMASIADAS_PESADAS } from '../src/modules/analitica/lectura-pesada.js';
import { diaLocal, localAUtc } from '../src/lib/tiempo.js';
import { crearTestUsuario } from './analitica-fixture.js';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
let tienda: number;
let idUsuario: number;
let cliente: Awaited<ReturnType<TestContext['as']>>;
let pan: number;
const hoy = diaLocal(new Date());

beforeAll(async () => {
  ctx = await createTestContext();
  const f = await crearTestUsuario(ctx, 'lecturas');
  tienda = f.idMinimarket;
  cliente = f.cliente;
  idUsuario = (await ctx.db.minimarket.findUniqueOrThrow({ where: { id_minimarket: tienda } })).id_usuario;
  pan = (
    await ctx.db.producto.create({
      data: {
        id_minimarket: tienda,
        nombre_producto: 'Pan Amasado',
        categoria: 'Panadería',
        precio_venta_actual: 1000,
        precio_compra_actual: 600,
        stock: 10_000,
        codigo_barra: 'LEC-1',
      },
    })
  ).id_producto;
});
afterAll(() => ctx.close());

async function get(ruta: string, quien = cliente) {
  return quien.request({ method: 'GET', url: `/api/analitica/${ruta}` });
}

const venta = (unidades = 1) =>
  cliente.request({
    method: 'POST',
    url: '/api/ventas/',
    payload: {
      id_minimarket: tienda,
      total: 1000 * unidades,
      metodo_pago: 'Efectivo',
      detalles: [{ id_producto: pan, num_unidades: unidades, precio_unitario: 1000, subtotal: 1000 * unidades }],
    },
  });

/** The days the shop still has pending, most recent first. */
async function pendientes(): Promise<string[]> {
  const filas = await ctx.db.$queryRaw<{ dia: string }[]>`
    SELECT to_char(dia, 'YYYY-MM-DD') AS dia FROM resumen_pendiente WHERE id_minimarket = ${tienda} ORDER BY dia DESC`;
  return filas.map((f) => f.dia);
}

/** A day as the summary tables hold it (not through a read) and as the sales that count say it is. */
async function tablasYCrudo(dia: string) {
  const [tablas] = await ctx.db.$queryRaw<{ ventas: number; ingresos: number }[]>`
    SELECT coalesce(sum(ventas), 0)::int AS ventas, coalesce(sum(ingresos), 0)::int AS ingresos
    FROM resumen_venta_hora WHERE id_minimarket = ${tienda} AND hora >= ${dia}::date AND hora < ${dia}::date + 1`;
  const [crudo] = await ctx.db.$queryRaw<{ ventas: number; ingresos: number }[]>`
    SELECT count(*)::int AS ventas, coalesce(sum(ingreso), 0)::int AS ingresos FROM venta_contada
    WHERE id_minimarket = ${tienda} AND (fecha_venta AT TIME ZONE 'America/Santiago')::date = ${dia}::date`;
  return { tablas, crudo };
}

describe('a range is checked once resolved (one-sided ranges too): 422 in Spanish, never a 500', () => {
  const FUERA = 'Las fechas deben estar entre el año 2000 y el 2100.';
  it.each([
    ['desde=0001-01-01', 422, FUERA],
    ['hasta=0099-12-31', 422, FUERA],
    ['desde=0099-06-01&hasta=2026-01-01', 422, FUERA],
    ['hasta=9999-12-31', 422, FUERA],
    ['desde=1999-12-31&hasta=2000-01-05', 422, FUERA],
    // One-sided: 30 days from desde (or up to hasta) fall past the years allowed.
    ['desde=2100-12-20', 422, FUERA],
    ['hasta=2000-01-10', 422, FUERA],
    ['desde=2026-04-06&hasta=2026-04-03', 422, 'La fecha de inicio no puede ser posterior a la fecha de término.'],
    ['desde=2023-01-01&hasta=2026-11-24', 422, 'El rango puede tener a lo más 1100 días.'],
    ['desde=2000-01-01&hasta=2000-01-01', 200, null],
    ['desde=2100-12-01&hasta=2100-12-31', 200, null],
    ['desde=2024-01-01&hasta=2027-01-04', 200, null],
  ] as const)('%s → %i', async (q, estado, mensaje) => {
    const res = await get(`resumen?${q}`);
    expect(res.statusCode).toBe(estado);
    if (mensaje) expect(res.json()).toMatchObject({ detail: mensaje, code: 'VALIDATION_ERROR' });
  });

  it.each(['resumen', 'serie', 'por-categoria', 'por-metodo-pago', 'mapa-calor', 'ranking', 'lineas', 'cubo', 'lineas?formato=csv'])(
    '%s with desde=0001-01-01 alone → 422',
    async (ruta) => {
      const res = await get(`${ruta}${ruta.includes('?') ? '&' : '?'}desde=0001-01-01`);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe(FUERA);
    },
  );
});

describe('the summaries are summed by the worker, never by a read', () => {
  it('a day a sale is marking is skipped, not summed without that sale (the sale holds its pending row)', async () => {
    expect((await venta()).statusCode).toBe(201);
    await ctx.app.services.resumidor.vaciar();
    expect((await venta()).statusCode).toBe(201);
    expect(await pendientes()).toEqual([hoy]);

    // A third sale, left uncommitted: its lines are in, and it has marked today (row lock held).
    const t1 = new pg.Client({ connectionString: ctx.databaseUrl });
    await t1.connect();
    try {
      await t1.query('BEGIN');
      await t1.query(`SELECT registrar_venta($1, $2, 'Efectivo', 'Completada', 2000, NULL, $3::jsonb, NULL)`, [
        tienda,
        idUsuario,
        JSON.stringify([{ id_producto: pan, num_unidades: 2, precio_unitario: 1000, subtotal: 2000 }]),
      ]);
      // The worker, meanwhile: today is locked, so it sums nothing (and does not wait).
      expect(await sumarPendientes(ctx.db, tienda, null, 0)).toBe(0);
      await t1.query('COMMIT');
    } finally {
      await t1.end();
    }
    // Still pending, and summed next with the third sale in it.
    expect(await pendientes()).toEqual([hoy]);
    await ctx.app.services.resumidor.vaciar();
    expect(await pendientes()).toEqual([]);
    const { tablas, crudo } = await tablasYCrudo(hoy);
    expect(tablas).toEqual(crudo);
    expect(crudo.ventas).toBe(3);
  });

  it('a sale that marks a day the worker is summing waits for it, then marks the day again', async () => {
    expect((await venta()).statusCode).toBe(201);
    const w = new pg.Client({ connectionString: ctx.databaseUrl });
    await w.connect();
    let respuesta: Awaited<ReturnType<typeof venta>> | undefined;
    try {
      await w.query('BEGIN');
      const { rows } = await w.query<{ dias: number }>(`SELECT refrescar_resumen_ventas($1, NULL, '0 seconds') AS dias`, [tienda]);
      expect(rows[0]!.dias).toBe(1);
      const enviada = venta(3).then((r) => (respuesta = r));
      // The sale (registrar_venta, the counter's operation) stops at today's pending row, which
      // the worker deleted and has not committed.
      await expect
        .poll(async () => {
          const [f] = await ctx.db.$queryRaw<{ n: number }[]>`
            SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%registrar_venta%'`;
          return f!.n;
        })
        .toBe(1);
      expect(respuesta).toBeUndefined();
      await w.query('COMMIT');
      await enviada;
    } finally {
      await w.end();
    }
    expect(respuesta!.statusCode).toBe(201);
    expect(await pendientes()).toEqual([hoy]);
    await ctx.app.services.resumidor.vaciar();
    const { tablas, crudo } = await tablasYCrudo(hoy);
    expect(tablas).toEqual(crudo);
  });

  it('a history imported a moment ago: reads answer at once, add the last days themselves and say the rest is being prepared', async () => {
    // 20 days of history (3 sales of 1.000 a day), every day pending, none summed.
    const dias = Array.from({ length: 20 }, (_, i) => desplazarDia(hoy, -(i + 1)));
    const ventas = dias.flatMap((dia) => [9, 12, 18].map((hora) => ({ dia, hora })));
    const ids = await reservarIdsVenta(ctx.db, ventas.length);
    await insertarHistorial(
      ctx.db,
      ventas.map((v, i) => {
        const [a, m, d] = v.dia.split('-').map(Number) as [number, number, number];
        return {
          id_venta: ids[i]!,
          id_minimarket: tienda,
          id_usuario: idUsuario,
          fecha_venta: localAUtc(a, m, d, v.hora),
          total: 1000,
          metodo_pago: 'Tarjeta de Débito',
          estado_venta: 'Completada',
        };
      }),
      ventas.map((_, i) => ({
        id_venta: ids[i]!,
        id_minimarket: tienda,
        id_producto: pan,
        num_unidades: 1,
        precio_unitario: 1000,
        subtotal: 1000,
        nombre_producto: 'Pan Amasado',
        costo_unitario: 600,
        categoria: 'Panadería',
      })),
    );
    const rango = `desde=${dias[19]}&hasta=${dias[0]}`;
    // The 7 most recent are added by the read itself; 13 older ones are still being prepared.
    const antes = (await get(`resumen?${rango}`)).json();
    expect(antes).toMatchObject({ ventas: 7 * 3, ingresos: 7 * 3000, dias_en_preparacion: 13 });
    expect((await get('estado')).json()).toEqual({ dias_en_preparacion: 13, desde: dias[19], hasta: dias[7] });

    expect(await ctx.app.services.resumidor.vaciar()).toBe(20);
    expect((await get(`resumen?${rango}`)).json()).toMatchObject({ ventas: 60, ingresos: 60_000, dias_en_preparacion: 0 });
    expect((await get('estado')).json()).toEqual({ dias_en_preparacion: 0, desde: null, hasta: null });
    for (const dia of [dias[0]!, dias[10]!, dias[19]!]) {
      const { tablas, crudo } = await tablasYCrudo(dia);
      expect(tablas).toEqual(crudo);
    }
  });
});

describe('heavy reads: at most two at once per user, and a timeout', () => {
  it('a third heavy read of the same user gets 429 in Spanish; light reads and other users go on', async () => {
    const pesadas = ctx.app.services.pesadas;
    const uno = await pesadas.abrir(idUsuario);
    const dos = await pesadas.abrir(idUsuario);
    try {
      for (const ruta of ['lineas?formato=csv', 'lineas?search=pan', 'lineas?orden=subtotal', 'informe']) {
        const res = await get(ruta);
        expect({ ruta, estado: res.statusCode, cuerpo: res.json() }).toEqual({
          ruta,
          estado: 429,
          cuerpo: { detail: MENSAJE_DEMASIADAS_PESADAS, code: 'TOO_MANY_HEAVY_READS' },
        });
      }
      expect((await get('resumen')).statusCode).toBe(200);
      expect((await get('lineas')).statusCode).toBe(200);
      const admin = await ctx.as(DEMO.admin);
      expect((await get(`lineas?search=pan&id_minimarket=${tienda}`, admin)).statusCode).toBe(200);
      await uno.cerrar();
      expect((await get('lineas?search=pan')).statusCode).toBe(200);
    } finally {
      await uno.cerrar();
      await dos.cerrar();
    }
  });

  it('a download gives its turn back when it ends: three in a row all answer', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await get('lineas?formato=csv');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Pan Amasado');
    }
  });

  it('a heavy statement past LECTURA_PESADA_SEGUNDOS is cancelled: 503 in Spanish, not a 500', async () => {
    const lento = await createTestContext({ LECTURA_PESADA_SEGUNDOS: '1' });
    const bloqueo = new pg.Client({ connectionString: lento.databaseUrl });
    await bloqueo.connect();
    try {
      const pyme = await lento.as(DEMO.pyme);
      // Another session holds the sale lines: the search waits on them until its timeout.
      await bloqueo.query('BEGIN');
      await bloqueo.query('LOCK TABLE detalle_venta IN ACCESS EXCLUSIVE MODE');
      const res = await pyme.request({ method: 'GET', url: '/api/analitica/lineas?search=leche' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: MENSAJE_CONSULTA_LARGA, code: 'QUERY_TIMEOUT' });
      await bloqueo.query('ROLLBACK');
      const hoyMismo = `desde=${hoy}&hasta=${hoy}`;
      expect((await pyme.request({ method: 'GET', url: `/api/analitica/lineas?search=leche&${hoyMismo}` })).statusCode).toBe(200);
    } finally {
      await bloqueo.end();
      await lento.close();
    }
  });
});

describe('the weekly notice', () => {
  it('goes on past a shop that fails', async () => {
    const demo = await ctx.shopOf(DEMO.pyme.correo);
    const demo2 = await ctx.shopOf(DEMO.pyme2.correo);
    // The first shop's notice cannot be written (a fault put in the database for this test).
    await ctx.db.$executeRawUnsafe(`
      CREATE FUNCTION falla_aviso() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.id_minimarket = ${demo} AND NEW.tipo = 'recomendaciones' THEN RAISE EXCEPTION 'falla de prueba'; END IF; RETURN NEW; END $$`);
    await ctx.db.$executeRawUnsafe('CREATE TRIGGER falla_aviso BEFORE INSERT ON notificacion FOR EACH ROW EXECUTE FUNCTION falla_aviso()');
    try {
      await ctx.app.services.avisoRecomendaciones.enviar();
      const avisos = await ctx.db.notificacion.findMany({ where: { tipo: 'recomendaciones' }, select: { id_minimarket: true } });
      expect(avisos.map((a) => a.id_minimarket)).toContain(demo2);
      expect(avisos.map((a) => a.id_minimarket)).not.toContain(demo);
    } finally {
      await ctx.db.$executeRawUnsafe('DROP TRIGGER falla_aviso ON notificacion');
      await ctx.db.$executeRawUnsafe('DROP FUNCTION falla_aviso()');
    }
  });
});
