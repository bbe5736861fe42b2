// The cash shift against hand-computed figures: change handed back is not cash taken in, card
// sales are not cash, cash put in and taken out, a short count and an over count, to the peso.
// Plus: one open shift per shop (also when two open at once), the receipt's neto/IVA/change, the
// "Exigir caja abierta" refusal, and another shop refused with nothing changed.
import fs from 'node:fs';
import path from 'node:path';
import type { Boleta, Turno } from '@minimarket/contracts/caja';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/migrate.js';
import { crearTestUsuario } from './analitica-fixture.js';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
let tienda: number;
let cliente: Awaited<ReturnType<TestContext['as']>>;
let otro: Awaited<ReturnType<TestContext['as']>>;
const precio = { te: 4190, pan: 1000, bebida: 3000 } as const;
const id = {} as Record<keyof typeof precio, number>;

beforeAll(async () => {
  ctx = await createTestContext();
  const f = await crearTestUsuario(ctx, 'caja');
  tienda = f.idMinimarket;
  cliente = f.cliente;
  otro = await ctx.as(DEMO.pyme);
  for (const [nombre, p] of Object.entries(precio)) {
    const prod = await ctx.db.producto.create({
      data: {
        id_minimarket: tienda,
        nombre_producto: nombre,
        categoria: 'Abarrotes',
        precio_venta_actual: p,
        stock: 100,
        codigo_barra: `CJ-${nombre}`,
      },
    });
    id[nombre as keyof typeof precio] = prod.id_producto;
  }
});
afterAll(() => ctx.close());

const pedir = (metodo: string, url: string, payload?: unknown, c = cliente) => c.request({ method: metodo, url: `/api${url}`, payload });

async function vender(producto: keyof typeof precio, metodo_pago: string, monto_recibido?: number) {
  return pedir('POST', '/ventas/', {
    id_minimarket: tienda,
    total: precio[producto],
    metodo_pago,
    ...(monto_recibido !== undefined ? { monto_recibido } : {}),
    detalles: [{ id_producto: id[producto], num_unidades: 1, precio_unitario: precio[producto], subtotal: precio[producto] }],
  });
}

describe('a shift from opening to count', () => {
  let turno: Turno;
  let ventaTe: number;

  it('opens with the starting cash; a second open shift in the shop is 409', async () => {
    const res = await pedir('POST', '/caja/turnos', { monto_inicial: '$20.000' });
    expect(res.statusCode).toBe(201);
    turno = res.json();
    expect(turno).toMatchObject({ monto_inicial: 20_000, ventas: 0, esperado_efectivo: 20_000, cerrado_en: null });
    const otra = await pedir('POST', '/caja/turnos', { monto_inicial: 0 });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().detail).toBe('Ya hay un turno de caja abierto en este minimarket.');
  });

  it('the cash received must cover a cash sale, and is only for cash', async () => {
    const corto = await vender('te', 'Efectivo', 4000);
    expect(corto.statusCode).toBe(422);
    expect(corto.json().detail).toBe('La cantidad recibida es menor que el total a pagar.');
    const tarjeta = await vender('te', 'Tarjeta de Débito', 5000);
    expect(tarjeta.statusCode).toBe(422);
    expect(tarjeta.json().detail).toBe('El monto recibido se indica solo en pagos en efectivo.');
    expect(await ctx.db.venta.count({ where: { id_minimarket: tienda } })).toBe(0);
  });

  it('the X report: cash sales at their totals (not the cash handed over), cards apart, cash in and out', async () => {
    const te = await vender('te', 'Efectivo', 5000); // 4.190 paid with 5.000: 810 of change
    expect(te.statusCode).toBe(201);
    expect(te.json()).toMatchObject({ id_turno: turno.id_turno, monto_recibido: 5000 });
    ventaTe = te.json().id_venta;
    expect((await vender('bebida', 'Tarjeta de Débito')).statusCode).toBe(201);
    expect((await vender('pan', 'Efectivo')).statusCode).toBe(201);
    expect(
      (await pedir('POST', `/caja/turnos/${turno.id_turno}/movimientos`, { tipo: 'ingreso', monto: 5000, motivo: 'Sencillo del banco' }))
        .statusCode,
    ).toBe(201);
    const retiro = await pedir('POST', `/caja/turnos/${turno.id_turno}/movimientos`, {
      tipo: 'retiro',
      monto: '10.000',
      motivo: 'Depósito',
    });
    expect(retiro.statusCode).toBe(201);

    const x = (await pedir('GET', '/caja/turnos/actual')).json() as Turno;
    expect(x).toMatchObject({
      ventas: 3,
      por_metodo_pago: [
        { metodo_pago: 'Efectivo', ventas: 2, total: 5190 },
        { metodo_pago: 'Tarjeta de Débito', ventas: 1, total: 3000 },
      ],
      devoluciones_efectivo: 0,
      ingresos: 5000,
      retiros: 10_000,
      // 20.000 + 4.190 + 1.000 + 5.000 − 10.000
      esperado_efectivo: 20_190,
      monto_contado: null,
    });
    expect(x.movimientos.map((m) => [m.tipo, m.monto, m.motivo])).toEqual([
      ['ingreso', 5000, 'Sencillo del banco'],
      ['retiro', 10_000, 'Depósito'],
    ]);
  });

  it('the receipt: neto and IVA of the total, the cash received and the change', async () => {
    const b = (await pedir('GET', `/ventas/${ventaTe}/boleta`)).json() as Boleta;
    expect(b).toMatchObject({
      total: 4190,
      // round(4.190 / 1,19) = round(3.521,0) = 3.521; IVA 4.190 − 3.521 = 669.
      neto: 3521,
      iva: 669,
      metodo_pago: 'Efectivo',
      monto_recibido: 5000,
      vuelto: 810,
      leyenda: 'Comprobante de venta — no válido como boleta',
      minimarket: { nombre: 'Almacén caja', rut: '76.086.428-5', direccion: 'Calle Uno 1', comuna: 'Maipú' },
      lineas: [{ nombre_producto: 'te', num_unidades: 1, precio_unitario: 4190, subtotal: 4190 }],
    });
  });

  it('a short count closes with a negative difference (faltante); closing again is 409', async () => {
    const res = await pedir('POST', `/caja/turnos/${turno.id_turno}/cierre`, { monto_contado: 20_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      esperado_efectivo: 20_190,
      monto_contado: 20_000,
      diferencia: -190,
      cerrado_en: expect.any(String),
    });
    const otra = await pedir('POST', `/caja/turnos/${turno.id_turno}/cierre`, { monto_contado: 20_190 });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().detail).toBe('Este turno de caja ya está cerrado.');
    expect((await pedir('POST', `/caja/turnos/${turno.id_turno}/movimientos`, { tipo: 'ingreso', monto: 1, motivo: 'x' })).statusCode).toBe(
      409,
    );
    expect((await pedir('GET', '/caja/turnos/actual')).statusCode).toBe(404);
    // A sale with no shift open belongs to none.
    expect((await vender('pan', 'Efectivo')).json().id_turno).toBeNull();
  });

  it('an over count closes with a positive difference (sobrante); closed shifts list newest first with their reports', async () => {
    const t2 = (await pedir('POST', '/caja/turnos', { monto_inicial: 10_000 })).json() as Turno;
    await vender('pan', 'Efectivo', 1000);
    const cierre = (await pedir('POST', `/caja/turnos/${t2.id_turno}/cierre`, { monto_contado: 11_500 })).json() as Turno;
    expect(cierre).toMatchObject({ esperado_efectivo: 11_000, monto_contado: 11_500, diferencia: 500 });
    const res = await pedir('GET', '/caja/turnos');
    expect(res.headers['x-total-count']).toBe('2');
    expect((res.json() as Turno[]).map((t) => [t.id_turno, t.diferencia])).toEqual([
      [t2.id_turno, 500],
      [turno.id_turno, -190],
    ]);
  });
});

describe('each shop numbers its own shifts (issue 32)', () => {
  it('two new shops both start at 1 and go on 2, 3…, whatever other shops opened; the number is in every answer', async () => {
    const [a, b] = await Promise.all([crearTestUsuario(ctx, 'turnos-a'), crearTestUsuario(ctx, 'turnos-b')]);
    // Other shops have opened shifts before (the demo's and this file's): the global id is past 1.
    const abrir = async (c: typeof cliente, idMinimarket: number) => {
      const res = await pedir('POST', '/caja/turnos', { id_minimarket: idMinimarket, monto_inicial: 0 }, c);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Turno;
    };
    const cerrar = async (c: typeof cliente, t: Turno) =>
      (await pedir('POST', `/caja/turnos/${t.id_turno}/cierre`, { monto_contado: 0 }, c)).json() as Turno;
    const a1 = await abrir(a.cliente, a.idMinimarket);
    const b1 = await abrir(b.cliente, b.idMinimarket);
    expect([a1.numero_turno, b1.numero_turno]).toEqual([1, 1]);
    expect(a1.id_turno).not.toBe(b1.id_turno);
    // The X report, the close and the closed list carry it too.
    expect((await pedir('GET', `/caja/turnos/actual?id_minimarket=${a.idMinimarket}`, undefined, a.cliente)).json().numero_turno).toBe(1);
    expect((await cerrar(a.cliente, a1)).numero_turno).toBe(1);
    const a2 = await abrir(a.cliente, a.idMinimarket);
    expect(a2.numero_turno).toBe(2);
    await cerrar(a.cliente, a2);
    expect((await abrir(a.cliente, a.idMinimarket)).numero_turno).toBe(3);
    const cerrados = (await pedir('GET', `/caja/turnos?id_minimarket=${a.idMinimarket}`, undefined, a.cliente)).json() as Turno[];
    expect(cerrados.map((t) => t.numero_turno)).toEqual([2, 1]);
    // The other shop's count did not move.
    await cerrar(b.cliente, b1);
    expect((await abrir(b.cliente, b.idMinimarket)).numero_turno).toBe(2);
  });

  it('the migration numbers the shifts opened before it per shop, in the order they were opened', async () => {
    // Shifts of two shops, opened interleaved; then the migration's own statements run on them again
    // (its column emptied first, inside a transaction rolled back at the end).
    const [a, b] = await Promise.all([crearTestUsuario(ctx, 'turnos-mig-a'), crearTestUsuario(ctx, 'turnos-mig-b')]);
    const orden: number[] = [];
    for (const f of [a, b, a, b, a]) {
      const t = (await pedir('POST', '/caja/turnos', { monto_inicial: 0 }, f.cliente)).json() as Turno;
      await pedir('POST', `/caja/turnos/${t.id_turno}/cierre`, { monto_contado: 0 }, f.cliente);
      orden.push(t.id_turno);
    }
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, '20261201100000_numero_turno', 'migration.sql'), 'utf8');
    const despuesDeLaColumna = sql.slice(sql.indexOf('UPDATE "turno_caja"'));
    const conexion = new pg.Client({ connectionString: ctx.databaseUrl });
    await conexion.connect();
    try {
      await conexion.query('BEGIN');
      await conexion.query(`DROP INDEX "turno_caja_id_minimarket_numero_turno_key";
        ALTER TABLE "turno_caja" ALTER COLUMN "numero_turno" DROP NOT NULL;
        UPDATE "turno_caja" SET "numero_turno" = NULL;`);
      await conexion.query(despuesDeLaColumna);
      const { rows } = await conexion.query<{ id_turno: string; id_minimarket: number; numero_turno: number }>(
        'SELECT id_turno, id_minimarket, numero_turno FROM turno_caja WHERE id_minimarket = ANY($1) ORDER BY id_turno',
        [[a.idMinimarket, b.idMinimarket]],
      );
      expect(rows.map((r) => [Number(r.id_turno), r.id_minimarket, r.numero_turno])).toEqual([
        [orden[0], a.idMinimarket, 1],
        [orden[1], b.idMinimarket, 1],
        [orden[2], a.idMinimarket, 2],
        [orden[3], b.idMinimarket, 2],
        [orden[4], a.idMinimarket, 3],
      ]);
    } finally {
      await conexion.query('ROLLBACK');
      await conexion.end();
    }
  });

  it('a close report saved before the numbers existed reads the number from the shift', async () => {
    const f = await crearTestUsuario(ctx, 'turnos-antiguo');
    const t = (await pedir('POST', '/caja/turnos', { monto_inicial: 0 }, f.cliente)).json() as Turno;
    await pedir('POST', `/caja/turnos/${t.id_turno}/cierre`, { monto_contado: 0 }, f.cliente);
    // What a close wrote before this column: the same report without numero_turno.
    await ctx.db.$executeRaw`UPDATE turno_caja SET resumen_cierre = resumen_cierre - 'numero_turno' WHERE id_turno = ${t.id_turno}`;
    const [cerrado] = (await pedir('GET', '/caja/turnos', undefined, f.cliente)).json() as Turno[];
    expect(cerrado).toMatchObject({ id_turno: t.id_turno, numero_turno: 1 });
  });
});

describe('rules around the shift', () => {
  it('two opens at once: one shift', async () => {
    const [a, b] = await Promise.all([
      pedir('POST', '/caja/turnos', { monto_inicial: 1 }),
      pedir('POST', '/caja/turnos', { monto_inicial: 2 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await ctx.db.turnoCaja.count({ where: { id_minimarket: tienda, cerrado_en: null } })).toBe(1);
  });

  it('with "Exigir caja abierta" and no open shift the server refuses the sale', async () => {
    const abierto = (await pedir('GET', '/caja/turnos/actual')).json() as Turno;
    await pedir('POST', `/caja/turnos/${abierto.id_turno}/cierre`, { monto_contado: 0 });
    const ajuste = await pedir('PATCH', `/minimarkets/${tienda}/configuracion`, { exigir_caja_abierta: true });
    expect(ajuste.json()).toMatchObject({ exigir_caja_abierta: true, umbral_stock_bajo: 5 });
    expect((await pedir('PATCH', `/minimarkets/${tienda}/configuracion`, { exigir_caja_abierta: true }, otro)).statusCode).toBe(403);
    const antes = await ctx.db.venta.count({ where: { id_minimarket: tienda } });
    const res = await vender('pan', 'Efectivo');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Abre la caja antes de vender: este minimarket exige un turno de caja abierto.');
    expect(await ctx.db.venta.count({ where: { id_minimarket: tienda } })).toBe(antes);
    await pedir('POST', '/caja/turnos', { monto_inicial: 0 });
    expect((await vender('pan', 'Efectivo')).statusCode).toBe(201);
  });

  it("another shop's owner: refused on every route, nothing changes", async () => {
    const abierto = (await pedir('GET', '/caja/turnos/actual')).json() as Turno;
    const antes = await ctx.db.movimientoCaja.count();
    expect((await pedir('GET', `/caja/turnos/actual?id_minimarket=${tienda}`, undefined, otro)).statusCode).toBe(403);
    expect((await pedir('GET', `/caja/turnos?id_minimarket=${tienda}`, undefined, otro)).statusCode).toBe(403);
    expect((await pedir('POST', '/caja/turnos', { id_minimarket: tienda, monto_inicial: 0 }, otro)).statusCode).toBe(403);
    expect(
      (await pedir('POST', `/caja/turnos/${abierto.id_turno}/movimientos`, { tipo: 'retiro', monto: 100, motivo: 'x' }, otro)).statusCode,
    ).toBe(404);
    expect((await pedir('POST', `/caja/turnos/${abierto.id_turno}/cierre`, { monto_contado: 0 }, otro)).statusCode).toBe(404);
    const venta = await ctx.db.venta.findFirstOrThrow({ where: { id_minimarket: tienda } });
    expect((await pedir('GET', `/ventas/${venta.id_venta}/boleta`, undefined, otro)).statusCode).toBe(404);
    const detalle = await ctx.db.detalleVenta.findFirstOrThrow({ where: { id_venta: venta.id_venta } });
    const devolucionAjena = await pedir(
      'POST',
      `/ventas/${venta.id_venta}/devoluciones`,
      { motivo: 'x', detalles: [{ id_producto: detalle.id_producto, num_unidades: 1 }] },
      otro,
    );
    expect(devolucionAjena.statusCode).toBe(404);
    expect(await ctx.db.devolucion.count({ where: { id_venta: venta.id_venta } })).toBe(0);
    expect(await ctx.db.movimientoCaja.count()).toBe(antes);
    expect((await pedir('GET', '/caja/turnos/actual')).json()).toMatchObject({ id_turno: abierto.id_turno, cerrado_en: null });
  });

  it('bad amounts are 422 in Spanish', async () => {
    const abierto = (await pedir('GET', '/caja/turnos/actual')).json() as Turno;
    for (const [payload, detalle] of [
      [{ tipo: 'retiro', monto: 0, motivo: 'x' }, 'El monto debe ser mayor a 0.'],
      [{ tipo: 'retiro', monto: 100, motivo: '  ' }, 'Escribe el motivo.'],
      [{ tipo: 'prestamo', monto: 100, motivo: 'x' }, 'El tipo es ingreso o retiro.'],
    ] as const) {
      const res = await pedir('POST', `/caja/turnos/${abierto.id_turno}/movimientos`, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe(detalle);
    }
    const neg = await pedir('POST', `/caja/turnos/${abierto.id_turno}/cierre`, { monto_contado: -1 });
    expect(neg.statusCode).toBe(422);
  });
});

describe('voiding a sale', () => {
  const stock = async (p: keyof typeof precio) => (await ctx.db.producto.findFirstOrThrow({ where: { id_producto: id[p] } })).stock;
  const anular = (idVenta: number, c = cliente) => pedir('POST', `/ventas/${idVenta}/anulacion`, { motivo: 'Cliente se arrepintió' }, c);
  const hoy = async () => (await pedir('GET', '/analitica/resumen')).json().hasta as string;
  const resumenHoy = async () => {
    const d = await hoy();
    return (await pedir('GET', `/analitica/resumen?desde=${d}&hasta=${d}`)).json() as { ventas: number; ingresos: number };
  };

  it('puts every unit back through the ledger, leaves the shift, the analytics and the transactions total; twice is 409', async () => {
    const x0 = (await pedir('GET', '/caja/turnos/actual')).json() as Turno;
    const r0 = await resumenHoy();
    const s0 = await stock('te');
    const venta = (await vender('te', 'Efectivo', 5000)).json();
    expect(await stock('te')).toBe(s0 - 1);
    expect((await resumenHoy()).ingresos).toBe(r0.ingresos + 4190);

    const res = await anular(venta.id_venta);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      estado_venta: 'Anulada',
      motivo_anulacion: 'Cliente se arrepintió',
      anulada_en: expect.any(String),
    });
    expect(await stock('te')).toBe(s0);
    const libro = await ctx.db.movimientoStock.findMany({ where: { id_venta: venta.id_venta }, orderBy: { id_movimiento: 'asc' } });
    expect(libro.map((m) => [m.tipo, m.cantidad])).toEqual([
      ['venta', -1],
      ['anulacion', 1],
    ]);
    expect(await resumenHoy()).toMatchObject({ ventas: r0.ventas, ingresos: r0.ingresos });
    const x1 = (await pedir('GET', '/caja/turnos/actual')).json() as Turno;
    expect(x1).toMatchObject({ ventas: x0.ventas, esperado_efectivo: x0.esperado_efectivo, devoluciones_efectivo: 0 });

    const lista = (await pedir('GET', `/ventas/?id_minimarket=${tienda}&limit=100`)).json();
    const completadas = await ctx.db.venta.aggregate({
      where: { id_minimarket: tienda, estado_venta: 'Completada' },
      _sum: { total: true },
    });
    expect(lista.monto_total).toBe(completadas._sum.total);

    const otra = await anular(venta.id_venta);
    expect(otra.statusCode).toBe(409);
    expect(otra.json().detail).toBe('Esta venta ya está anulada.');
    expect(await stock('te')).toBe(s0);
  });

  it('two voids of one sale at once: one succeeds, the stock comes back once', async () => {
    const s0 = await stock('pan');
    const venta = (await vender('pan', 'Efectivo')).json();
    const codigos = (await Promise.all([anular(venta.id_venta), anular(venta.id_venta)])).map((r) => r.statusCode).sort();
    expect(codigos).toEqual([200, 409]);
    expect(await stock('pan')).toBe(s0);
  });

  it("another shop's owner cannot void it; nothing changes", async () => {
    const venta = (await vender('pan', 'Tarjeta de Crédito')).json();
    const s0 = await stock('pan');
    expect((await anular(venta.id_venta, otro)).statusCode).toBe(404);
    expect((await ctx.db.venta.findFirstOrThrow({ where: { id_venta: venta.id_venta } })).estado_venta).toBe('Completada');
    expect(await stock('pan')).toBe(s0);
    expect((await pedir('POST', `/ventas/${venta.id_venta}/anulacion`, { motivo: '  ' })).statusCode).toBe(422);
  });

  it("a cash sale of a closed shift voided in the next one is cash handed back from the next one's till", async () => {
    const t1 = (await pedir('GET', '/caja/turnos/actual')).json() as Turno;
    const venta = (await vender('bebida', 'Efectivo', 3000)).json();
    const cierre1 = (await pedir('POST', `/caja/turnos/${t1.id_turno}/cierre`, { monto_contado: 0 })).json() as Turno;
    const t2 = (await pedir('POST', '/caja/turnos', { monto_inicial: 10_000 })).json() as Turno;
    expect((await anular(venta.id_venta)).statusCode).toBe(200);
    const x = (await pedir('GET', '/caja/turnos/actual')).json() as Turno;
    // 10.000 + 0 − 3.000 + 0 − 0
    expect(x).toMatchObject({ id_turno: t2.id_turno, devoluciones_efectivo: 3000, esperado_efectivo: 7000 });
    // The closed shift's report does not move.
    const cerrados = (await pedir('GET', '/caja/turnos')).json() as Turno[];
    expect(cerrados.find((t) => t.id_turno === t1.id_turno)).toMatchObject({
      esperado_efectivo: cierre1.esperado_efectivo,
      diferencia: cierre1.diferencia,
    });
  });
});

describe('returning part of a sale', () => {
  const stock = async () => (await ctx.db.producto.findFirstOrThrow({ where: { id_producto: id.pan } })).stock;
  const venderPan = async (unidades: number, monto_recibido?: number) =>
    (
      await pedir('POST', '/ventas/', {
        id_minimarket: tienda,
        total: 1000 * unidades,
        metodo_pago: 'Efectivo',
        ...(monto_recibido !== undefined ? { monto_recibido } : {}),
        detalles: [{ id_producto: id.pan, num_unidades: unidades, precio_unitario: 1000, subtotal: 1000 * unidades }],
      })
    ).json();
  const devolver = (idVenta: number, num_unidades: number, id_producto = id.pan) =>
    pedir('POST', `/ventas/${idVenta}/devoluciones`, { motivo: 'Venía vencido', detalles: [{ id_producto, num_unidades }] });
  const x = async () => (await pedir('GET', '/caja/turnos/actual')).json() as Turno;
  const hoy = async () => {
    const d = (await pedir('GET', '/analitica/resumen')).json().hasta as string;
    return (await pedir('GET', `/analitica/resumen?desde=${d}&hasta=${d}`)).json() as {
      ventas: number;
      ingresos: number;
      unidades: number;
    };
  };

  it('refunds at the price paid, the units back, cash out of the till; the sale stays a sale with less in it', async () => {
    const x0 = await x();
    const r0 = await hoy();
    const s0 = await stock();
    const venta = await venderPan(3, 5000);
    const res = await devolver(venta.id_venta, 1);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      total: 1000,
      motivo: 'Venía vencido',
      detalles: [{ nombre_producto: 'pan', num_unidades: 1, precio_unitario: 1000, subtotal: 1000 }],
    });
    expect(await stock()).toBe(s0 - 2);
    const x1 = await x();
    // + 3.000 of the sale − 1.000 handed back
    expect(x1.esperado_efectivo! - x0.esperado_efectivo!).toBe(2000);
    expect(x1.devoluciones_efectivo! - x0.devoluciones_efectivo!).toBe(1000);
    expect(await hoy()).toMatchObject({ ventas: r0.ventas + 1, ingresos: r0.ingresos + 2000, unidades: r0.unidades + 2 });
    const detalle = (await pedir('GET', `/ventas/${venta.id_venta}`)).json();
    expect(detalle.devoluciones).toHaveLength(1);
    const libro = await ctx.db.movimientoStock.findMany({ where: { id_venta: venta.id_venta }, orderBy: { id_movimiento: 'asc' } });
    expect(libro.map((m) => [m.tipo, m.cantidad])).toEqual([
      ['venta', -3],
      ['devolucion', 1],
    ]);

    // Beyond what is left, or a product not in the sale: refused, nothing changes.
    const demas = await devolver(venta.id_venta, 3);
    expect(demas.statusCode).toBe(409);
    expect(demas.json().detail).toBe('De "pan" quedan 2 unidades por devolver.');
    expect((await devolver(venta.id_venta, 1, id.te)).statusCode).toBe(422);
    expect(await stock()).toBe(s0 - 2);

    // Voiding it now puts back only the 2 still out; the shift is back where it was before the sale.
    expect((await pedir('POST', `/ventas/${venta.id_venta}/anulacion`, { motivo: 'Error de caja' })).statusCode).toBe(200);
    expect(await stock()).toBe(s0);
    expect((await x()).esperado_efectivo).toBe(x0.esperado_efectivo);
    expect(await hoy()).toMatchObject({ ventas: r0.ventas, ingresos: r0.ingresos, unidades: r0.unidades });
    expect((await devolver(venta.id_venta, 1)).statusCode).toBe(409);
  });

  it('a return racing a sale of the same product leaves the stock exact and the ledger adding up', async () => {
    const s0 = await stock();
    const venta = await venderPan(2);
    const [dev, otra] = await Promise.all([devolver(venta.id_venta, 1), venderPan(1)]);
    expect([dev.statusCode, otra.id_venta !== undefined]).toEqual([201, true]);
    expect(await stock()).toBe(s0 - 2);
    const producto = await ctx.db.producto.findFirstOrThrow({ where: { id_producto: id.pan } });
    const libro = await ctx.db.movimientoStock.aggregate({ where: { id_producto: id.pan }, _sum: { cantidad: true } });
    // The ledger, from the product's 100 at creation (no ledger row for it here), adds up to the stock.
    expect(100 + (libro._sum.cantidad ?? 0)).toBe(producto.stock);
  });

  it('the summaries equal the raw lines less what was returned, product by product', async () => {
    const d = (await pedir('GET', '/analitica/resumen')).json().hasta as string;
    const ranking = (await pedir('GET', `/analitica/ranking?desde=${d}&hasta=${d}&limite=100&por=unidades`)).json() as Array<{
      id_producto: number;
      unidades: number;
      ingresos: number;
    }>;
    const crudo = await ctx.db.$queryRaw<Array<{ id_producto: number; unidades: number; ingresos: number }>>`
      SELECT x.id_producto, sum(x.u)::int AS unidades, sum(x.s)::int AS ingresos FROM (
        SELECT d.id_producto, d.num_unidades AS u, d.subtotal AS s FROM venta v JOIN detalle_venta d ON d.id_venta = v.id_venta
        WHERE v.id_minimarket = ${tienda} AND v.estado_venta = 'Completada'
        UNION ALL
        SELECT dd.id_producto, -dd.num_unidades, -dd.subtotal FROM venta v
        JOIN devolucion dv ON dv.id_venta = v.id_venta
        JOIN detalle_devolucion dd ON dd.id_minimarket = dv.id_minimarket AND dd.id_devolucion = dv.id_devolucion
        WHERE v.id_minimarket = ${tienda} AND v.estado_venta = 'Completada'
      ) x GROUP BY 1`;
    const porId = (xs: Array<{ id_producto: number; unidades: number; ingresos: number }>) =>
      Object.fromEntries(xs.map((r) => [r.id_producto, [r.unidades, r.ingresos]]));
    expect(porId(ranking)).toEqual(porId(crudo));
  });
});
