// Imports (issue #4) of files written by real programs: a CSV as a Chilean Excel saves it,
// .xlsx saved by LibreOffice, XML with and without a declaration. Each gives the expected
// counts and leaves exactly the expected rows in the database. Every describe runs on a
// fresh copy of the seeded database.
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { montoPorPeso } from '@minimarket/contracts/granel';
import { zonedToUtc } from '../src/lib/tiempo.js';
import type { ArchivoCarga } from '@minimarket/contracts/uploads';
import { esperarCarga, fixture, importar, subir } from './cargas-helpers.js';
import { codigo, nuevo, PRODUCTO_ACTIVO, PRODUCTO_REACTIVADO } from './fixtures/cargas/datos.js';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

interface Tienda {
  ctx: TestContext;
  cliente: Awaited<ReturnType<TestContext['as']>>;
  idMinimarket: number;
  idUsuario: number;
}

async function tiendaDonPepe(env: Record<string, string> = {}): Promise<Tienda> {
  const ctx = await createTestContext(env);
  const cliente = await ctx.as(DEMO.pyme);
  const idMinimarket = await ctx.shopOf(DEMO.pyme.correo);
  const { id_usuario } = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme.correo } });
  return { ctx, cliente, idMinimarket, idUsuario: id_usuario };
}

const q = (t: Tienda, upload_type: 'productos' | 'ventas') => ({ id_minimarket: t.idMinimarket, id_usuario: t.idUsuario, upload_type });

// ---------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------

const NUEVOS = {
  [nuevo(1)]: {
    nombre_producto: 'Empanada de Mariscos un',
    categoria: 'Panadería',
    precio_venta_actual: 2490,
    stock: 15,
    precio_compra_actual: 1600,
    descripcion: 'Empanada frita de mariscos.',
    marca: null,
  },
  [nuevo(2)]: {
    nombre_producto: 'Queso de Cabra Artesanal 250 g',
    categoria: 'Lácteos y Quesos',
    precio_venta_actual: 4590,
    stock: 6,
    precio_compra_actual: 3150,
    descripcion: null,
    marca: 'Quesos del Valle',
  },
  [nuevo(3)]: {
    nombre_producto: 'Pebre Casero 250 g',
    categoria: 'Abarrotes',
    precio_venta_actual: 1990,
    stock: 10,
    precio_compra_actual: null,
    descripcion: 'Tomate, cebolla y cilantro; "receta de la casa"',
    marca: null,
  },
  [nuevo(4)]: {
    nombre_producto: 'Sopaipilla Pasada 5 un',
    categoria: 'Panadería',
    precio_venta_actual: 2990,
    stock: 8,
    precio_compra_actual: null,
    descripcion: null,
    marca: null,
  },
  [nuevo(5)]: {
    nombre_producto: 'Chancho en Piedra 200 g',
    categoria: 'Abarrotes',
    precio_venta_actual: 2290,
    stock: 0,
    precio_compra_actual: null,
    descripcion: 'Salsa de tomate, ajo y ají molidos en piedra.',
    marca: null,
  },
};
const RECHAZADOS = [nuevo(6), nuevo(7), nuevo(8), nuevo(9)];

describe.each([
  ['productos-excel-chile.csv', 'CSV de Excel (Chile): BOM, ";", CRLF, precios "$1.990"'],
  ['productos-libreoffice.xlsx', 'XLSX guardado por LibreOffice'],
  ['productos-libreoffice.csv', 'CSV guardado por LibreOffice: ",", sin BOM, LF'],
])('products from %s (%s)', (archivo) => {
  let t: Tienda;
  let reactivado: { id_producto: number; stock: number };
  let activoAntes: Record<string, unknown>;
  let productosAntes: number;
  let resultado: Awaited<ReturnType<typeof importar>>;
  beforeAll(async () => {
    t = await tiendaDonPepe();
    // Deleted earlier (inactivo): the file brings it back.
    const queso = await t.ctx.db.producto.findFirstOrThrow({
      where: { id_minimarket: t.idMinimarket, codigo_barra: codigo(PRODUCTO_REACTIVADO) },
    });
    expect((await t.cliente.request({ method: 'DELETE', url: `/api/productos/${queso.id_producto}` })).statusCode).toBe(204);
    reactivado = queso;
    activoAntes = await t.ctx.db.producto.findFirstOrThrow({
      where: { id_minimarket: t.idMinimarket, codigo_barra: codigo(PRODUCTO_ACTIVO) },
    });
    productosAntes = await t.ctx.db.producto.count({ where: { id_minimarket: t.idMinimarket } });
    resultado = await importar(t.cliente, q(t, 'productos'), archivo, fixture(archivo));
  });
  afterAll(() => t.ctx.close());

  it('answers the record at once, En revisión, and ends Con errores with the expected counts', () => {
    expect(resultado.respuesta).toMatchObject({
      nombre_archivo: archivo,
      tipo_archivo: 'productos',
      estado_procesamiento: 'En revisión',
      detalle_resultado: null,
    });
    expect(resultado.carga.estado_procesamiento).toBe('Con errores');
    expect(resultado.detalle).toMatchObject({
      total_filas: 12,
      errores: 5,
      productos_cargados: 5,
      productos_reactivados: 1,
      productos_omitidos_por_duplicado: 2,
      ventas_procesadas: 0,
      ventas_omitidas_por_errores: 0,
      status: 'partial',
    });
    expect(resultado.detalle.message).toBe(
      'Se cargaron 5 productos nuevos. Se reactivó 1 producto que estaba eliminado. Se omitieron 2 productos que ya estaban en el inventario o repetidos en el archivo. Descarga las filas rechazadas, corrígelas y vuelve a cargarlas.',
    );
  });

  it('reports each bad row with the row number a person sees, the column and a Spanish reason', () => {
    const errores = resultado.detalle.detalle_errores;
    expect(errores.map((e) => [e.fila, e.campo])).toEqual([
      [7, 'codigo_barra'],
      [8, 'precio_venta'],
      [9, 'stock'],
      [10, 'categoria'],
      [12, 'nombre_producto'],
    ]);
    expect(errores[0]!.mensaje).toBe(`El código de barras ${nuevo(2)} ya aparece en la fila 3 del archivo; se omitió esta fila.`);
    expect(errores[1]!.mensaje).toMatch(
      /^El precio de venta debe ser un número entero de pesos, sin decimales \(ej: 1990 o \$1\.990\); se encontró "1990[.,]5"\.$/,
    );
    expect(errores[2]!.mensaje).toBe('El stock no puede ser negativo.');
    expect(errores[3]!.mensaje).toMatch(/^La categoría "Electrónica" no existe\. Usa una de: Panadería, Lácteos y Quesos/);
    expect(errores[4]!.mensaje).toBe('Falta el nombre del producto.');
  });

  it('creates exactly the five new products, active, with the values of the file', async () => {
    const filas = await t.ctx.db.producto.findMany({ where: { id_minimarket: t.idMinimarket, codigo_barra: { in: Object.keys(NUEVOS) } } });
    expect(filas).toHaveLength(5);
    for (const p of filas) {
      expect({ ...NUEVOS[p.codigo_barra!], estado: 'activo' }).toEqual({
        nombre_producto: p.nombre_producto,
        categoria: p.categoria,
        precio_venta_actual: p.precio_venta_actual,
        stock: p.stock,
        precio_compra_actual: p.precio_compra_actual,
        descripcion: p.descripcion,
        marca: p.marca,
        estado: p.estado,
      });
    }
    expect(await t.ctx.db.producto.count({ where: { id_minimarket: t.idMinimarket } })).toBe(productosAntes + 5);
    expect(await t.ctx.db.producto.count({ where: { codigo_barra: { in: RECHAZADOS } } })).toBe(0);
  });

  it('reactivates the deleted product with the file values and leaves the active one alone', async () => {
    const queso = await t.ctx.db.producto.findFirstOrThrow({ where: { id_producto: reactivado.id_producto } });
    expect(queso).toMatchObject({ estado: 'activo', precio_venta_actual: 3590, precio_compra_actual: 2450, stock: 20, marca: 'Quillayes' });
    const leche = await t.ctx.db.producto.findFirstOrThrow({
      where: { id_minimarket: t.idMinimarket, codigo_barra: codigo(PRODUCTO_ACTIVO) },
    });
    expect(leche).toEqual(activoAntes);
  });

  it('writes the stock it put on the shelves to the ledger as importacion', async () => {
    const movimientos = await t.ctx.db.movimientoStock.findMany({
      where: { id_minimarket: t.idMinimarket, tipo: 'importacion' },
      include: { producto: { select: { codigo_barra: true } } },
      orderBy: { id_movimiento: 'asc' },
    });
    const porCodigo = Object.fromEntries(movimientos.map((m) => [m.producto.codigo_barra, [m.cantidad, m.stock_resultante, m.id_usuario]]));
    expect(porCodigo).toEqual({
      [nuevo(1)]: [15, 15, t.idUsuario],
      [nuevo(2)]: [6, 6, t.idUsuario],
      [nuevo(3)]: [10, 10, t.idUsuario],
      [nuevo(4)]: [8, 8, t.idUsuario],
      // Chancho en Piedra came with no stock: nothing to record.
      [codigo(PRODUCTO_REACTIVADO)]: [20 - reactivado.stock, 20, t.idUsuario],
    });
  });

  it('keeps the rejected rows as they were in the file and tells the uploader', async () => {
    const filas = await t.ctx.db.filaRechazada.findMany({ where: { id_archivo: resultado.carga.id_archivo }, orderBy: { fila: 'asc' } });
    expect(filas.map((f) => f.fila)).toEqual([7, 8, 9, 10, 12]);
    const aviso = await t.ctx.db.notificacion.findFirst({ where: { id_usuario: t.idUsuario, tipo: 'carga_con_errores' } });
    expect(aviso?.descripcion).toBe(`"${archivo}" tiene 5 errores. Descarga las filas rechazadas, corrígelas y vuelve a cargarlas.`);
  });
});

describe('the rejected rows, downloaded, fixed and uploaded again', () => {
  let t: Tienda;
  let idArchivo: number;
  const original = Papa.parse<string[]>(
    fixture('productos-excel-chile.csv')
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
    { delimiter: ';' },
  ).data;
  beforeAll(async () => {
    t = await tiendaDonPepe();
    idArchivo = (await importar(t.cliente, q(t, 'productos'), 'productos-excel-chile.csv', fixture('productos-excel-chile.csv'))).carga
      .id_archivo;
  });
  afterAll(() => t.ctx.close());

  it('rechazados.csv: the same cells as the file plus motivo, as a Chilean Excel opens it', async () => {
    const res = await t.cliente.request({ method: 'GET', url: `/api/upload/history/${t.idMinimarket}/${idArchivo}/rechazados.csv` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('productos-excel-chile_rechazados.csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body).toContain('\r\n');
    const filas = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;
    expect(filas[0]).toEqual([...original[0]!, 'motivo']);
    // Rows 7, 8, 9, 10 and 12 of the file (index = row - 1).
    expect(filas.slice(1).map((f) => f.slice(0, -1))).toEqual([7, 8, 9, 10, 12].map((fila) => original[fila - 1]));
    expect(filas[2]!.at(-1)).toContain('sin decimales');
  });

  it('rechazados.csv: a cell Excel would run as a formula opens as text', async () => {
    const formulas = ['=1+1', '@SUMA(A1)', '+1+1', "-2+3+cmd|' /C calc'!A0", '=HIPERVINCULO("http://x")\nmás'];
    const filas = formulas.map((f, i) => [f, 'Abarrotes', 'caro', '1', `FORMULA-${i}`]);
    const csv = Papa.unparse([['nombre_producto', 'categoria', 'precio_venta', 'stock', 'codigo_barra'], ...filas], { delimiter: ';' });
    const r = await importar(t.cliente, q(t, 'productos'), 'formulas.csv', csv);
    expect(r.detalle.errores).toBe(formulas.length);
    const res = await t.cliente.request({
      method: 'GET',
      url: `/api/upload/history/${t.idMinimarket}/${r.carga.id_archivo}/rechazados.csv`,
    });
    const leidas = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data.slice(1);
    // Each one written with a ' in front (Excel shows it as text), the rest of the row as it was.
    expect(leidas.map((f) => f[0])).toEqual(formulas.map((f) => `'${f}`));
    expect(leidas.map((f) => f[4])).toEqual(formulas.map((_, i) => `FORMULA-${i}`));
    expect(res.body).toContain(`"'=1+1";Abarrotes;caro;1;FORMULA-0`);
  });

  it('rechazados.xlsx: one sheet, the same rows as text', async () => {
    const res = await t.cliente.request({ method: 'GET', url: `/api/upload/history/${t.idMinimarket}/${idArchivo}/rechazados.xlsx` });
    expect(res.statusCode).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0]!;
    expect(hoja.rowCount).toBe(6);
    expect(hoja.getRow(1).values).toEqual([undefined, ...original[0]!, 'motivo']);
    expect(hoja.getRow(2).getCell(5).value).toBe(nuevo(2));
  });

  it('the corrected file loads the rest and ends Completado', async () => {
    const res = await t.cliente.request({ method: 'GET', url: `/api/upload/history/${t.idMinimarket}/${idArchivo}/rechazados.csv` });
    const corregido = res.body
      .replace('1990,5', '$1.990')
      .replace(';-3;', ';3;')
      .replace('Electrónica', 'Masivos')
      .replace(/\r\n;Abarrotes;/, '\r\nManjar Casero 500 g;Abarrotes;');
    const r = await importar(t.cliente, q(t, 'productos'), 'productos_corregidos.csv', corregido);
    expect(r.carga.estado_procesamiento).toBe('Completado');
    // The repeated row is now simply a product the shop already has.
    expect(r.detalle).toMatchObject({
      total_filas: 5,
      errores: 0,
      productos_cargados: 4,
      productos_omitidos_por_duplicado: 1,
      status: 'success',
    });
    expect(await t.ctx.db.producto.count({ where: { codigo_barra: { in: RECHAZADOS } } })).toBe(4);
  });

  it('more rejected rows than one page of the download (2,000): every one comes back, once, in file order', async () => {
    const N = 4500;
    const filas = Array.from({ length: N }, (_, i) => `Sin Precio ${i};Abarrotes;;1;${nuevo(5000 + i)}`);
    const r = await importar(
      t.cliente,
      q(t, 'productos'),
      'sin_precios.csv',
      `nombre_producto;categoria;precio_venta;stock;codigo_barra\r\n${filas.join('\r\n')}\r\n`,
    );
    expect(r.detalle).toMatchObject({ errores: N, productos_cargados: 0 });
    const res = await t.cliente.request({
      method: 'GET',
      url: `/api/upload/history/${t.idMinimarket}/${r.carga.id_archivo}/rechazados.csv`,
    });
    const nombres = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true })
      .data.slice(1)
      .map((f) => f[0]);
    expect(nombres).toEqual(Array.from({ length: N }, (_, i) => `Sin Precio ${i}`));
  });

  it('an upload without rejected rows has nothing to download', async () => {
    const r = await importar(
      t.cliente,
      q(t, 'productos'),
      'otra_vez.csv',
      fixture('productos-excel-chile.csv').toString().split('\r\n').slice(0, 2).join('\r\n'),
    );
    expect(r.carga.estado_procesamiento).toBe('Completado');
    const res = await t.cliente.request({
      method: 'GET',
      url: `/api/upload/history/${t.idMinimarket}/${r.carga.id_archivo}/rechazados.csv`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Esta carga no tiene filas rechazadas.', code: 'NO_REJECTED_ROWS' });
  });
});

describe('products from XML with a declaration, a comment, CDATA, an attribute and headers in any case', () => {
  let t: Tienda;
  beforeAll(async () => {
    t = await tiendaDonPepe();
  });
  afterAll(() => t.ctx.close());

  it('loads the three good ones and reports the fourth by the line of its element', async () => {
    const r = await importar(t.cliente, q(t, 'productos'), 'productos.xml', fixture('productos.xml'));
    expect(r.carga.estado_procesamiento).toBe('Con errores');
    expect(r.detalle).toMatchObject({
      total_filas: 4,
      errores: 1,
      productos_cargados: 3,
      productos_reactivados: 0,
      productos_omitidos_por_duplicado: 0,
    });
    const lineas = fixture('productos.xml').toString().split('\n');
    const lineaCarbon = lineas.findIndex((l) => l.includes('Carbón')); // 0-based index of the line after <producto>
    expect(r.detalle.detalle_errores).toEqual([
      { fila: lineaCarbon, campo: 'categoria', mensaje: expect.stringMatching(/^La categoría "Ferretería" no existe/) },
    ]);
    const creados = await t.ctx.db.producto.findMany({
      where: { id_minimarket: t.idMinimarket, codigo_barra: { in: [nuevo(20), nuevo(21), nuevo(22), nuevo(23)] } },
      orderBy: { codigo_barra: 'asc' },
    });
    expect(creados.map((p) => [p.nombre_producto, p.categoria, p.precio_venta_actual, p.stock, p.descripcion])).toEqual([
      ['Té & Hierbas Supremo 20 bolsitas', 'Abarrotes', 2990, 14, 'Mezcla de té negro <con> hierbas & cedrón.'],
      ['Huevos de Campo 12 un', 'Frutas y Verduras', 4290, 30, null],
      ['Cloro Gel 900 ml', 'Limpieza', 1790, 9, null],
    ]);
  });
});

describe('products from an XML written on one line', () => {
  let t: Tienda;
  beforeAll(async () => {
    t = await tiendaDonPepe();
  });
  afterAll(() => t.ctx.close());

  it('loads every element and reports the bad one by its place on the line', async () => {
    const producto = (codigo: string, nombre: string, categoria: string) =>
      `<producto><nombre_producto>${nombre}</nombre_producto><categoria>${categoria}</categoria><precio_venta>990</precio_venta><codigo_barra>${codigo}</codigo_barra></producto>`;
    const xml = `<?xml version="1.0"?><productos>${producto(nuevo(30), 'Marraqueta', 'Panadería')}${producto(nuevo(31), 'Clavos 1 kg', 'Ferretería')}${producto(nuevo(32), 'Hallulla', 'Panadería')}</productos>`;
    const r = await importar(t.cliente, q(t, 'productos'), 'una-linea.xml', xml);
    expect(r.detalle).toMatchObject({ total_filas: 3, errores: 1, productos_cargados: 2 });
    // The first element is on line 1; the ones after it on that line are counted on: 2, 3.
    expect(r.detalle.detalle_errores).toEqual([
      { fila: 2, campo: 'categoria', mensaje: expect.stringMatching(/^La categoría "Ferretería" no existe/) },
    ]);
    const creados = await t.ctx.db.producto.findMany({
      where: { id_minimarket: t.idMinimarket, codigo_barra: { in: [nuevo(30), nuevo(31), nuevo(32)] } },
    });
    expect(creados.map((p) => p.nombre_producto).sort()).toEqual(['Hallulla', 'Marraqueta']);
  });
});

describe('a CSV saved by Excel as plain "CSV (delimitado por comas)": Windows-1252, not UTF-8', () => {
  let t: Tienda;
  beforeAll(async () => {
    t = await tiendaDonPepe();
  });
  afterAll(() => t.ctx.close());

  it('reads the accents right', async () => {
    const csv = Buffer.from(
      'nombre_producto;categoria;precio_venta;codigo_barra\r\nPan Amasado Año Nuevo;Panadería;$1.990;W1252-1\r\n',
      'latin1',
    );
    const r = await importar(t.cliente, q(t, 'productos'), 'productos.csv', csv);
    expect(r.detalle).toMatchObject({ productos_cargados: 1, errores: 0 });
    const p = await t.ctx.db.producto.findFirstOrThrow({ where: { codigo_barra: 'W1252-1' } });
    expect([p.nombre_producto, p.categoria, p.stock]).toEqual(['Pan Amasado Año Nuevo', 'Panadería', 0]);
  });
});

// ---------------------------------------------------------------------------
// Sales
// ---------------------------------------------------------------------------

const LINEAS_ESPERADAS: Record<string, { fecha: string; metodo: string; lineas: Array<[string, number]> }> = {
  'S-1001': {
    fecha: '2026-10-15T09:12:00',
    metodo: 'Efectivo',
    lineas: [
      // The demo sells marraqueta by the kilo: the file's '2' is 2 kg, 2.000 g (docs/granel.md).
      ['Marraqueta', 2000],
      [PRODUCTO_ACTIVO, 1],
    ],
  },
  'S-1002': { fecha: '2026-10-15T11:47:30', metodo: 'Tarjeta de Débito', lineas: [['Mantequilla con Sal Colún 250 g', 1]] },
  'S-1003': {
    fecha: '2026-10-16T18:30:05',
    metodo: 'Tarjeta de Crédito',
    lineas: [
      ['Arroz Grado 2 Tucapel 1 kg', 2],
      ['Aceite Vegetal Belmont 1 L', 1],
      ['Cerveza Cristal Lata 470 ml', 6],
    ],
  },
  'S-1004': { fecha: '2026-10-17T20:05:00', metodo: 'Transferencia Bancaria', lineas: [[PRODUCTO_ACTIVO, 3]] },
  'S-1008': { fecha: '2026-10-18T19:45:00', metodo: 'Tarjeta de Crédito', lineas: [['Cerveza Cristal Lata 470 ml', 12]] },
};

describe.each([
  ['ventas-excel-chile.csv', 'CSV de Excel (Chile)'],
  ['ventas-libreoffice.xlsx', 'XLSX guardado por LibreOffice (fechas como celdas de fecha)'],
])('sales from %s (%s)', (archivo) => {
  let t: Tienda;
  let ventasAntes: number;
  let stockAntes: Map<number, number>;
  let movimientosAntes: number;
  let resultado: Awaited<ReturnType<typeof importar>>;
  beforeAll(async () => {
    t = await tiendaDonPepe();
    ventasAntes = await t.ctx.db.venta.count({ where: { id_minimarket: t.idMinimarket } });
    stockAntes = new Map(
      (await t.ctx.db.producto.findMany({ where: { id_minimarket: t.idMinimarket } })).map((p) => [p.id_producto, p.stock]),
    );
    movimientosAntes = await t.ctx.db.movimientoStock.count();
    resultado = await importar(t.cliente, q(t, 'ventas'), archivo, fixture(archivo));
  });
  afterAll(() => t.ctx.close());

  it('groups rows by id_venta_csv and rejects a sale with any bad row whole, saying why', () => {
    expect(resultado.carga.estado_procesamiento).toBe('Con errores');
    expect(resultado.detalle).toMatchObject({
      total_filas: 14,
      errores: 6,
      ventas_procesadas: 5,
      ventas_omitidas_por_errores: 4,
      productos_cargados: 0,
      status: 'partial',
    });
    expect(resultado.detalle.detalle_errores.map((e) => [e.fila, e.campo])).toEqual([
      [9, 'id_venta_csv'],
      [10, 'codigo_barra'],
      [11, 'fecha_venta'],
      [12, 'id_venta_csv'],
      [13, 'metodo_pago'],
      [15, 'num_unidades'],
    ]);
    const [acompanante, desconocido, , , metodo] = resultado.detalle.detalle_errores;
    expect(acompanante!.mensaje).toBe('La venta "S-1005" se rechazó completa porque otra de sus filas tiene errores (fila 10).');
    expect(desconocido!.mensaje).toBe(
      `El producto con código de barras ${nuevo(90)} no está en el inventario. Cárgalo primero en Productos.`,
    );
    expect(metodo!.mensaje).toBe('El método de pago "Cheque" no es válido. Usa: Efectivo, Débito, Crédito o Transferencia.');
  });

  it('stores exactly the five good sales, priced at the current shelf price, dated in Santiago time', async () => {
    const ventas = await t.ctx.db.venta.findMany({
      where: { id_minimarket: t.idMinimarket, id_venta_csv: { not: null } },
      include: { detalles: { orderBy: { id_detalle_venta: 'asc' } } },
      orderBy: { id_venta_csv: 'asc' },
    });
    expect(ventas.map((v) => v.id_venta_csv)).toEqual(Object.keys(LINEAS_ESPERADAS));
    const precios = new Map(
      (await t.ctx.db.producto.findMany({ where: { id_minimarket: t.idMinimarket } })).map((p) => [p.nombre_producto, p]),
    );
    for (const v of ventas) {
      const esperada = LINEAS_ESPERADAS[v.id_venta_csv!]!;
      const lineas = esperada.lineas.map(([nombre, n]) => {
        const p = precios.get(nombre)!;
        return {
          id_producto: p.id_producto,
          nombre_producto: nombre,
          num_unidades: n,
          precio_unitario: p.precio_venta_actual,
          subtotal: p.unidad === 'kg' ? montoPorPeso(p.precio_venta_actual, n) : p.precio_venta_actual * n,
          // Each line keeps what the product costs now (its margin in the analytics).
          costo_unitario: p.precio_compra_actual,
        };
      });
      expect(v.fecha_venta.toISOString()).toBe(zonedToUtc(esperada.fecha).toISOString());
      expect(v.metodo_pago).toBe(esperada.metodo);
      expect(v.estado_venta).toBe('Completada');
      expect(v.id_usuario).toBe(t.idUsuario);
      expect(v.total).toBe(lineas.reduce((s, l) => s + l.subtotal, 0));
      expect(
        v.detalles.map(({ id_producto, nombre_producto, num_unidades, precio_unitario, subtotal, costo_unitario }) => ({
          id_producto,
          nombre_producto,
          num_unidades,
          costo_unitario,
          precio_unitario,
          subtotal,
        })),
      ).toEqual(lineas);
    }
    expect(await t.ctx.db.venta.count({ where: { id_minimarket: t.idMinimarket } })).toBe(ventasAntes + 5);
  });

  it('does not move stock: history is history', async () => {
    const ahora = new Map(
      (await t.ctx.db.producto.findMany({ where: { id_minimarket: t.idMinimarket } })).map((p) => [p.id_producto, p.stock]),
    );
    expect(ahora).toEqual(stockAntes);
    expect(await t.ctx.db.movimientoStock.count()).toBe(movimientosAntes);
  });

  it('uploading the same file again changes nothing', async () => {
    const otra = await importar(t.cliente, q(t, 'ventas'), archivo, fixture(archivo));
    expect(otra.detalle).toMatchObject({ ventas_procesadas: 0, ventas_omitidas_por_errores: 4, errores: 6 });
    expect(otra.detalle.message).toBe(
      'Se cargaron 0 ventas. 5 ventas ya estaban cargadas y se omitieron. 4 ventas se rechazaron completas por errores. Descarga las filas rechazadas, corrígelas y vuelve a cargarlas.',
    );
    expect(await t.ctx.db.venta.count({ where: { id_minimarket: t.idMinimarket } })).toBe(ventasAntes + 5);
    expect(await t.ctx.db.detalleVenta.count({ where: { venta: { id_venta_csv: { not: null } } } })).toBe(8);
  });
});

describe('sales from XML without a declaration', () => {
  let t: Tienda;
  beforeAll(async () => {
    t = await tiendaDonPepe();
  });
  afterAll(() => t.ctx.close());

  it('loads two sales and rejects the one with an unknown product, twice the same', async () => {
    for (let vez = 0; vez < 2; vez++) {
      const r = await importar(t.cliente, q(t, 'ventas'), 'ventas.xml', fixture('ventas-sin-declaracion.xml'));
      expect(r.detalle).toMatchObject({ total_filas: 4, errores: 1, ventas_procesadas: vez === 0 ? 2 : 0, ventas_omitidas_por_errores: 1 });
      expect(await t.ctx.db.venta.count({ where: { id_minimarket: t.idMinimarket, id_venta_csv: { in: ['X-1', 'X-2', 'X-3'] } } })).toBe(2);
    }
    const x1 = await t.ctx.db.venta.findFirstOrThrow({ where: { id_venta_csv: 'X-1' }, include: { detalles: true } });
    expect(x1.detalles).toHaveLength(2);
    expect(x1.metodo_pago).toBe('Tarjeta de Débito');
  });
});

// ---------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------

describe('templates', () => {
  let t: Tienda;
  beforeAll(async () => {
    t = await tiendaDonPepe();
  });
  afterAll(() => t.ctx.close());

  it.each([
    [
      'plantilla_productos.xlsx',
      [
        'nombre_producto',
        'categoria',
        'precio_venta',
        'stock',
        'codigo_barra',
        'precio_compra',
        'descripcion',
        'marca',
        'unidad',
        'codigo_plu',
      ],
    ],
    ['plantilla_ventas.xlsx', ['id_venta_csv', 'fecha_venta', 'metodo_pago', 'codigo_barra', 'num_unidades']],
  ])('%s: sheet "Datos", the header row and example rows', async (nombre, columnas) => {
    const res = await t.cliente.request({ method: 'GET', url: `/api/upload/plantillas/${nombre}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(nombre);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Datos')!;
    expect(hoja.getRow(1).values).toEqual([undefined, ...columnas]);
    expect(hoja.rowCount).toBeGreaterThanOrEqual(4);
  });

  it('each template, uploaded as it is, imports cleanly into the demo shop', async () => {
    const casos = [
      ['plantilla_productos.xlsx', 'productos', { productos_cargados: 6 }],
      ['plantilla_ventas.xlsx', 'ventas', { ventas_procesadas: 3 }],
      ['plantilla_productos.xml', 'productos', { productos_omitidos_por_duplicado: 6 }],
      ['plantilla_ventas.xml', 'ventas', { ventas_procesadas: 0 }],
      ['plantilla_productos.csv', 'productos', { productos_omitidos_por_duplicado: 6 }],
      ['plantilla_ventas.csv', 'ventas', { ventas_procesadas: 0 }],
    ] as const;
    for (const [nombre, tipo, esperado] of casos) {
      const res = await t.cliente.request({ method: 'GET', url: `/api/upload/plantillas/${nombre}` });
      expect(res.statusCode).toBe(200);
      const r = await importar(t.cliente, q(t, tipo), nombre, res.rawPayload);
      expect(r.carga.estado_procesamiento, `${nombre}: ${r.detalle.message}`).toBe('Completado');
      expect(r.detalle).toMatchObject({ errores: 0, ...esperado });
    }
    // The example sold by weight: price per kilo, 2,5 kilos kept as grams, PLU 42; its sale of
    // 0,350 kilos is 350 g at $8.990/kg = $3.147 (montoPorPeso, half a peso up).
    const jamon = await t.ctx.db.producto.findFirstOrThrow({ where: { id_minimarket: t.idMinimarket, nombre_producto: 'Jamón pierna' } });
    expect(jamon).toMatchObject({ unidad: 'kg', stock: 2500, codigo_plu: '42', precio_venta_actual: 8990 });
    const linea = await t.ctx.db.detalleVenta.findFirstOrThrow({ where: { id_producto: jamon.id_producto } });
    expect(linea).toMatchObject({ unidad: 'kg', num_unidades: 350, precio_unitario: 8990, subtotal: 3147 });
  });

  it("with id_minimarket, the sales examples use that shop's products", async () => {
    const otra = await t.ctx.as(DEMO.pyme2);
    const esquina = await t.ctx.shopOf(DEMO.pyme2.correo);
    const res = await otra.request({ method: 'GET', url: `/api/upload/plantillas/plantilla_ventas.xml?id_minimarket=${esquina}` });
    const codigos = [...res.body.matchAll(/<codigo_barra>(.+?)<\/codigo_barra>/g)].map((m) => m[1]!);
    const suyos = await t.ctx.db.producto.count({ where: { id_minimarket: esquina, codigo_barra: { in: codigos } } });
    expect(suyos).toBe(new Set(codigos).size);
    expect(
      (await otra.request({ method: 'GET', url: `/api/upload/plantillas/plantilla_ventas.xml?id_minimarket=${t.idMinimarket}` }))
        .statusCode,
    ).toBe(403);
  });

  it('an unknown template is 422', async () => {
    expect((await t.cliente.request({ method: 'GET', url: '/api/upload/plantillas/plantilla.exe' })).statusCode).toBe(422);
  });
});

describe('the queue', () => {
  let t: Tienda;
  beforeAll(async () => {
    t = await tiendaDonPepe();
  });
  afterAll(() => t.ctx.close());

  it('takes several uploads at once and finishes each, newest first in the history', async () => {
    const nombres = ['a.csv', 'b.xml', 'c.xlsx'];
    const archivos = [fixture('productos-excel-chile.csv'), fixture('productos.xml'), fixture('productos-libreoffice.xlsx')];
    const respuestas = await Promise.all(nombres.map((n, i) => subir(t.cliente, q(t, 'productos'), n, archivos[i]!)));
    expect(respuestas.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const ids = respuestas.map((r) => r.json().id_archivo as number);
    for (const id of ids) await esperarCarga(t.cliente, t.idMinimarket, id);
    const historial = (await t.cliente.request({ method: 'GET', url: `/api/upload/history/${t.idMinimarket}` })).json() as Array<{
      id_archivo: number;
      estado_procesamiento: string;
      fecha_subida: string;
    }>;
    // Newest upload first. Three sent at once may take their ids in another order than their
    // times (each transaction's now() is its start): the order is the time's, ties by id.
    expect(new Set(historial.map((c) => c.id_archivo))).toEqual(new Set(ids));
    const orden = historial.map((c) => [Date.parse(c.fecha_subida), c.id_archivo] as const);
    expect(orden).toEqual([...orden].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
    expect(historial.every((c) => c.estado_procesamiento !== 'En revisión')).toBe(true);
    // Each job, and the file it kept, is gone once its import ends.
    expect(await t.ctx.db.trabajoCarga.count()).toBe(0);
    expect(await t.ctx.db.trabajoCargaParte.count()).toBe(0);
  });
});

describe('progress of a long import', () => {
  let t: Tienda;
  beforeAll(async () => {
    // Reports every 100 ms (500 by default) so even a fast machine shows a few while it reads.
    t = await tiendaDonPepe({ IMPORT_PROGRESS_MS: '100' });
  });
  afterAll(() => t.ctx.close());

  it('the history shows the rows read growing, an estimate of all of them, then the saving stage', async () => {
    const N = 120_000;
    const filas = ['nombre_producto;categoria;precio_venta;stock;codigo_barra'];
    for (let i = 0; i < N; i++) filas.push(`Producto de avance ${i};Abarrotes;1990;5;AV${String(i).padStart(8, '0')}`);
    const contenido = `${filas.join('\r\n')}\r\n`;
    const res = await subir(t.cliente, q(t, 'productos'), 'avance.csv', contenido);
    expect(res.statusCode).toBe(201);
    const { id_archivo } = res.json() as ArchivoCarga;

    // Read the record the way the page does, while the import runs.
    const vistos: NonNullable<ArchivoCarga['avance']>[] = [];
    let carga: ArchivoCarga | undefined;
    for (const hasta = Date.now() + 120_000; Date.now() < hasta;) {
      const r = await t.cliente.request({ method: 'GET', url: `/api/upload/history/${t.idMinimarket}` });
      if (r.statusCode !== 200) throw new Error(r.body);
      const historial = r.json() as ArchivoCarga[];
      carga = historial.find((c) => c.id_archivo === id_archivo);
      if (carga?.estado_procesamiento !== 'En revisión') break;
      if (carga.avance) vistos.push(carga.avance);
      await new Promise((r) => setTimeout(r, 40));
    }
    expect(carga?.estado_procesamiento).toBe('Completado');
    expect(carga?.tamano_bytes).toBe(Buffer.byteLength(contenido));
    // Once it ends the bar is gone: the result speaks.
    expect(carga?.avance).toBeNull();

    const leyendo = vistos.filter((a) => a.etapa === 'leyendo');
    const distintos = [...new Set(leyendo.map((a) => a.filas_leidas))];
    expect(distintos.length, JSON.stringify(vistos.slice(0, 20))).toBeGreaterThanOrEqual(2);
    expect(distintos).toEqual([...distintos].sort((a, b) => a - b));
    for (const a of leyendo.filter((x) => x.filas_estimadas !== null)) {
      expect(a.filas_estimadas!).toBeGreaterThanOrEqual(a.filas_leidas);
      expect(Math.abs(a.filas_estimadas! - N) / N).toBeLessThan(0.2);
    }
    expect(vistos.some((a) => a.etapa === 'guardando' && a.filas_leidas === N && a.filas_estimadas === N)).toBe(true);
  }, 180_000);
});

describe('two shops importing at the same time', () => {
  let ctx: TestContext;
  afterAll(() => ctx.close());

  it('both end with all their rows, each in its own shop; the second copy of one shop adds nothing', async () => {
    ctx = await createTestContext();
    const tiendas = await Promise.all(
      [DEMO.pyme, DEMO.pyme2].map(async (cuenta) => {
        const { id_usuario } = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: cuenta.correo } });
        return { cliente: await ctx.as(cuenta), idMinimarket: await ctx.shopOf(cuenta.correo), idUsuario: id_usuario };
      }),
    );
    // The same 3,000 barcodes for both shops: a barcode is unique within a shop, not across shops.
    const N = 3000;
    const filas = Array.from({ length: N }, (_, i) =>
      [`Producto Paralelo ${i}`, 'Abarrotes', '$1.990', String(i % 7), nuevo(100 + i)].join(';'),
    );
    const csv = `nombre_producto;categoria;precio_venta;stock;codigo_barra\r\n${filas.join('\r\n')}\r\n`;
    const antes = await Promise.all(tiendas.map((t) => ctx.db.producto.count({ where: { id_minimarket: t.idMinimarket } })));

    // Shop 1 sends the file twice, shop 2 once, without waiting for anything.
    const envios = [tiendas[0]!, tiendas[1]!, tiendas[0]!];
    // One after the other (each answers at once, before its import runs), so the order is known.
    const respuestas = [];
    for (const [i, t] of envios.entries()) {
      respuestas.push(
        await subir(
          t.cliente,
          { id_minimarket: t.idMinimarket, id_usuario: t.idUsuario, upload_type: 'productos' },
          `paralelo-${i}.csv`,
          csv,
        ),
      );
    }
    expect(respuestas.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const resultados = [];
    for (const [i, r] of respuestas.entries())
      resultados.push((await esperarCarga(envios[i]!.cliente, envios[i]!.idMinimarket, r.json().id_archivo)).detalle);

    expect(resultados.map((d) => [d.productos_cargados, d.productos_omitidos_por_duplicado, d.errores])).toEqual([
      [N, 0, 0],
      [N, 0, 0],
      // Shop 1's second copy: everything already there.
      [0, N, 0],
    ]);
    const despues = await Promise.all(tiendas.map((t) => ctx.db.producto.count({ where: { id_minimarket: t.idMinimarket } })));
    expect(despues).toEqual(antes.map((n) => n + N));
    const conStock = filas.filter((_, i) => i % 7 !== 0).length;
    for (const t of tiendas) {
      expect(await ctx.db.movimientoStock.count({ where: { id_minimarket: t.idMinimarket, tipo: 'importacion' } })).toBe(conStock);
    }
  });
});
