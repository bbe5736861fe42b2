// The import queue in PostgreSQL (imports/cola.ts over data/trabajo-carga.ts): jobs are
// rows, workers on any number of replicas take them. Here the jobs run a stand-in that waits
// until the test lets it end, so every ordering is observed, not assumed. Nothing waits on the
// clock: "nothing else happened" means the worker looked at the queue twice more and took nothing,
// and a lease runs out when the test moves it to the past.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { crearTrabajador, type Trabajador } from '../src/imports/cola.js';
import type { TrabajoTomado } from '../src/data/trabajo-carga.js';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
let tiendas: number[];
let idUsuario: number;
beforeAll(async () => {
  // The app's own worker stays off: only the workers of each test take jobs here.
  ctx = await createTestContext({ IMPORT_CONCURRENCY: '0' });
  tiendas = [await ctx.shopOf(DEMO.pyme.correo), await ctx.shopOf(DEMO.pyme2.correo)];
  // A third shop, so three can run side by side.
  const tercera = await ctx.db.minimarket.create({
    data: {
      id_usuario: (await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme.correo } })).id_usuario,
      nombre_minimarket: 'Tercera',
      direccion: 'x',
      comuna: 'x',
      tamano: 'x',
      rubro: 'x',
    },
  });
  tiendas.push(tercera.id_minimarket);
  idUsuario = tercera.id_usuario;
});
afterAll(() => ctx.close());

const trabajadores: Trabajador[] = [];
afterEach(async () => {
  await Promise.all(trabajadores.splice(0).map((t) => t.detener()));
  await ctx.db.archivoCarga.deleteMany({ where: { nombre_archivo: { startsWith: 'cola-' } } });
});

/** Queues an upload the way the upload does (record + job), named so the events say whose it is. */
async function encolar(nombre: string, tienda: number) {
  const a = await ctx.db.archivoCarga.create({
    data: { id_minimarket: tienda, id_usuario: idUsuario, nombre_archivo: `cola-${nombre}.csv`, tipo_archivo: 'productos' },
  });
  await ctx.db.trabajoCarga.create({ data: { id_minimarket: tienda, id_archivo: a.id_archivo } });
  return a.id_archivo;
}

/** A worker whose jobs run until terminar(nombre); it records what happened, in order. */
function trabajador(replica: string, eventos: string[], simultaneas = 2, leaseMs = 30_000) {
  const fines = new Map<string, () => void>();
  let busquedas = 0;
  const nombre = (t: TrabajoTomado) => t.nombreArchivo.replace(/^cola-|\.csv$/g, '');
  const w = crearTrabajador({
    db: ctx.db,
    replica,
    simultaneas,
    leaseMs,
    sondeoMs: 50,
    alError: (err) => eventos.push(`error ${String(err)}`),
    alBuscar: () => (busquedas += 1),
    procesar: (t, signal) =>
      new Promise<void>((resolve) => {
        eventos.push(`${replica} empieza ${nombre(t)} (intento ${t.intento})`);
        fines.set(nombre(t), async () => {
          // What the import does at its end: the job goes with the result.
          await ctx.db.trabajoCarga.deleteMany({ where: { id_minimarket: t.idMinimarket, id_archivo: t.idArchivo, tomado_por: replica } });
          eventos.push(`${replica} termina ${nombre(t)}`);
          resolve();
        });
        signal.addEventListener('abort', () => {
          eventos.push(`${replica} abortada ${nombre(t)}`);
          resolve();
        });
      }),
  });
  trabajadores.push(w);
  /** Until the worker has looked at the queue twice more: whatever it would take by now, it took. */
  const calma = async () => {
    const desde = busquedas;
    await hasta(() => busquedas >= desde + 2);
  };
  return { w, terminar: (n: string) => fines.get(n)!(), calma };
}

/** Until the condition holds (checked every 20 ms; the test's own timeout bounds the wait). */
const hasta = async (condicion: () => boolean | Promise<boolean>) => {
  while (!(await condicion())) await new Promise((r) => setTimeout(r, 20));
};

describe('import queue in PostgreSQL', () => {
  it('runs two shops at once and makes a third wait for a free place', async () => {
    const eventos: string[] = [];
    await encolar('grande-A', tiendas[0]!);
    await encolar('chico-B', tiendas[1]!);
    await encolar('chico-C', tiendas[2]!);
    const { w, terminar, calma } = trabajador('r1', eventos);
    w.iniciar();
    await hasta(() => eventos.length === 2);
    await calma();
    expect(eventos).toEqual(['r1 empieza grande-A (intento 1)', 'r1 empieza chico-B (intento 1)']);
    await terminar('chico-B');
    await hasta(() => eventos.length === 4);
    expect(eventos.slice(2)).toEqual(['r1 termina chico-B', 'r1 empieza chico-C (intento 1)']);
    await terminar('chico-C');
    await terminar('grande-A');
    expect(await ctx.db.trabajoCarga.count()).toBe(0);
  });

  it('never runs two files of one shop at once, and keeps their order', async () => {
    const eventos: string[] = [];
    await encolar('A1', tiendas[0]!);
    await encolar('A2', tiendas[0]!);
    await encolar('B1', tiendas[1]!);
    const { w, terminar, calma } = trabajador('r1', eventos);
    w.iniciar();
    // A2 waits for A1; B1, behind it in the line, goes ahead to the free place.
    await hasta(() => eventos.length === 2);
    expect(eventos).toEqual(['r1 empieza A1 (intento 1)', 'r1 empieza B1 (intento 1)']);
    await terminar('B1');
    await calma();
    expect(eventos.join()).not.toContain('empieza A2');
    await terminar('A1');
    await hasta(() => eventos.includes('r1 empieza A2 (intento 1)'));
    await terminar('A2');
  });

  it('two replicas share the line: each job runs once, a shop still one file at a time', async () => {
    const eventos: string[] = [];
    await encolar('A1', tiendas[0]!);
    await encolar('A2', tiendas[0]!);
    await encolar('B1', tiendas[1]!);
    await encolar('C1', tiendas[2]!);
    const r1 = trabajador('r1', eventos, 1);
    const r2 = trabajador('r2', eventos, 1);
    r1.w.iniciar();
    r2.w.iniciar();
    await hasta(() => eventos.length === 2);
    await r1.calma();
    await r2.calma();
    const empezados = eventos.map((e) => e.split(' ').slice(-3, -2)[0]);
    expect(empezados.sort()).toEqual(['A1', 'B1']);
    const quien = (n: string) => (eventos.find((e) => e.includes(`empieza ${n}`))!.startsWith('r1') ? r1 : r2);
    await quien('A1').terminar('A1');
    // A2 (next in its shop) and C1 both wait for a free replica; the freed one goes on to the next
    // shop round-robin, so C1 (its shop not served yet) goes before A2, although queued after it.
    await hasta(() => eventos.some((e) => e.includes('empieza C1')));
    await r1.calma();
    await r2.calma();
    expect(eventos.join()).not.toContain('empieza A2');
    await quien('B1').terminar('B1');
    await hasta(() => eventos.some((e) => e.includes('empieza A2')));
    await quien('A2').terminar('A2');
    await quien('C1').terminar('C1');
    const todos = eventos.filter((e) => e.includes('empieza')).map((e) => e.split(' ')[2]);
    expect(todos.sort()).toEqual(['A1', 'A2', 'B1', 'C1']);
  });

  it('is fair: a shop with many files queued gets a place in its turn, not all of them', async () => {
    const eventos: string[] = [];
    // Shop A (the first by id, where a look starts) queued six files, then shop B one.
    for (let i = 1; i <= 6; i++) await encolar(`A${i}`, tiendas[0]!);
    await encolar('B1', tiendas[1]!);
    // One place only: every job waits for the one before it, so the order is all there is to see.
    const { w, terminar } = trabajador('r1', eventos, 1);
    w.iniciar();
    const orden: string[] = [];
    for (let i = 0; i < 4; i++) {
      await hasta(() => eventos.length === orden.length * 2 + 1);
      const empezado = eventos.at(-1)!.split(' ')[2]!;
      orden.push(empezado);
      await terminar(empezado);
    }
    // B1 right after A's first file (the whole line of A before it would have been first come, first served).
    expect(orden).toEqual(['A1', 'B1', 'A2', 'A3']);
  });

  it('on stop aborts what runs and hands it back to the queue, untried', async () => {
    const eventos: string[] = [];
    const id = await encolar('A1', tiendas[0]!);
    const { w } = trabajador('r1', eventos);
    w.iniciar();
    await hasta(() => eventos.length === 1);
    await w.detener();
    expect(eventos).toEqual(['r1 empieza A1 (intento 1)', 'r1 abortada A1']);
    expect(await ctx.db.trabajoCarga.findFirstOrThrow({ where: { id_archivo: id } })).toMatchObject({
      tomado_por: null,
      lease_hasta: null,
      intentos: 0,
    });
    // The next replica takes it at once, as a first try.
    const otro = trabajador('r2', eventos);
    otro.w.iniciar();
    await hasta(() => eventos.includes('r2 empieza A1 (intento 1)'));
    await otro.terminar('A1');
  });

  it('a job whose replica died is taken again once its lease runs out', async () => {
    const eventos: string[] = [];
    const id = await encolar('A1', tiendas[0]!);
    // A replica took it and vanished without a word: its lease is all that says so.
    const donde = { id_minimarket_id_archivo: { id_minimarket: tiendas[0]!, id_archivo: id } };
    await ctx.db.trabajoCarga.update({
      where: donde,
      data: { tomado_por: 'muerta', lease_hasta: new Date(Date.now() + 3_600_000), intentos: 1 },
    });
    const { w, terminar, calma } = trabajador('r1', eventos);
    w.iniciar();
    await calma();
    expect(eventos).toEqual([]);
    // Its lease runs out.
    await ctx.db.trabajoCarga.update({ where: donde, data: { lease_hasta: new Date(Date.now() - 1) } });
    await hasta(() => eventos.length === 1);
    expect(eventos).toEqual(['r1 empieza A1 (intento 2)']);
    await terminar('A1');
  });

  it('a worker that lost its lease is told to stop', async () => {
    const eventos: string[] = [];
    const id = await encolar('A1', tiendas[0]!);
    const { w } = trabajador('r1', eventos, 2, 300);
    w.iniciar();
    await hasta(() => eventos.length === 1);
    // Another replica took it (as after a long pause of this one's process).
    await ctx.db.trabajoCarga.update({
      where: { id_minimarket_id_archivo: { id_minimarket: tiendas[0]!, id_archivo: id } },
      data: { tomado_por: 'otra' },
    });
    await hasta(() => eventos.includes('r1 abortada A1'));
  });
});
