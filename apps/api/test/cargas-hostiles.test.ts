// Hostile and broken uploads: each ends with a clear Spanish message, the server keeps
// serving, and not one product or sale is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esperarCarga, fixture, importar, subir } from './cargas-helpers.js';
import { deflate, esqueletoXlsx, NS, zip } from './fixtures/cargas/xlsx-a-mano.js';
import { buildTestApp, createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
let pyme: Awaited<ReturnType<TestContext['as']>>;
let idMinimarket: number;
let idUsuario: number;
beforeAll(async () => {
  ctx = await createTestContext();
  pyme = await ctx.as(DEMO.pyme);
  idMinimarket = await ctx.shopOf(DEMO.pyme.correo);
  idUsuario = (await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme.correo } })).id_usuario;
});
afterAll(() => ctx.close());

const q = (upload_type: 'productos' | 'ventas' = 'productos') => ({ id_minimarket: idMinimarket, id_usuario: idUsuario, upload_type });

/** Everything an import could have written. */
async function huella() {
  const [productos, ventas, detalles, movimientos, rechazadas] = await Promise.all([
    ctx.db.producto.count(),
    ctx.db.venta.count(),
    ctx.db.detalleVenta.count(),
    ctx.db.movimientoStock.count(),
    ctx.db.filaRechazada.count(),
  ]);
  return { productos, ventas, detalles, movimientos, rechazadas };
}

async function sigueSirviendo() {
  const res = await pyme.request({ method: 'GET', url: `/api/productos/?id_minimarket=${idMinimarket}&limit=1` });
  expect(res.statusCode).toBe(200);
}

describe('files the import refuses whole (estado Error)', () => {
  it.each([
    ['vacio.csv', 'productos', 'El archivo está vacío.'],
    ['solo-encabezado.csv', 'productos', 'El archivo no tiene filas con datos: solo tiene el encabezado.'],
    [
      'columnas-incorrectas.csv',
      'productos',
      'Faltan las columnas obligatorias "nombre_producto", "categoria", "precio_venta", "codigo_barra". La primera fila debe tener los nombres de las columnas: "nombre_producto", "categoria", "precio_venta", "stock", "codigo_barra", "precio_compra", "descripcion", "marca", "unidad", "codigo_plu".',
    ],
    [
      'basura-binaria.csv',
      'productos',
      'El archivo no es un CSV de texto (parece un archivo binario o dañado). Guárdalo desde Excel como "CSV UTF-8 (delimitado por comas)" y vuelve a cargarlo.',
    ],
    [
      'zip-bomba.xlsx',
      'productos',
      'El archivo Excel tiene demasiado texto (más de 128 MB descomprimido). Divídelo en archivos más pequeños.',
    ],
    ['zip-bomba-mentirosa.xlsx', 'productos', 'El archivo Excel está dañado o es malicioso (su contenido no coincide con lo que declara).'],
    [
      'billion-laughs.xml',
      'productos',
      'El XML declara entidades (<!ENTITY …>), que no se aceptan por seguridad. Quita la declaración DOCTYPE y escribe los valores directamente.',
    ],
    [
      'productos-excel-chile.csv',
      'ventas',
      expect.stringMatching(
        /^Faltan las columnas obligatorias "id_venta_csv", "fecha_venta", "metodo_pago", "num_unidades"\. Parece un archivo de productos: elija el tipo "Productos" al cargarlo\.$/,
      ),
    ],
    [
      'ventas-sin-declaracion.xml',
      'productos',
      'El XML es de ventas (<ventas>), pero eligió el tipo "productos". Elige el tipo correcto al cargarlo.',
    ],
  ] as const)('%s as %s', async (archivo, tipo, mensaje) => {
    const antes = await huella();
    // A file that hung the import would fail here by the test's own timeout (no clock in asserts).
    const r = await importar(pyme, q(tipo), archivo, fixture(archivo));
    expect(r.carga.estado_procesamiento).toBe('Error');
    expect(r.detalle).toEqual({
      total_filas: 0,
      errores: 0,
      productos_cargados: 0,
      productos_reactivados: 0,
      productos_omitidos_por_duplicado: 0,
      ventas_procesadas: 0,
      ventas_omitidas_por_errores: 0,
      clientes_cargados: 0,
      clientes_omitidos_por_duplicado: 0,
      detalle_errores: [],
      status: 'error',
      message: mensaje,
    });
    expect(await huella()).toEqual(antes);
    await sigueSirviendo();
  });

  describe('crafted .xlsx files', () => {
    const hoja = (filas: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>${filas}</sheetData></worksheet>`;
    const textos = (...t: string[]) =>
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}" count="${t.length}" uniqueCount="${t.length}">${t.map((x) => `<si><t>${x}</t></si>`).join('')}</sst>`;
    const encabezado =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c></row>';
    const columnas = ['nombre_producto', 'categoria', 'precio_venta', 'codigo_barra'];

    it.each([
      [
        'a hidden local entry (a sheet the central directory does not list, read by streaming readers)',
        () =>
          zip([
            {
              ...deflate(hoja(`${encabezado}<row r="2"><c r="A2" t="inlineStr"><is><t>Oculto</t></is></c></row>`)),
              nombre: 'xl/worksheets/sheet1.xml',
              oculta: true,
            },
            ...esqueletoXlsx(),
            { ...deflate(textos(...columnas)), nombre: 'xl/sharedStrings.xml' },
            { ...deflate(hoja(encabezado)), nombre: 'xl/worksheets/sheet1.xml' },
          ]),
        'El archivo no es un Excel (.xlsx) válido. Ábrelo en Excel y guárdalo de nuevo como "Libro de Excel (.xlsx)".',
      ],
      [
        'a data descriptor whose sizes differ from the central directory',
        () => {
          const sheet = deflate(hoja(encabezado));
          return zip([
            ...esqueletoXlsx(),
            { ...deflate(textos(...columnas)), nombre: 'xl/sharedStrings.xml' },
            { ...sheet, nombre: 'xl/worksheets/sheet1.xml', descriptorDescomprimido: sheet.tamano * 1000 },
          ]);
        },
        'El archivo Excel está dañado o es malicioso (su contenido no coincide con lo que declara).',
      ],
      [
        'shared-string amplification (200,000 cells pointing at one 10,000-character text)',
        () => {
          const filas = Array.from({ length: 50_000 }, (_, i) => {
            const r = i + 2;
            return `<row r="${r}"><c r="A${r}" t="s"><v>4</v></c><c r="B${r}" t="s"><v>4</v></c><c r="C${r}" t="s"><v>4</v></c><c r="D${r}" t="s"><v>4</v></c></row>`;
          }).join('');
          return zip([
            ...esqueletoXlsx(),
            { ...deflate(textos(...columnas, 'x'.repeat(10_000))), nombre: 'xl/sharedStrings.xml' },
            { ...deflate(hoja(encabezado + filas)), nombre: 'xl/worksheets/sheet1.xml' },
          ]);
        },
        expect.stringMatching(
          /^El archivo tiene demasiado texto para su tamaño \(más de \d+ MB al leerlo\)\. Puede estar dañado o ser malicioso/,
        ),
      ],
    ] as const)('%s is refused cleanly', async (_caso, archivo, mensaje) => {
      const antes = await huella();
      const contenido = archivo();
      const r = await importar(pyme, q(), 'hostil.xlsx', contenido);
      expect(r.carga.estado_procesamiento).toBe('Error');
      expect(r.detalle.message).toEqual(mensaje);
      expect(await huella()).toEqual(antes);
      await sigueSirviendo();
    });

    it('the same sheet, honestly zipped, imports (the crafted files differ only in their trick)', async () => {
      const r = await importar(
        pyme,
        q(),
        'honesto.xlsx',
        zip([
          ...esqueletoXlsx(),
          { ...deflate(textos(...columnas, 'Pan amasado', 'Panadería')), nombre: 'xl/sharedStrings.xml' },
          {
            ...deflate(
              hoja(
                `${encabezado}<row r="2"><c r="A2" t="s"><v>4</v></c><c r="B2" t="s"><v>5</v></c><c r="C2"><v>1990</v></c><c r="D2" t="inlineStr"><is><t>HONESTO-1</t></is></c></row>`,
              ),
            ),
            nombre: 'xl/worksheets/sheet1.xml',
          },
        ]),
      );
      expect(r.carga.estado_procesamiento).toBe('Completado');
      expect(await ctx.db.producto.findFirstOrThrow({ where: { codigo_barra: 'HONESTO-1' } })).toMatchObject({
        nombre_producto: 'Pan amasado',
        precio_venta_actual: 1990,
      });
    });
  });

  it('tells the uploader that the file could not be loaded', async () => {
    const r = await importar(pyme, q(), 'vacio.csv', '');
    const aviso = await ctx.db.notificacion.findFirstOrThrow({
      where: { id_usuario: idUsuario, tipo: 'carga_con_errores' },
      orderBy: { id_notificacion: 'desc' },
    });
    expect(aviso).toMatchObject({
      titulo: 'No se pudo cargar un archivo',
      descripcion: '"vacio.csv": El archivo está vacío.',
      url_accion: '/cargar',
    });
    expect(r.carga.estado_procesamiento).toBe('Error');
  });

  it('an unclosed quote does not swallow the file into one cell', async () => {
    const csv = `nombre_producto;categoria;precio_venta;codigo_barra\r\n"Pan sin cerrar;Panadería;990;Q-1\r\n${'Pan;Panadería;990;Q-2\r\n'.repeat(60_000)}`;
    const r = await importar(pyme, q(), 'comillas.csv', csv);
    expect(r.carga.estado_procesamiento).toBe('Error');
    expect(r.detalle.message).toBe(
      'La fila 2 del archivo es demasiado larga (más de 1024 KB). Revisa que no falte cerrar unas comillas (").',
    );
  });

  it('a malformed XML names the line', async () => {
    const r = await importar(pyme, q(), 'roto.xml', '<productos>\n  <producto>\n    <nombre_producto>Pan</nombre\n</productos>\n');
    expect(r.carga.estado_procesamiento).toBe('Error');
    expect(r.detalle.message).toMatch(/^El XML está mal formado cerca de la línea \d+\./);
  });

  it('a product file with a row half-valid stores nothing of that row, and a failing file nothing at all', async () => {
    // A valid row followed by a missing required column in XML: refused whole, the valid row included.
    const antes = await huella();
    const r = await importar(
      pyme,
      q(),
      'sin-precio.xml',
      '<productos><producto><nombre_producto>Pan</nombre_producto><categoria>Panadería</categoria><codigo_barra>999111</codigo_barra></producto></productos>',
    );
    expect(r.detalle.message).toBe(
      'Al primer <producto> (línea 1) le falta el elemento obligatorio <precio_venta>. Cada <producto> debe tener: <nombre_producto>, <categoria>, <precio_venta>, <stock>, <codigo_barra>, <precio_compra>, <descripcion>, <marca>, <unidad>, <codigo_plu>.',
    );
    expect(await huella()).toEqual(antes);
  });
});

describe('refused before reading the file', () => {
  it('a 25 MB file is 413 and leaves no record', async () => {
    const cargasAntes = await ctx.db.archivoCarga.count();
    const grande = Buffer.alloc(25 * 1024 * 1024, 'a');
    const res = await subir(pyme, q(), 'grande.csv', grande);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'El archivo supera el tamaño máximo permitido (20 MB).', code: 'FILE_TOO_LARGE' });
    expect(await ctx.db.archivoCarga.count()).toBe(cargasAntes);
    await sigueSirviendo();
  });

  it('the limit follows MAX_UPLOAD_MB, also for a file just over it (cut while it streams)', async () => {
    const chico = await createTestContext({ MAX_UPLOAD_MB: '1' });
    try {
      const cliente = await chico.as(DEMO.pyme);
      const res = await subir(
        cliente,
        { ...q(), id_minimarket: await chico.shopOf(DEMO.pyme.correo) },
        'grande.csv',
        Buffer.alloc(1024 * 1024 + 1, 'a'),
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().detail).toBe('El archivo supera el tamaño máximo permitido (1 MB).');
    } finally {
      await chico.close();
    }
  });

  it.each(['notas.txt', 'foto.png', 'sin-extension', 'planilla.xls'])('%s is 415', async (nombre) => {
    const cargasAntes = await ctx.db.archivoCarga.count();
    const res = await subir(pyme, q(), nombre, fixture('notas.txt'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'Formato de archivo no soportado. Use: .csv, .xlsx, .xml', code: 'UNSUPPORTED_FILE_TYPE' });
    expect(await ctx.db.archivoCarga.count()).toBe(cargasAntes);
  });

  it('a file name with a path keeps only its last part', async () => {
    const r = await importar(
      pyme,
      q(),
      '..\\..\\C:\\Users\\pepe\\productos.csv',
      'nombre_producto,categoria,precio_venta,codigo_barra\nPan Amasado Extra,Panadería,990,RUTA-1\n',
    );
    expect(r.carga.nombre_archivo).toBe('productos.csv');
  });

  it('no file is 422, not multipart is 422', async () => {
    const res = await pyme.request({
      method: 'POST',
      url: `/api/upload/files/?id_minimarket=${idMinimarket}&id_usuario=${idUsuario}&upload_type=productos`,
      payload: '--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('Adjunte un archivo en el campo "file".');
    const json = await pyme.request({
      method: 'POST',
      url: `/api/upload/files/?id_minimarket=${idMinimarket}&id_usuario=${idUsuario}&upload_type=productos`,
      payload: { archivo: 'x' },
    });
    expect(json.statusCode).toBe(422);
  });
});

describe('a shop with its queue full', () => {
  it('gets 429 in Spanish for one more upload, and nothing of it is stored', async () => {
    // Nothing runs here (IMPORT_CONCURRENCY=0): the uploads wait in the queue.
    const lleno = await createTestContext({ IMPORT_CONCURRENCY: '0', IMPORT_MAX_PENDING_PER_SHOP: '2' });
    try {
      const cliente = await lleno.as(DEMO.pyme);
      const tienda = await lleno.shopOf(DEMO.pyme.correo);
      const qq = { ...q(), id_minimarket: tienda };
      for (const n of [1, 2])
        expect((await subir(cliente, qq, `cola-${n}.csv`, fixture('productos-excel-chile.csv'))).statusCode).toBe(201);
      const res = await subir(cliente, qq, 'cola-3.csv', fixture('productos-excel-chile.csv'));
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        detail: 'Este minimarket ya tiene 2 cargas en proceso. Espera a que terminen para cargar otro archivo.',
        code: 'TOO_MANY_PENDING_UPLOADS',
      });
      expect(await lleno.db.archivoCarga.count({ where: { id_minimarket: tienda, nombre_archivo: { startsWith: 'cola-' } } })).toBe(2);
      // Another shop is not held by this one's queue.
      const otra = await lleno.as(DEMO.pyme2);
      const suya = {
        id_minimarket: await lleno.shopOf(DEMO.pyme2.correo),
        id_usuario: (await lleno.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme2.correo } })).id_usuario,
        upload_type: 'productos' as const,
      };
      expect((await subir(otra, suya, 'otra.csv', fixture('productos-excel-chile.csv'))).statusCode).toBe(201);
    } finally {
      await lleno.close();
    }
  });
});

describe('a restart never leaves an upload En revisión', () => {
  it('a job its replicas died on twice ends Error with a clear message, and the uploader is told', async () => {
    const colgada = await ctx.db.archivoCarga.create({
      data: { id_minimarket: idMinimarket, id_usuario: idUsuario, nombre_archivo: 'cortada.csv', tipo_archivo: 'ventas' },
    });
    // Taken twice by replicas that vanished; the last lease has just run out.
    await ctx.db.trabajoCarga.create({
      data: {
        id_minimarket: idMinimarket,
        id_archivo: colgada.id_archivo,
        tomado_por: 'muerta',
        lease_hasta: new Date(Date.now() - 1000),
        intentos: 2,
      },
    });
    const { carga } = await esperarCarga(pyme, idMinimarket, colgada.id_archivo);
    expect(carga.estado_procesamiento).toBe('Error');
    expect(JSON.parse(carga.detalle_resultado!)).toMatchObject({
      status: 'error',
      message:
        'El procesamiento se interrumpió dos veces (el servidor que lo procesaba se detuvo). Vuelve a cargar el archivo; si vuelve a ocurrir, divídelo en archivos más pequeños.',
    });
    expect(await ctx.db.notificacion.count({ where: { id_usuario: idUsuario, descripcion: { startsWith: '"cortada.csv"' } } })).toBe(1);
    expect(await ctx.db.trabajoCarga.count({ where: { id_archivo: colgada.id_archivo } })).toBe(0);
  });

  it('closing the app while an import runs rolls it back and hands it back; the next start finishes it', async () => {
    const otro = await createTestContext();
    const cliente = await otro.as(DEMO.pyme);
    const tienda = await otro.shopOf(DEMO.pyme.correo);
    const productosAntes = await otro.db.producto.count();
    // Big enough to still be running when the app closes.
    const N = 200_000;
    const filas = ['nombre_producto;categoria;precio_venta;stock;codigo_barra'];
    for (let i = 0; i < N; i++) filas.push(`Producto ${i};Abarrotes;$1.990;5;CIERRE-${i}`);
    const res = await subir(cliente, { ...q(), id_minimarket: tienda }, 'grande.csv', filas.join('\r\n'));
    expect(res.statusCode).toBe(201);
    const id = res.json().id_archivo as number;
    const trabajo = () => otro.db.trabajoCarga.findFirst({ where: { id_archivo: id } });
    while (!(await trabajo())?.tomado_por) await new Promise((r) => setTimeout(r, 20));
    await otro.app.close();

    const carga = await otro.db.archivoCarga.findFirstOrThrow({ where: { id_archivo: id } });
    expect(carga.estado_procesamiento).toBe('En revisión');
    expect(await trabajo()).toMatchObject({ tomado_por: null, intentos: 0 });
    expect(await otro.db.producto.count()).toBe(productosAntes);

    // The restart (or any other replica) takes it from the start and finishes it.
    const reinicio = await buildTestApp(otro.databaseUrl, otro.db);
    try {
      const token = (
        await reinicio.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: { username: DEMO.pyme.correo, password: DEMO.pyme.password },
        })
      ).json().access_token as string;
      const { carga: final, detalle } = await esperarCarga(
        {
          token,
          request: (o) => reinicio.inject({ method: o.method as 'GET', url: o.url, headers: { authorization: `Bearer ${token}` } }),
        },
        tienda,
        id,
        120_000,
      );
      expect(final.estado_procesamiento).toBe('Completado');
      expect(detalle.productos_cargados).toBe(N);
      expect(await otro.db.producto.count()).toBe(productosAntes + N);
    } finally {
      await reinicio.close();
      await otro.db.$disconnect();
    }
  }, 180_000);
});
