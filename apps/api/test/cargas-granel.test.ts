// Imports of products sold by weight (issue #20, docs/granel.md): a product file says how each
// product is sold (unidad: 'unidad' or 'kg') and a kg product's PLU; its stock comes in kilos with a
// decimal comma and is kept in grams. A sales file's num_unidades of a kg product are kilos too,
// priced with monto_por_peso, the same rounding as the contracts' montoPorPeso. Every rejected row
// keeps its number and its reason, in the result and in the download.
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { montoPorPeso } from '@minimarket/contracts/granel';
import { MENSAJE_PLU_SOLO_GRANEL } from '@minimarket/contracts/productos';
import { importar } from './cargas-helpers.js';
import { nuevo } from './fixtures/cargas/datos.js';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
let cliente: Awaited<ReturnType<TestContext['as']>>;
let idMinimarket: number;
let idUsuario: number;
const q = (upload_type: 'productos' | 'ventas') => ({ id_minimarket: idMinimarket, id_usuario: idUsuario, upload_type });

beforeAll(async () => {
  ctx = await createTestContext();
  cliente = await ctx.as(DEMO.pyme);
  idMinimarket = await ctx.shopOf(DEMO.pyme.correo);
  idUsuario = (await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme.correo } })).id_usuario;
});
afterAll(() => ctx.close());

const producto = (codigo_barra: string) => ctx.db.producto.findFirst({ where: { id_minimarket: idMinimarket, codigo_barra } });

const rechazadosCsv = async (idArchivo: number) => {
  const res = await cliente.request({ method: 'GET', url: `/api/upload/history/${idMinimarket}/${idArchivo}/rechazados.csv` });
  expect(res.statusCode).toBe(200);
  return Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;
};

const JAMON = nuevo(700);
const QUESO = nuevo(701);
const MANI = nuevo(702);
const TE = nuevo(703);

describe('a product file with kg rows, as a Chilean Excel saves it (";" and decimal commas)', () => {
  const ENCABEZADO = 'nombre_producto;categoria;precio_venta;stock;codigo_barra;precio_compra;descripcion;marca;unidad;codigo_plu';
  const FILAS = [
    `Jamón pierna;Fiambrería;$8.990;2,5;${JAMON};$6.500;;;kg;00042`, // 2
    `Queso mantecoso;Fiambrería;7990;12,5;${QUESO};;;;A granel;43`, // 3
    `Maní tostado;Abarrotes;9990;350 g;${MANI};;;;Kilo;`, // 4
    `Té en bolsitas;Abarrotes;1990;1,5;${nuevo(704)};;;;Por unidad;`, // 5: a unit product with a decimal stock
    `Pavo ahumado;Fiambrería;10990;1;${nuevo(705)};;;;kg;042`, // 6: PLU 42 again (written 042)
    `Galletas;Abarrotes;990;10;${nuevo(706)};;;;;9`, // 7: a PLU on a unit product
    `Té verde;Abarrotes;2490;6;${TE};;;;;`, // 8: no unit: sold by the unit
    `Aceitunas;Abarrotes;6990;1;${nuevo(707)};;;;kg;77`, // 9: PLU 77 is another product's
    `Almendras;Abarrotes;15990;1.5;${nuevo(708)};;;;kg;`, // 10: a dot in kilos
    `Nueces;Abarrotes;14990;2;${nuevo(709)};;;;litro;`, // 11: no such unit
  ];
  let resultado: Awaited<ReturnType<typeof importar>>;
  let conPlu77: string;

  beforeAll(async () => {
    // A product of the shop already sold by weight with PLU 77.
    const paltas = await ctx.db.producto.findFirstOrThrow({
      where: { id_minimarket: idMinimarket, estado: 'activo' },
      orderBy: { id_producto: 'desc' },
    });
    await ctx.db.producto.updateMany({ where: { id_producto: paltas.id_producto }, data: { unidad: 'kg', codigo_plu: '77' } });
    conPlu77 = paltas.nombre_producto;
    const csv = `\uFEFF${[ENCABEZADO, ...FILAS].join('\r\n')}\r\n`;
    resultado = await importar(cliente, q('productos'), 'granel.csv', csv);
  });

  it('loads the good rows and rejects each bad one with its row number and a Spanish reason', () => {
    expect(resultado.carga.estado_procesamiento).toBe('Con errores');
    expect(resultado.detalle).toMatchObject({ total_filas: 10, productos_cargados: 4, errores: 6, status: 'partial' });
    expect(resultado.detalle.detalle_errores).toEqual([
      {
        fila: 5,
        campo: 'stock',
        mensaje:
          'Este producto se vende por unidad: el stock va en unidades enteras, sin decimales (ej: 12); se encontró "1,5". Si se vende por peso, escribe "kg" en la columna unidad.',
      },
      {
        fila: 6,
        campo: 'codigo_plu',
        mensaje: 'El PLU 42 ya aparece en la fila 2 del archivo: cada producto a granel lleva su propio PLU.',
      },
      { fila: 7, campo: 'codigo_plu', mensaje: MENSAJE_PLU_SOLO_GRANEL },
      {
        fila: 9,
        campo: 'codigo_plu',
        mensaje: expect.stringMatching(
          new RegExp(`^El PLU 77 ya es de "${conPlu77.replace(/[()]/g, '\\$&')}" \\(código de barras \\d+\\) en tu inventario`),
        ),
      },
      {
        fila: 10,
        campo: 'stock',
        mensaje:
          'El stock de un producto a granel va en kilos: escribe los decimales del peso con coma (ej: 1,250 kg) o indica gramos (ej: 1.250 g); se encontró "1.5".',
      },
      {
        fila: 11,
        campo: 'unidad',
        mensaje: 'La unidad "litro" no es válida. Usa "unidad" (se vende por unidad) o "kg" (se vende a granel, por peso).',
      },
    ]);
  });

  it('keeps a kg stock in grams, prices per kilo and the PLU without its leading zeros', async () => {
    expect(await producto(JAMON)).toMatchObject({
      nombre_producto: 'Jamón pierna',
      unidad: 'kg',
      codigo_plu: '42',
      stock: 2500,
      precio_venta_actual: 8990,
      precio_compra_actual: 6500,
    });
    expect(await producto(QUESO)).toMatchObject({ unidad: 'kg', codigo_plu: '43', stock: 12_500 });
    expect(await producto(MANI)).toMatchObject({ unidad: 'kg', codigo_plu: null, stock: 350 });
    expect(await producto(TE)).toMatchObject({ unidad: 'unidad', codigo_plu: null, stock: 6 });
    // The stock the file put on the shelf is in the ledger, in grams too.
    const jamon = (await producto(JAMON))!;
    const movimientos = await ctx.db.movimientoStock.findMany({ where: { id_producto: jamon.id_producto } });
    expect(movimientos.map((m) => [m.tipo, m.cantidad, m.stock_resultante])).toEqual([['importacion', 2500, 2500]]);
  });

  it('the rejected rows download as they were written (decimal commas intact), each with its reason', async () => {
    const filas = await rechazadosCsv(resultado.carga.id_archivo);
    expect(filas[0]).toEqual([...ENCABEZADO.split(';'), 'motivo']);
    const original = FILAS.map((f) => f.replace(/ \/\/.*$/, '').split(';'));
    expect(filas.slice(1).map((f) => f.slice(0, -1))).toEqual([5, 6, 7, 9, 10, 11].map((fila) => original[fila - 2]));
    expect(filas[1]![3]).toBe('1,5');
    expect(filas[1]!.at(-1)).toContain('Este producto se vende por unidad');
    expect(filas[2]!.at(-1)).toContain('El PLU 42 ya aparece en la fila 2');
  });

  it('the same rows from an .xlsx whose cells are numbers (2,5 typed in Excel is stored 2.5) read the same', async () => {
    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Datos');
    hoja.addRow(ENCABEZADO.split(';'));
    hoja.addRow(['Salame', 'Fiambrería', 12990, 0.75, nuevo(710), null, null, null, 'kg', 44]);
    hoja.addRow(['Jugo', 'Abarrotes', 990, 1.5, nuevo(711), null, null, null, 'unidad', null]);
    const r = await importar(cliente, q('productos'), 'granel.xlsx', Buffer.from(await libro.xlsx.writeBuffer()));
    expect(r.detalle).toMatchObject({ productos_cargados: 1, errores: 1 });
    expect(r.detalle.detalle_errores[0]).toMatchObject({ fila: 3, campo: 'stock', mensaje: expect.stringContaining('se encontró "1,5"') });
    expect(await producto(nuevo(710))).toMatchObject({ unidad: 'kg', codigo_plu: '44', stock: 750 });
  });
});

describe('a deleted product that a file brings back', () => {
  it('keeps how it is sold once it has sales: changing its unit is a rejected row saying why', async () => {
    const vendido = await ctx.db.detalleVenta.findFirstOrThrow({
      where: { id_minimarket: idMinimarket, producto: { estado: 'activo', unidad: 'unidad' } },
      include: { producto: true },
    });
    const p = vendido.producto!;
    expect((await cliente.request({ method: 'DELETE', url: `/api/productos/${p.id_producto}` })).statusCode).toBe(204);
    const csv = `nombre_producto;categoria;precio_venta;stock;codigo_barra;unidad\r\n${p.nombre_producto};${p.categoria};4990;3;${p.codigo_barra};kg\r\n`;
    const r = await importar(cliente, q('productos'), 'cambio.csv', csv);
    expect(r.detalle).toMatchObject({ productos_reactivados: 0, errores: 1 });
    expect(r.detalle.detalle_errores).toEqual([
      {
        fila: 2,
        campo: 'unidad',
        mensaje: `"${p.nombre_producto}" ya tiene ventas por unidad: no se puede cambiar a a granel (kg). Escribe "unidad" en la columna unidad.`,
      },
    ]);
    expect(await producto(p.codigo_barra!)).toMatchObject({ estado: 'inactivo', unidad: 'unidad' });
  });

  it('without sales it comes back sold by weight, its stock in grams', async () => {
    const codigo = nuevo(720);
    await importar(
      cliente,
      q('productos'),
      'uno.csv',
      `nombre_producto;categoria;precio_venta;stock;codigo_barra\r\nLentejas;Abarrotes;1990;4;${codigo}\r\n`,
    );
    const p = (await producto(codigo))!;
    expect((await cliente.request({ method: 'DELETE', url: `/api/productos/${p.id_producto}` })).statusCode).toBe(204);
    const r = await importar(
      cliente,
      q('productos'),
      'dos.csv',
      `nombre_producto;categoria;precio_venta;stock;codigo_barra;unidad;codigo_plu\r\nLentejas a granel;Abarrotes;2990;"10,250";${codigo};kg;120\r\n`,
    );
    expect(r.detalle).toMatchObject({ productos_reactivados: 1, errores: 0 });
    expect(await producto(codigo)).toMatchObject({
      estado: 'activo',
      unidad: 'kg',
      codigo_plu: '120',
      stock: 10_250,
      precio_venta_actual: 2990,
    });
  });
});

describe('a sales file with kg lines', () => {
  let resultado: Awaited<ReturnType<typeof importar>>;
  let te: { precio_venta_actual: number; id_producto: number };
  const LINEAS = [
    `G-1;2026-10-20 10:00:00;Efectivo;${JAMON};0,350`, // 2: 350 g × $8.990/kg = 3.146,5 → $3.147
    `G-1;2026-10-20 10:00:00;Efectivo;${TE};2`, // 3
    `G-2;2026-10-20 11:00:00;Débito;${JAMON};2`, // 4: a bare number of a kg product is kilos
    `G-3;2026-10-20 12:00:00;Efectivo;${MANI};350 g`, // 5: 350 g × $9.990/kg = 3.496,5 → $3.497
    `G-4;2026-10-20 13:00:00;Efectivo;${JAMON};0.350`, // 6: a dot in kilos
    `G-5;2026-10-20 14:00:00;Efectivo;${TE};1,5`, // 7: a decimal of a unit product
  ];

  beforeAll(async () => {
    te = (await producto(TE))!;
    const csv = `id_venta_csv;fecha_venta;metodo_pago;codigo_barra;num_unidades\r\n${LINEAS.join('\r\n')}\r\n`;
    resultado = await importar(cliente, q('ventas'), 'ventas-granel.csv', csv);
  });

  it('loads the kg lines in grams priced with the one rounding rule, and keeps each line unit', async () => {
    expect(resultado.detalle, resultado.detalle.message).toMatchObject({
      ventas_procesadas: 3,
      ventas_omitidas_por_errores: 2,
      errores: 2,
    });
    const ventas = await ctx.db.venta.findMany({
      where: { id_minimarket: idMinimarket, id_venta_csv: { startsWith: 'G-' } },
      include: { detalles: { orderBy: { id_detalle_venta: 'asc' } } },
      orderBy: { id_venta_csv: 'asc' },
    });
    const lineas = (i: number) =>
      ventas[i]!.detalles.map((d) => [d.nombre_producto, d.unidad, d.num_unidades, d.precio_unitario, d.subtotal]);
    expect(ventas.map((v) => v.id_venta_csv)).toEqual(['G-1', 'G-2', 'G-3']);
    expect(lineas(0)).toEqual([
      ['Jamón pierna', 'kg', 350, 8990, 3147],
      ['Té verde', 'unidad', 2, te.precio_venta_actual, 2 * te.precio_venta_actual],
    ]);
    expect(ventas[0]!.total).toBe(3147 + 2 * te.precio_venta_actual);
    expect(lineas(1)).toEqual([['Jamón pierna', 'kg', 2000, 8990, 17_980]]);
    expect(lineas(2)).toEqual([['Maní tostado', 'kg', 350, 9990, 3497]]);
    expect(ventas[2]!.total).toBe(3497);
  });

  it('rejects a dot in kilos and a decimal of a unit product, each with its row and reason, also in the download', async () => {
    expect(resultado.detalle.detalle_errores).toEqual([
      {
        fila: 6,
        campo: 'num_unidades',
        mensaje:
          'Este producto se vende a granel (kg): escribe los decimales del peso con coma (ej: 1,250 kg) o indica gramos (ej: 1.250 g); se encontró "0.350".',
      },
      {
        fila: 7,
        campo: 'num_unidades',
        mensaje: 'Este producto se vende por unidad: la cantidad va en unidades enteras, sin decimales (ej: 2); se encontró "1,5".',
      },
    ]);
    const filas = await rechazadosCsv(resultado.carga.id_archivo);
    expect(filas.slice(1).map((f) => [f[0], f[4]])).toEqual([
      ['G-4', '0.350'],
      ['G-5', '1,5'],
    ]);
  });
});

describe('detalle_venta keeps every kg line honest (its CHECK, migration 20261126090000_granel)', () => {
  it('refuses a kg line whose subtotal is not the price of its grams, and a unit line off by a peso', async () => {
    const kg = await ctx.db.detalleVenta.findFirstOrThrow({ where: { id_minimarket: idMinimarket, unidad: 'kg' } });
    await expect(
      ctx.db.$executeRawUnsafe('UPDATE detalle_venta SET subtotal = subtotal + 1 WHERE id_detalle_venta = $1', kg.id_detalle_venta),
    ).rejects.toThrow(/detalle_venta_subtotal_check/);
    // Price × kilos as if they were units is refused too.
    await expect(
      ctx.db.$executeRawUnsafe(
        'UPDATE detalle_venta SET subtotal = precio_unitario * num_unidades WHERE id_detalle_venta = $1',
        kg.id_detalle_venta,
      ),
    ).rejects.toThrow(/detalle_venta_subtotal_check/);
    const unidad = await ctx.db.detalleVenta.findFirstOrThrow({ where: { id_minimarket: idMinimarket, unidad: 'unidad' } });
    await expect(
      ctx.db.$executeRawUnsafe('UPDATE detalle_venta SET subtotal = subtotal + 1 WHERE id_detalle_venta = $1', unidad.id_detalle_venta),
    ).rejects.toThrow(/detalle_venta_subtotal_check/);
  });
});

describe('monto_por_peso (SQL) is the contracts montoPorPeso', () => {
  it('agrees on the rounding table of docs/granel.md and on many more', async () => {
    const casos: Array<[number, number]> = [
      [8990, 350],
      [500, 1],
      [999, 1],
      [499, 1],
      [25_990, 99_999],
      [0, 500],
      [1, 499],
      [1, 500],
      [100_000_000, 99_999],
    ];
    for (let i = 0; i < 300; i++) casos.push([(i * 7919) % 50_000, (i * 104_729) % 100_000]);
    const rows = await ctx.db.$queryRawUnsafe<Array<{ monto: bigint }>>(
      `SELECT monto_por_peso(p, g) AS monto FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS x(p, g, i) ORDER BY i`,
      casos.map((c) => c[0]),
      casos.map((c) => c[1]),
    );
    expect(rows.map((r) => Number(r.monto))).toEqual(casos.map(([p, g]) => montoPorPeso(p, g)));
  });
});
