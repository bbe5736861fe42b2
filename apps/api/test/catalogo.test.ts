// The sale catalogue a counter keeps to sell offline (issue #22, docs/offline.md): the whole of it,
// then only what was written since the cursor, and nothing missed when a write was still running
// while the cursor was taken.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/env.js';
import { conTiendasDemo, DEMO, nuevoProducto, pedidoVentaDe, type TestContext } from './helpers.js';

let ctx: TestContext;
let donPepe: number;
let laEsquina: number;
conTiendasDemo((t) => ({ ctx, donPepe, laEsquina } = t));

interface Catalogo {
  cursor: string;
  completo: boolean;
  productos: { id_producto: number; precio_venta_actual: number; estado: string; stock: number }[];
  clientes: { id_cliente: number; nombre: string }[];
  saldos: { id_cliente: number; saldo: number }[];
  formato_etiqueta: { prefijo: string; digitos_plu: number; contenido: string } | null;
}
const pyme = () => ctx.as(DEMO.pyme);
/** An answer of the API, as the test client gives it. */
type Respuesta = Awaited<ReturnType<Awaited<ReturnType<typeof pyme>>['request']>>;
async function catalogo(desde?: string): Promise<Catalogo> {
  const res = await (
    await pyme()
  ).request({ method: 'GET', url: `/api/productos/catalogo?id_minimarket=${donPepe}${desde ? `&desde=${desde}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const producto = async () => nuevoProducto(await pyme(), donPepe, { precio_venta: 990, stock: 50 });
const ids = (c: Catalogo) => c.productos.map((p) => p.id_producto);
/** Backends of this test's database waiting for a lock (a row, or a shop's catalogue version). */
async function esperanCandado() {
  const [f] = await ctx.db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
  return f!.n;
}

describe('the sale catalogue', () => {
  it('whole: every product of the shop (deleted ones marked), its customers, nothing of another shop', async () => {
    const todo = await catalogo();
    expect(todo.completo).toBe(true);
    expect(todo.cursor).toMatch(/^\d+$/);
    const enBase = await ctx.db.producto.count({ where: { id_minimarket: donPepe } });
    expect(todo.productos).toHaveLength(enBase);
    expect(todo.clientes).toHaveLength(await ctx.db.cliente.count({ where: { id_minimarket: donPepe } }));
    const ajenos = await ctx.db.producto.findMany({ where: { id_minimarket: laEsquina }, select: { id_producto: true }, take: 5 });
    for (const a of ajenos) expect(ids(todo)).not.toContain(a.id_producto);
  });

  it('since the cursor: only what was written (a price, a new product, a deletion, a sale’s stock, a customer)', async () => {
    const intacto = await producto();
    const caro = await producto();
    const borrado = await producto();
    const vendido = await producto();
    const antes = await catalogo();
    const api = await pyme();

    expect(
      (await api.request({ method: 'PUT', url: `/api/productos/${caro.id_producto}`, payload: { precio_venta: 1290 } })).statusCode,
    ).toBe(200);
    expect((await api.request({ method: 'DELETE', url: `/api/productos/${borrado.id_producto}` })).statusCode).toBeLessThan(300);
    const venta = await api.request(pedidoVentaDe(donPepe, [{ id_producto: vendido.id_producto, precio: 990, n: 2 }]));
    expect(venta.statusCode, venta.body).toBe(201);
    const nuevo = await producto();
    const cliente = (
      await api.request({ method: 'POST', url: '/api/clientes', payload: { id_minimarket: donPepe, nombre: 'Vecina del Catálogo' } })
    ).json();

    const cambios = await catalogo(antes.cursor);
    expect(cambios.completo).toBe(false);
    const por = new Map(cambios.productos.map((p) => [p.id_producto, p]));
    expect(por.get(caro.id_producto)?.precio_venta_actual).toBe(1290);
    expect(por.get(borrado.id_producto)?.estado).toBe('inactivo');
    expect(por.get(vendido.id_producto)?.stock).toBe(48);
    expect(por.has(nuevo.id_producto)).toBe(true);
    expect(por.has(intacto.id_producto)).toBe(false);
    expect(cambios.productos.length).toBeLessThan(antes.productos.length / 10);
    expect(cambios.clientes.map((c) => c.id_cliente)).toEqual([cliente.id_cliente]);

    // Nothing written since: nothing (the cursor moves on).
    const otra = await catalogo(cambios.cursor);
    expect(otra.productos.filter((p) => p.id_producto !== nuevo.id_producto && por.has(p.id_producto))).toEqual([]);
  });

  it('every answer, whole or since the cursor, carries what each customer owes and the shop’s label layout', async () => {
    const api = await pyme();
    const cliente = (
      await api.request({ method: 'POST', url: '/api/clientes', payload: { id_minimarket: donPepe, nombre: 'Don Fiado del Catálogo' } })
    ).json();
    const p = await producto();
    const antes = await catalogo();
    expect(antes.formato_etiqueta).toEqual({ prefijo: '20', digitos_plu: 5, contenido: 'precio' });
    expect(antes.saldos.find((s) => s.id_cliente === cliente.id_cliente)).toBeUndefined();

    const venta = await api.request({
      method: 'POST',
      url: '/api/ventas/',
      payload: {
        id_minimarket: donPepe,
        total: 990,
        metodo_pago: 'Fiado',
        id_cliente: cliente.id_cliente,
        detalles: [{ id_producto: p.id_producto, num_unidades: 1, precio_unitario: 990, subtotal: 990 }],
      },
    });
    expect(venta.statusCode, venta.body).toBe(201);
    // The customer's row did not change, their balance did: it comes with the next refresh anyway.
    const despues = await catalogo(antes.cursor);
    expect(despues.saldos.find((s) => s.id_cliente === cliente.id_cliente)?.saldo).toBe(990);
    // The same figure as the list of customers (cuenta_cliente, the one definition of a balance).
    const lista = await api.request({ method: 'GET', url: `/api/clientes?id_minimarket=${donPepe}&orden=deuda&limit=100` });
    const deudores = (lista.json().clientes as { id_cliente: number; saldo: number }[]).filter((c) => c.saldo !== 0);
    for (const d of deudores) expect(despues.saldos.find((s) => s.id_cliente === d.id_cliente)?.saldo).toBe(d.saldo);
    expect(despues.formato_etiqueta).toEqual(antes.formato_etiqueta);
  });

  it('a write still running while the cursor is taken comes in the next read; the shop’s next writer waits for it', async () => {
    const p = await producto();
    const q = await producto();
    const otro = new pg.Client({ connectionString: ctx.databaseUrl });
    await otro.connect();
    let luego: Awaited<ReturnType<Awaited<ReturnType<typeof pyme>>['request']>> | undefined;
    try {
      await otro.query('BEGIN');
      await otro.query('UPDATE producto SET precio_venta_actual = 1990 WHERE id_producto = $1', [p.id_producto]);
      // Taken while that transaction runs (the reader waits for nobody): the price is not there yet.
      const durante = await catalogo();
      expect(durante.productos.find((x) => x.id_producto === p.id_producto)?.precio_venta_actual).toBe(990);
      // Another shop's writes do not wait for it: each shop has its own version.
      await nuevoProducto(await ctx.as(DEMO.pyme2), laEsquina);
      // A later write of the same shop cannot commit first (a cursor past it would skip the one
      // still running): it waits for the shop's version until that transaction ends.
      const enviada = (await pyme())
        .request({ method: 'PUT', url: `/api/productos/${q.id_producto}`, payload: { precio_venta: 1290 } })
        .then((r) => (luego = r));
      await expect.poll(esperanCandado).toBe(1);
      expect(luego).toBeUndefined();
      await otro.query('COMMIT');
      await enviada;
      expect(luego!.statusCode, luego!.body).toBe(200);
      const despues = await catalogo(durante.cursor);
      expect(despues.productos.find((x) => x.id_producto === p.id_producto)?.precio_venta_actual).toBe(1990);
      expect(despues.productos.find((x) => x.id_producto === q.id_producto)?.precio_venta_actual).toBe(1290);
      // And nothing of them again from the cursor after.
      expect(ids(await catalogo(despues.cursor))).not.toContain(p.id_producto);
    } finally {
      await otro.end();
    }
  });

  it('a write of another shop moves neither this shop’s cursor nor what it reads', async () => {
    const antes = await catalogo();
    const esquina = await ctx.as(DEMO.pyme2);
    const ajeno = await nuevoProducto(esquina, laEsquina);
    expect(
      (await esquina.request({ method: 'PUT', url: `/api/productos/${ajeno.id_producto}`, payload: { precio_venta: 1490 } })).statusCode,
    ).toBe(200);
    const cliente = await esquina.request({
      method: 'POST',
      url: '/api/clientes',
      payload: { id_minimarket: laEsquina, nombre: 'Vecino de Enfrente' },
    });
    expect(cliente.statusCode, cliente.body).toBe(201);
    const despues = await catalogo(antes.cursor);
    expect(despues.cursor).toBe(antes.cursor);
    expect(despues.productos).toEqual([]);
    expect(despues.clientes).toEqual([]);
  });

  it('a device holding a cursor from before (a transaction id) still gets every later change', async () => {
    const p = await producto();
    // What the catalogue answered before the per-shop version: its snapshot's xmin.
    const [viejo] = await ctx.db.$queryRaw<{ cursor: string }[]>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS cursor`;
    // The migration for this shop, as if it ran now: the same statement, from its file.
    const migracion = fs.readFileSync(
      path.join(REPO_ROOT, 'prisma/migrations/20261129100000_cursor_catalogo_tienda/migration.sql'),
      'utf8',
    );
    const sembrado = migracion.slice(migracion.indexOf('INSERT INTO "version_catalogo"'));
    await ctx.db.$executeRaw`DELETE FROM version_catalogo WHERE id_minimarket = ${donPepe}`;
    await ctx.db.$executeRawUnsafe(sembrado);
    const [{ version }] = (await ctx.db.$queryRaw<{ version: bigint }[]>`
      SELECT version FROM version_catalogo WHERE id_minimarket = ${donPepe}`) as [{ version: bigint }];
    expect(version).toBeGreaterThan(BigInt(viejo!.cursor));
    // A replica still running the old code answers xid cursors after the migration too: below the version.
    const [tarde] = await ctx.db.$queryRaw<{ cursor: string }[]>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS cursor`;
    expect(version).toBeGreaterThan(BigInt(tarde!.cursor));

    const api = await pyme();
    expect((await api.request({ method: 'PUT', url: `/api/productos/${p.id_producto}`, payload: { precio_venta: 1590 } })).statusCode).toBe(
      200,
    );
    const nuevo = await producto();
    const deReplicaVieja = await catalogo(tarde!.cursor);
    expect(deReplicaVieja.completo).toBe(false);
    expect(deReplicaVieja.productos.find((x) => x.id_producto === p.id_producto)?.precio_venta_actual).toBe(1590);
    const cambios = await catalogo(viejo!.cursor);
    expect(cambios.completo).toBe(false);
    const por = new Map(cambios.productos.map((x) => [x.id_producto, x]));
    expect(por.get(p.id_producto)?.precio_venta_actual).toBe(1590);
    expect(por.has(nuevo.id_producto)).toBe(true);
    // The answer's cursor is the shop's own from then on.
    expect(BigInt(cambios.cursor)).toBeGreaterThan(version);
    expect(ids(await catalogo(cambios.cursor))).not.toContain(p.id_producto);
  });

  it('a cursor past the shop’s version (a backup restored since, an old replica): the whole catalogue', async () => {
    const ahora = await catalogo();
    const adelantado = await catalogo(String(BigInt(ahora.cursor) + 1000n));
    expect(adelantado.completo).toBe(true);
    expect(adelantado.cursor).toBe(ahora.cursor);
    expect(adelantado.productos).toHaveLength(ahora.productos.length);
    // The shop's own cursor is not past it: only what changed (nothing).
    const alDia = await catalogo(ahora.cursor);
    expect(alDia.completo).toBe(false);
    expect(alDia.productos).toEqual([]);
  });

  /** A sale of one unit of each product, at $990, as the counter sends it. */
  const ventaDe = (...productos: Array<{ id_producto: number }>) => ({
    id_minimarket: donPepe,
    total: 990 * productos.length,
    metodo_pago: 'Efectivo',
    detalles: productos.map((p) => ({ id_producto: p.id_producto, num_unidades: 1, precio_unitario: 990, subtotal: 990 })),
  });

  /**
   * `pedir` runs while another connection holds product `id`'s row (as an edit in data/producto.ts does
   * before writing it); once the request waits on that row, having written nothing yet (it locks its
   * products first), the edit writes the product — taking the shop's catalogue version — and commits.
   * A request that had already written another product would hold the version, and the two would wait
   * for each other. Returns the request's answer.
   */
  async function conEdicionQueEspera(id: number, pedir: () => Promise<Respuesta>): Promise<Respuesta> {
    const otro = new pg.Client({ connectionString: ctx.databaseUrl });
    await otro.connect();
    try {
      await otro.query('BEGIN');
      await otro.query('SELECT 1 FROM producto WHERE id_producto = $1 FOR UPDATE', [id]);
      const enviada = pedir();
      await expect.poll(esperanCandado).toBe(1);
      await otro.query(`UPDATE producto SET nombre_producto = nombre_producto || ' (editado)' WHERE id_producto = $1`, [id]);
      await otro.query('COMMIT');
      return await enviada;
    } finally {
      await otro.end();
    }
  }

  it('a sale of several products and an edit of one of them take turns instead of deadlocking', async () => {
    const a = await producto();
    const b = await producto();
    const api = await pyme();
    const respuesta = await conEdicionQueEspera(b.id_producto, () =>
      api.request({ method: 'POST', url: '/api/ventas/', payload: ventaDe(a, b) }),
    );
    expect(respuesta.statusCode, respuesta.body).toBe(201);
  });

  it('a void of a sale of several products and an edit of one of them take turns too', async () => {
    const a = await producto();
    const b = await producto();
    const api = await pyme();
    const venta = await api.request({ method: 'POST', url: '/api/ventas/', payload: ventaDe(a, b) });
    expect(venta.statusCode, venta.body).toBe(201);
    // The void puts units back only after locking every product of the sale (devolverUnidades).
    const respuesta = await conEdicionQueEspera(b.id_producto, () =>
      api.request({ method: 'POST', url: `/api/ventas/${venta.json().id_venta}/anulacion`, payload: { motivo: 'Prueba del catálogo' } }),
    );
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const despues = await catalogo();
    expect(despues.productos.find((x) => x.id_producto === b.id_producto)?.stock).toBe(50);
  });

  it('travels gzipped to a browser that takes it', async () => {
    const res = await (
      await pyme()
    ).request({ method: 'GET', url: `/api/productos/catalogo?id_minimarket=${donPepe}`, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const json = JSON.parse(zlib.gunzipSync(res.rawPayload).toString('utf8'));
    expect(json.productos.length).toBeGreaterThan(0);
  });

  it('another shop, a bad cursor: refused in Spanish', async () => {
    const api = await pyme();
    const ajena = await api.request({ method: 'GET', url: `/api/productos/catalogo?id_minimarket=${laEsquina}` });
    expect(ajena.statusCode).toBe(403);
    const mala = await api.request({ method: 'GET', url: `/api/productos/catalogo?id_minimarket=${donPepe}&desde=abc` });
    expect(mala.statusCode).toBe(422);
    expect(mala.json().errors.map((e: { mensaje: string }) => e.mensaje)).toContain(
      'El cursor del catálogo no es válido: descarga el catálogo completo.',
    );
  });

  it('a cursor past a 64-bit integer, negative or not a number: 422 in Spanish, never a 500', async () => {
    const api = await pyme();
    for (const desde of [
      '9223372036854775808', // int64's largest plus one: the database would refuse it
      '9999999999999999999',
      '18446744073709551616',
      '99999999999999999999999999999999999999',
      '-1',
      '-9223372036854775808',
      'abc',
      '1e5',
      '0x10',
      '',
    ]) {
      const res = await api.request({
        method: 'GET',
        url: `/api/productos/catalogo?id_minimarket=${donPepe}&desde=${encodeURIComponent(desde)}`,
      });
      expect(res.statusCode, `desde=${desde}: ${res.body}`).toBe(422);
      expect(res.json().detail).toBe('El cursor del catálogo no es válido: descarga el catálogo completo.');
    }
    // The largest one is a cursor: past the shop's version, so the whole catalogue comes.
    const maximo = await catalogo('9223372036854775807');
    expect(maximo.completo).toBe(true);
    expect(maximo.productos.length).toBeGreaterThan(0);
  });
});
