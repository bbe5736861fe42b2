// What a start does to the accounts: the demo data once (recorded in the database, not guessed
// from an e-mail), and a deployment's first administrador from ADMIN_EMAIL / ADMIN_PASSWORD.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatClp } from '@minimarket/contracts/formato';
import { seedDemo } from '../src/db/seed/seed.js';
import { cargaDatosDemo } from '../src/env.js';
import { crearPrimerAdministrador } from '../src/modules/usuarios/primer-administrador.js';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('demo data', () => {
  it('is loaded only on the embedded database, unless SEED_DEMO says otherwise', () => {
    expect(cargaDatosDemo({ DATABASE_URL: undefined, SEED_DEMO: undefined })).toBe(true);
    expect(cargaDatosDemo({ DATABASE_URL: 'postgresql://db/minimarket', SEED_DEMO: undefined })).toBe(false);
    expect(cargaDatosDemo({ DATABASE_URL: 'postgresql://db/minimarket', SEED_DEMO: true })).toBe(true);
    expect(cargaDatosDemo({ DATABASE_URL: undefined, SEED_DEMO: false })).toBe(false);
  });

  it('is not loaded again after the demo admin changed its e-mail', async () => {
    await ctx.db.usuario.update({ where: { correo: DEMO.admin.correo }, data: { correo: 'camila.rojas@redalmacenes.cl' } });
    const usuarios = await ctx.db.usuario.count();
    expect(await seedDemo(ctx.db)).toEqual({ creado: false });
    expect(await ctx.db.usuario.count()).toBe(usuarios);
  });
});

describe('the demo stock', () => {
  it("adds up: each product's ledger (first count, then every sale of the history) ends at its stock, never below zero", async () => {
    const [f] = await ctx.db.$queryRaw<{ productos: number; descuadrados: number; negativos: number; ventas_sin_libro: number }[]>`
      SELECT (SELECT count(*) FROM producto)::int AS productos,
             (SELECT count(*) FROM producto p
              WHERE p.stock <> (SELECT coalesce(sum(m.cantidad), 0) FROM movimiento_stock m WHERE m.id_producto = p.id_producto))::int AS descuadrados,
             (SELECT count(*) FROM movimiento_stock WHERE stock_resultante < 0)::int AS negativos,
             (SELECT count(*) FROM detalle_venta d WHERE NOT EXISTS (
                SELECT 1 FROM movimiento_stock m WHERE m.id_venta = d.id_venta AND m.id_producto = d.id_producto))::int AS ventas_sin_libro`;
    expect(f!.productos).toBeGreaterThan(0);
    expect(f).toMatchObject({ descuadrados: 0, negativos: 0, ventas_sin_libro: 0 });
  });
});

describe('the demo sells by weight (issue #20)', () => {
  it('bread, produce and cold cuts are kg products priced per kilo, twelve with a PLU, and Don Pepe’s scale prints price labels', async () => {
    const tienda = await ctx.db.minimarket.findFirstOrThrow({ where: { nombre_minimarket: 'Minimarket Don Pepe' } });
    expect(tienda).toMatchObject({ etiqueta_prefijo: '20', etiqueta_digitos_plu: 5, etiqueta_contenido: 'precio' });
    const kg = await ctx.db.producto.findMany({ where: { id_minimarket: tienda.id_minimarket, unidad: 'kg' } });
    expect(new Set(kg.map((p) => p.categoria))).toEqual(new Set(['Panadería', 'Frutas y Verduras', 'Fiambrería']));
    expect(kg.find((p) => p.nombre_producto === 'Marraqueta')).toMatchObject({ precio_venta_actual: 2490, codigo_plu: '1' });
    expect(kg.find((p) => p.nombre_producto === 'Jamón Pierna San Jorge')).toMatchObject({ precio_venta_actual: 9990, codigo_plu: '10' });
    expect(
      kg
        .map((p) => p.codigo_plu)
        .filter(Boolean)
        .sort((a, b) => Number(a) - Number(b)),
    ).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)));
  });

  it('its history weighs 0,2 to 1,5 kg a line, charged at montoPorPeso, and the analytics count those grams apart from units', async () => {
    const [f] = await ctx.db.$queryRaw<{ lineas: number; fuera: number; mal_cobradas: number; de_kg_sin_unidad: number }[]>`
      SELECT count(*) FILTER (WHERE d.unidad = 'kg')::int AS lineas,
             count(*) FILTER (WHERE d.unidad = 'kg' AND d.num_unidades NOT BETWEEN 200 AND 1500)::int AS fuera,
             count(*) FILTER (WHERE d.unidad = 'kg' AND d.subtotal <> (d.precio_unitario::bigint * d.num_unidades + 500) / 1000)::int AS mal_cobradas,
             count(*) FILTER (WHERE p.unidad = 'kg' AND d.unidad <> 'kg')::int AS de_kg_sin_unidad
      FROM detalle_venta d JOIN producto p ON p.id_producto = d.id_producto`;
    expect(f!.lineas).toBeGreaterThan(100);
    expect(f).toMatchObject({ fuera: 0, mal_cobradas: 0, de_kg_sin_unidad: 0 });
    // Don Pepe's figures as its owner reads them, against its raw lines.
    const tienda = await ctx.db.minimarket.findFirstOrThrow({ where: { nombre_minimarket: 'Minimarket Don Pepe' } });
    const [crudo] = await ctx.db.$queryRaw<{ desde: string; hasta: string; unidades: number; gramos: number }[]>`
      SELECT to_char(min(v.fecha_venta AT TIME ZONE 'America/Santiago'), 'YYYY-MM-DD') AS desde,
             to_char(max(v.fecha_venta AT TIME ZONE 'America/Santiago'), 'YYYY-MM-DD') AS hasta,
             (sum(d.num_unidades) FILTER (WHERE d.unidad = 'unidad'))::int AS unidades,
             (sum(d.num_unidades) FILTER (WHERE d.unidad = 'kg'))::int AS gramos
      FROM detalle_venta d JOIN venta v ON v.id_venta = d.id_venta
      WHERE v.id_minimarket = ${tienda.id_minimarket} AND v.estado_venta = 'Completada'`;
    // The summaries first: a read sums at most MAX_DIAS_EN_VIVO pending days from their lines (the
    // rest wait "en preparación" for the worker, off in tests), and this compares the whole history.
    await ctx.app.services.resumidor.vaciar();
    const pyme = await ctx.as(DEMO.pyme);
    const res = await pyme.request({ method: 'GET', url: `/api/analitica/resumen?desde=${crudo!.desde}&hasta=${crudo!.hasta}` });
    expect(res.json()).toMatchObject({ unidades: crudo!.unidades, gramos: crudo!.gramos, dias_en_preparacion: 0 });
    expect(crudo!.gramos).toBeGreaterThan(0);
  });
});

describe('the demo notices', () => {
  it("happened when their sale did: a product's stock notice is dated at its last sale, and those of earlier days are read", async () => {
    const filas = await ctx.db.$queryRaw<{ fecha: Date; leida: boolean; ultima: Date | null; hoy: boolean }[]>`
      SELECT n.fecha, n.leida,
             (SELECT max(v.fecha_venta) FROM detalle_venta d JOIN venta v ON v.id_venta = d.id_venta
              WHERE d.id_producto = p.id_producto) AS ultima,
             (n.fecha AT TIME ZONE 'America/Santiago')::date = (now() AT TIME ZONE 'America/Santiago')::date AS hoy
      FROM notificacion n
      JOIN producto p ON p.id_minimarket = n.id_minimarket AND n.descripcion LIKE '%"' || p.nombre_producto || '"%'
      WHERE n.tipo IN ('agotado', 'stock_bajo')`;
    expect(filas.length).toBeGreaterThan(0);
    for (const f of filas) {
      if (f.ultima) expect(f.fecha.getTime()).toBe(f.ultima.getTime());
      expect(f.leida).toBe(!f.hoy);
    }
  });
});

describe('the first administrador of a deployment', () => {
  it('is not created while an administrador exists, and no password is touched', async () => {
    const antes = await ctx.db.usuario.findMany({ orderBy: { id_usuario: 'asc' } });
    expect(await crearPrimerAdministrador(ctx.db, { correo: 'otro@admin.cl', contrasena: 'OtraClave2026' })).toBe('ya_habia');
    expect(await ctx.db.usuario.findMany({ orderBy: { id_usuario: 'asc' } })).toEqual(antes);
  });

  it('is created when there is none, and signs in', async () => {
    await ctx.db.usuario.updateMany({ where: { rol: 'administrador' }, data: { rol: 'pyme' } });
    expect(await crearPrimerAdministrador(ctx.db, { correo: ' Jefa@Almacenes.CL ', contrasena: 'Primera2026' })).toBe('creado');
    const token = await ctx.login({ correo: 'jefa@almacenes.cl', password: 'Primera2026' });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ correo: 'jefa@almacenes.cl', rol: 'administrador', estado: 'activo' });
  });

  it('refuses a weak password or a bad address, in Spanish', async () => {
    await expect(crearPrimerAdministrador(ctx.db, { correo: 'x@y.cl', contrasena: 'corta' })).rejects.toThrow(
      'ADMIN_PASSWORD no cumple la regla de contraseñas: La contraseña debe tener al menos 8 caracteres',
    );
    await expect(crearPrimerAdministrador(ctx.db, { correo: 'no-es-correo', contrasena: 'Primera2026' })).rejects.toThrow(
      'ADMIN_EMAIL no es un correo válido: Ingresa un correo electrónico válido.',
    );
  });
});

describe('the demo keeps a libreta (issue #21)', () => {
  it('Don Pepe’s neighbours owe what their fiado sales less their abonos say, as cuenta_cliente and the list read it', async () => {
    const tienda = await ctx.db.minimarket.findFirstOrThrow({ where: { nombre_minimarket: 'Minimarket Don Pepe' } });
    // By hand, from the raw rows (not the view): sales on credit less abonos (the demo has no returns).
    const crudo = await ctx.db.$queryRaw<{ id_cliente: number; nombre: string; compras: number; saldo: number; en_vista: number }[]>`
      SELECT c.id_cliente, c.nombre,
             (SELECT count(*) FROM venta v WHERE v.id_cliente = c.id_cliente AND v.metodo_pago = 'Fiado')::int AS compras,
             ((SELECT coalesce(sum(v.total), 0) FROM venta v WHERE v.id_cliente = c.id_cliente AND v.metodo_pago = 'Fiado')
              - (SELECT coalesce(sum(a.monto), 0) FROM abono a WHERE a.id_cliente = c.id_cliente))::int AS saldo,
             (SELECT coalesce(sum(cargo - abono), 0) FROM cuenta_cliente k WHERE k.id_cliente = c.id_cliente)::int AS en_vista
      FROM cliente c WHERE c.id_minimarket = ${tienda.id_minimarket} ORDER BY c.nombre`;
    expect(crudo.length).toBeGreaterThanOrEqual(3);
    for (const c of crudo) expect(c.en_vista, c.nombre).toBe(c.saldo);
    expect(crudo.every((c) => c.compras > 0 && c.saldo >= 0)).toBe(true);
    expect(crudo.filter((c) => c.saldo > 0).length).toBeGreaterThanOrEqual(2);
    expect(crudo.some((c) => c.saldo === 0)).toBe(true);

    const api = await ctx.as(DEMO.pyme);
    const lista = (await api.request({ method: 'GET', url: `/api/clientes?id_minimarket=${tienda.id_minimarket}&limit=100` })).json() as {
      clientes: { nombre: string; saldo: number; compra_impaga_desde: string | null }[];
      por_cobrar: number;
    };
    expect(Object.fromEntries(lista.clientes.map((c) => [c.nombre, c.saldo]))).toEqual(
      Object.fromEntries(crudo.map((c) => [c.nombre, c.saldo])),
    );
    const total = crudo.reduce((s, c) => s + c.saldo, 0);
    expect(lista.por_cobrar).toBe(total);
    const porCobrar = (await api.request({ method: 'GET', url: `/api/analitica/por-cobrar?id_minimarket=${tienda.id_minimarket}` })).json();
    expect(porCobrar.por_cobrar).toBe(total);

    // One customer is past the shop's 30 days, and the owner was told, once, in today's words.
    const haceMas = Date.now() - 31 * 86_400_000;
    const vencida = lista.clientes.find((c) => c.compra_impaga_desde && new Date(c.compra_impaga_desde).getTime() < haceMas);
    expect(vencida?.nombre).toBe('Juana Pérez');
    const avisos = await ctx.db.notificacion.findMany({ where: { id_minimarket: tienda.id_minimarket, tipo: 'fiado_vencido' } });
    expect(avisos.map((n) => n.descripcion)).toEqual([`Juana Pérez te debe ${formatClp(vencida!.saldo)} desde hace 38 días.`]);
    // The worker looking again says nothing new.
    expect(await ctx.app.services.avisoFiado.enviar()).toBe(0);
  });

  it('counts Fiado among the payment methods of the demo’s analytics', async () => {
    const api = await ctx.as(DEMO.pyme);
    const tienda = await ctx.db.minimarket.findFirstOrThrow({ where: { nombre_minimarket: 'Minimarket Don Pepe' } });
    const metodos = (
      await api.request({ method: 'GET', url: `/api/analitica/por-metodo-pago?id_minimarket=${tienda.id_minimarket}` })
    ).json() as { metodo_pago: string; ingresos: number }[];
    const [fiado] = await ctx.db.$queryRaw<{ ingresos: number }[]>`
      SELECT coalesce(sum(ingreso), 0)::int AS ingresos FROM venta_contada
      WHERE id_minimarket = ${tienda.id_minimarket} AND metodo_pago = 'Fiado'
        AND fecha_venta >= (date_trunc('day', now() AT TIME ZONE 'America/Santiago') - interval '29 days') AT TIME ZONE 'America/Santiago'`;
    expect(fiado!.ingresos).toBeGreaterThan(0);
    expect(metodos.find((m) => m.metodo_pago === 'Fiado')?.ingresos).toBe(fiado!.ingresos);
  });
});

describe('the demo is summed when it is loaded', () => {
  // The seed marks its days pending and sums them in the same transaction. The mark is stored at
  // the column's precision (milliseconds), now() rounded, half the time up: read against the exact
  // now(), it looked like a mark from the future and every day stayed pending. Twenty transactions
  // leave a rounding up to chance one time in a million.
  it('a day marked and summed in one transaction is summed, whichever way now() rounds', async () => {
    const tienda = await ctx.db.minimarket.findFirstOrThrow({ where: { nombre_minimarket: 'Minimarket Don Pepe' } });
    for (let i = 0; i < 20; i++) {
      const sumados = await ctx.db.$transaction(async (tx) => {
        await tx.$executeRaw`
          INSERT INTO resumen_pendiente (id_minimarket, dia, marcado_en) VALUES (${tienda.id_minimarket}, DATE '2026-04-05', now())
          ON CONFLICT (id_minimarket, dia) DO UPDATE SET marcado_en = now()`;
        const [fila] = await tx.$queryRaw<{ n: number }[]>`SELECT refrescar_resumen_ventas(${tienda.id_minimarket}::int, NULL::int) AS n`;
        return fila!.n;
      });
      expect(sumados).toBeGreaterThanOrEqual(1);
    }
  });
});
