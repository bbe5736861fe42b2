// Importing la libreta (issue #21, docs/fiado.md «Importar la libreta», docs/cargas.md «Clientes»):
// a CSV and an XLSX with good, bad and duplicate rows give the counts, each rejected row its
// Spanish reason, each new customer its opening balance (read back through GET /api/clientes);
// the same file twice loads nothing new; the templates load cleanly; another shop is refused.
import ExcelJS from 'exceljs';
import { computeRutDv, formatRut } from '@minimarket/contracts/rut';
import type { ArchivoCarga } from '@minimarket/contracts/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desplazarDia, diaLocal, localAUtc } from '../src/lib/tiempo.js';
import { esperarCarga, multipart } from './cargas-helpers.js';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
let pyme: Awaited<ReturnType<TestContext['as']>>;
let donPepe: number;
let laEsquina: number;
let idPyme: number;
beforeAll(async () => {
  ctx = await createTestContext();
  pyme = await ctx.as(DEMO.pyme);
  donPepe = await ctx.shopOf(DEMO.pyme.correo);
  laEsquina = await ctx.shopOf(DEMO.pyme2.correo);
  idPyme = (await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme.correo } })).id_usuario;
});
afterAll(() => ctx.close());

const rut = (cuerpo: number) => formatRut(`${cuerpo}-${computeRutDv(cuerpo)}`);
const hoy = () => diaLocal(new Date());
const haceDias = (dias: number) => desplazarDia(hoy(), -dias);
const medianoche = (dia: string) => {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  return localAUtc(a, m, d).toISOString();
};

function subir(contenido: Buffer | string, nombreArchivo: string, tienda = donPepe) {
  const { payload, headers } = multipart(nombreArchivo, contenido);
  return pyme.request({
    method: 'POST',
    url: `/api/upload/files/?id_minimarket=${tienda}&id_usuario=${idPyme}&upload_type=clientes`,
    payload,
    headers,
  });
}
async function importar(contenido: Buffer | string, nombreArchivo: string) {
  const res = await subir(contenido, nombreArchivo);
  expect(res.statusCode, res.body).toBe(201);
  const creada = res.json() as ArchivoCarga;
  expect(creada.tipo_archivo).toBe('clientes');
  return esperarCarga(pyme, donPepe, creada.id_archivo);
}

interface ClienteDto {
  id_cliente: number;
  nombre: string;
  rut: string | null;
  telefono: string | null;
  limite_credito: number | null;
  notas: string | null;
  saldo: number;
  saldo_inicial: number;
  compra_impaga_desde: string | null;
}
async function buscar(texto: string) {
  const res = await pyme.request({
    method: 'GET',
    url: `/api/clientes?id_minimarket=${donPepe}&inactivos=true&search=${encodeURIComponent(texto)}`,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { clientes: ClienteDto[] }).clientes;
}
const contarClientes = () => ctx.db.cliente.count({ where: { id_minimarket: donPepe } });

const ENCABEZADO = 'nombre;rut;telefono;direccion;limite_credito;saldo_inicial;fiado_desde;notas';

describe('la libreta from a CSV', () => {
  let csv: string;
  const desde = haceDias(40);
  beforeAll(async () => {
    // Already in the shop: one without RUT (matched by name), one with RUT (matched by RUT).
    for (const payload of [{ nombre: 'Fabiola Existente' }, { nombre: 'Gonzalo Existente', rut: rut(15_222_333) }]) {
      const res = await pyme.request({ method: 'POST', url: '/api/clientes', payload: { id_minimarket: donPepe, ...payload } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const [a, m, d] = haceDias(10).split('-');
    csv = [
      ENCABEZADO,
      // 2: everything, the pesos written '$12.500' and '50.000'.
      `Ana Libreta;${rut(16_111_222)};+56 9 1234 5678;Los Aromos 1;50.000;$12.500;${desde};Paga los viernes`,
      // 3: a name and a debt, its date as Excel shows it in Chile.
      `Beto Libreta;;;;;12500;${d}-${m}-${a};`,
      // 4: no name.
      `;${rut(17_000_111)};;;;100;;`,
      // 5: a RUT with the wrong check digit.
      'Carla Mala;12.345.678-9;;;;;;',
      // 6: cents in pesos.
      'Dario Malo;;;;;12.500,50;;',
      // 7: a debt that starts tomorrow.
      `Elena Futura;;;;;1000;${desplazarDia(hoy(), 1)};`,
      // 8: Ana again, without RUT, her name written otherwise: a repeat of row 2.
      'ANA  libreta;;;;;5000;;',
      // 9 and 10: already in the shop (by name, accents and case aside; by RUT under another name).
      'fabiola EXISTENTE;;;;;7000;;',
      `Otro Nombre;${rut(15_222_333)};;;;8000;;`,
    ].join('\r\n');
  });

  it('loads the good rows with their opening balance, rejects each bad one with its reason, skips those already there', async () => {
    const antes = await contarClientes();
    const { carga, detalle } = await importar(csv, 'libreta.csv');
    expect(carga.estado_procesamiento).toBe('Con errores');
    expect(detalle).toMatchObject({
      total_filas: 9,
      clientes_cargados: 2,
      clientes_omitidos_por_duplicado: 2,
      errores: 5,
      productos_cargados: 0,
      status: 'partial',
    });
    expect(detalle.detalle_errores).toEqual([
      { fila: 4, campo: 'nombre', mensaje: 'Escribe el nombre del cliente.' },
      { fila: 5, campo: 'rut', mensaje: 'El RUT no es válido (revisa el dígito verificador).' },
      {
        fila: 6,
        campo: 'saldo_inicial',
        mensaje: 'El saldo inicial debe ser un número entero de pesos, sin decimales (ej: 1990 o $1.990); se encontró "12.500,50".',
      },
      { fila: 7, campo: 'fiado_desde', mensaje: 'La fecha de la deuda no puede estar en el futuro.' },
      { fila: 8, campo: 'nombre', mensaje: '«ANA  libreta» ya aparece en la fila 2 del archivo; se omitió esta fila.' },
    ]);
    expect(detalle.message).toBe(
      'Se cargaron 2 clientes a la libreta, que deben $25.000 en total (saldo inicial). ' +
        'Se omitieron 2 clientes que ya estaban en tu libreta: «fabiola EXISTENTE» (fila 9, mismo nombre), «Otro Nombre» (fila 10, mismo RUT). ' +
        'Sus saldos del archivo no se sumaron: revisa su cuenta en Clientes. ' +
        'Descarga las filas rechazadas, corrígelas y vuelve a cargarlas.',
    );
    expect(await contarClientes()).toBe(antes + 2);

    const [ana] = await buscar('Ana Libreta');
    expect(ana).toMatchObject({
      nombre: 'Ana Libreta',
      rut: rut(16_111_222),
      telefono: '+56 9 1234 5678',
      limite_credito: 50_000,
      notas: 'Paga los viernes',
      saldo: 12_500,
      saldo_inicial: 12_500,
      compra_impaga_desde: medianoche(desde),
    });
    const [beto] = await buscar('Beto Libreta');
    expect(beto).toMatchObject({ saldo: 12_500, compra_impaga_desde: medianoche(haceDias(10)) });
    // Those already there keep their own account: nothing of the file was added.
    expect((await buscar('Fabiola Existente')).map((c) => c.saldo)).toEqual([0]);
    expect((await buscar('Gonzalo Existente')).map((c) => c.saldo)).toEqual([0]);
    expect(await buscar('Otro Nombre')).toEqual([]);

    // Cuentas por cobrar counts the notebook's debt.
    const lista = (await pyme.request({ method: 'GET', url: `/api/clientes?id_minimarket=${donPepe}` })).json();
    const porCobrar = (await pyme.request({ method: 'GET', url: `/api/analitica/por-cobrar?id_minimarket=${donPepe}` })).json();
    expect(porCobrar.por_cobrar).toBe(lista.por_cobrar);

    // The rejected rows download as they were, with their reason.
    const rechazados = await pyme.request({ method: 'GET', url: `/api/upload/history/${donPepe}/${carga.id_archivo}/rechazados.csv` });
    expect(rechazados.statusCode).toBe(200);
    expect(rechazados.body).toContain('Dario Malo');
    expect(rechazados.body).toContain('La fecha de la deuda no puede estar en el futuro.');
    expect(rechazados.body).not.toContain('Beto Libreta');
  });

  it('the same file again loads nothing new', async () => {
    const antes = await contarClientes();
    const { detalle } = await importar(csv, 'libreta-otra-vez.csv');
    expect(detalle).toMatchObject({ clientes_cargados: 0, clientes_omitidos_por_duplicado: 4, errores: 5 });
    expect(await contarClientes()).toBe(antes);
    expect((await buscar('Ana Libreta')).map((c) => c.saldo)).toEqual([12_500]);
  });
});

describe('la libreta from an XLSX', () => {
  it('reads numbers and date cells as Excel keeps them; a duplicate is skipped, a negative debt refused', async () => {
    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Clientes');
    hoja.addRow(['Nombre', 'RUT', 'Teléfono', 'Saldo inicial', 'Fiado desde']);
    const dia = haceDias(12);
    const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
    hoja.addRow(['Hugo Planilla', '', '987654321', 7990, new Date(Date.UTC(a, m - 1, d))]);
    hoja.getCell('E2').numFmt = 'dd-mm-yyyy';
    hoja.getCell('D2').numFmt = '"$"#,##0';
    hoja.addRow(['Inés Planilla', '', '', -5, null]);
    hoja.addRow(['Igor Planilla', rut(16_111_222), '', 1000, null]);
    const archivo = Buffer.from(await libro.xlsx.writeBuffer());

    const { detalle } = await importar(archivo, 'libreta.xlsx');
    expect(detalle).toMatchObject({ total_filas: 3, clientes_cargados: 1, clientes_omitidos_por_duplicado: 1, errores: 1 });
    expect(detalle.detalle_errores).toEqual([{ fila: 3, campo: 'saldo_inicial', mensaje: 'El saldo inicial no puede ser negativo.' }]);
    expect(detalle.message).toContain('«Igor Planilla» (fila 4, mismo RUT)');
    const [hugo] = await buscar('Hugo Planilla');
    expect(hugo).toMatchObject({ telefono: '987654321', saldo: 7990, compra_impaga_desde: medianoche(dia) });
    expect(await buscar('Igor Planilla')).toEqual([]);
  });
});

describe('templates and permissions', () => {
  it('each clientes template, uploaded as it is, imports cleanly; the next ones find them already there', async () => {
    const casos = [
      ['plantilla_clientes.csv', { clientes_cargados: 2, clientes_omitidos_por_duplicado: 0 }],
      ['plantilla_clientes.xlsx', { clientes_cargados: 0, clientes_omitidos_por_duplicado: 2 }],
      ['plantilla_clientes.xml', { clientes_cargados: 0, clientes_omitidos_por_duplicado: 2 }],
    ] as const;
    for (const [nombre, esperado] of casos) {
      const plantilla = await pyme.request({ method: 'GET', url: `/api/upload/plantillas/${nombre}` });
      expect(plantilla.statusCode).toBe(200);
      const { carga, detalle } = await importar(plantilla.rawPayload, nombre);
      expect(carga.estado_procesamiento, detalle.message).toBe('Completado');
      expect(detalle).toMatchObject({ ...esperado, errores: 0, total_filas: 2 });
    }
    const [maria] = await buscar('María Fernández');
    expect(maria).toMatchObject({ saldo: 12_500, limite_credito: 50_000 });
    expect((await buscar('Luis Contreras')).map((c) => c.saldo)).toEqual([3990]);
  });

  it('another shop is refused and nothing is stored; a products file chosen as clientes says so', async () => {
    const antes = await ctx.db.archivoCarga.count();
    const res = await subir(`${ENCABEZADO}\r\nZoe Ajena;;;;;1000;;`, 'ajena.csv', laEsquina);
    expect(res.statusCode).toBe(403);
    expect(await ctx.db.archivoCarga.count()).toBe(antes);
    expect(await ctx.db.cliente.count({ where: { id_minimarket: laEsquina, nombre: 'Zoe Ajena' } })).toBe(0);

    const productos = 'nombre_producto;categoria;precio_venta;codigo_barra\r\nPan;Panadería;1990;7801234567890';
    const { carga, detalle } = await importar(productos, 'productos.csv');
    expect(carga.estado_procesamiento).toBe('Error');
    expect(detalle.message).toBe(
      'Falta la columna obligatoria "nombre". Parece un archivo de productos: elija el tipo "Productos" al cargarlo.',
    );
  });
});
