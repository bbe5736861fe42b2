// The templates the upload page offers: plantilla_productos / plantilla_ventas / plantilla_clientes as .xlsx
// (sheet 'Datos', header row, a few believable rows), .xml (children named like the
// columns) and .csv (as Excel in Chile saves it: BOM, ';', CRLF). Each one, uploaded as it
// is, imports cleanly. Each shows a product sold by weight too (docs/granel.md): its price per
// kilo, its stock and a sale of it in kilos with a decimal comma, and its PLU.
import { COLUMNAS_CLIENTES, COLUMNAS_PRODUCTOS, COLUMNAS_VENTAS, type PLANTILLAS } from '@minimarket/contracts/uploads';
import { computeRutDv, formatRut } from '@minimarket/contracts/rut';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { XMLBuilder } from 'fast-xml-parser';
import { makeEan13 } from '@minimarket/contracts/codigo-barra';
import type { UnidadVenta } from '@minimarket/contracts/granel';
import { fechaLocal, sumarDias, textoDia } from '../lib/tiempo.js';

export type NombrePlantilla = (typeof PLANTILLAS)[number];

export const HOJA_PLANTILLA = 'Datos';
const FORMATO_PESOS = '"$"#,##0';

export interface ProductoParaVenta {
  codigo_barra: string;
  nombre_producto: string;
  unidad: UnidadVenta;
}

/**
 * New products (their barcodes are in no shop), so the products template creates them; the
 * sales template of no particular shop sells these same ones (load the products one first).
 */
const PRODUCTOS_EJEMPLO = [
  {
    nombre_producto: 'Pan de Pascua Casero 500 g',
    categoria: 'Panadería',
    precio_venta: 4990,
    stock: 12,
    codigo_barra: makeEan13('780999100001'),
    precio_compra: 3290,
    descripcion: 'Pan de pascua con frutos confitados, hecho en el local.',
    marca: '',
    unidad: 'unidad',
    codigo_plu: '',
  },
  {
    nombre_producto: 'Queso de Cabra Artesanal 250 g',
    categoria: 'Lácteos y Quesos',
    precio_venta: 4590,
    stock: 6,
    codigo_barra: makeEan13('780999100002'),
    precio_compra: 3150,
    descripcion: '',
    marca: 'Quesos del Valle',
    unidad: 'unidad',
    codigo_plu: '',
  },
  {
    nombre_producto: 'Merkén Ahumado 100 g',
    categoria: 'Abarrotes',
    precio_venta: 2190,
    stock: 20,
    codigo_barra: makeEan13('780999100003'),
    precio_compra: 1390,
    descripcion: 'Ají cacho de cabra ahumado con semillas de cilantro.',
    marca: 'Sabores del Sur',
    unidad: 'unidad',
    codigo_plu: '',
  },
  {
    nombre_producto: 'Cerveza Artesanal Golden 330 ml',
    categoria: 'Botillería',
    precio_venta: 1990,
    stock: 24,
    codigo_barra: makeEan13('780999100004'),
    precio_compra: 1250,
    descripcion: '',
    marca: 'Cervecería del Barrio',
    unidad: 'unidad',
    codigo_plu: '',
  },
  {
    nombre_producto: 'Arena Sanitaria para Gatos 4 kg',
    categoria: 'Mascotas',
    precio_venta: 5490,
    stock: 5,
    codigo_barra: makeEan13('780999100005'),
    precio_compra: 3900,
    descripcion: 'Arena aglomerante sin perfume.',
    marca: '',
    unidad: 'unidad',
    codigo_plu: '',
  },
  {
    // Sold by weight: the prices are per kilo, the stock is 2,5 kilos, the scale knows it as PLU 42.
    nombre_producto: 'Jamón pierna',
    categoria: 'Fiambrería',
    precio_venta: 8990,
    stock: '2,5',
    codigo_barra: makeEan13('780999100006'),
    precio_compra: 6490,
    descripcion: 'Jamón de pierna cocido, laminado en el mesón.',
    marca: '',
    unidad: 'kg',
    codigo_plu: '42',
  },
] as const;

const rutEjemplo = (cuerpo: number) => formatRut(`${cuerpo}-${computeRutDv(cuerpo)}`);

/**
 * La libreta (docs/fiado.md «Importar la libreta»): two neighbours as a notebook has them, one with
 * everything (RUT, limit, a debt since three weeks ago) and one with a name, a phone and a debt.
 * Names and RUT of no demo customer, so the template loads cleanly in the demo shops too.
 */
function clientesEjemplo(ahora: Date) {
  return [
    {
      nombre: 'María Fernández Rojas',
      rut: rutEjemplo(16_555_222),
      telefono: '+56 9 8123 4567',
      direccion: 'Los Aromos 1234, depto. 5',
      limite_credito: 50_000,
      saldo_inicial: 12_500,
      fiado_desde: textoDia(sumarDias(fechaLocal(ahora), -21)),
      notas: 'Paga los viernes',
    },
    {
      nombre: 'Luis Contreras',
      rut: '',
      telefono: '9 7654 3210',
      direccion: '',
      limite_credito: '',
      saldo_inicial: 3_990,
      fiado_desde: '',
      notas: 'Vecino del pasaje',
    },
  ];
}

/** 'YYYY-MM-DD' of the day before `ahora`, in Santiago. */
const ayerEnSantiago = (ahora: Date) => textoDia(sumarDias(fechaLocal(ahora), -1));

/**
 * Three sales of yesterday (one with two lines, as rows sharing id_venta_csv). When there is a
 * product sold by weight, the second sale takes 0,350 kilos of it too.
 */
function ventasEjemplo(productos: readonly ProductoParaVenta[], ahora: Date) {
  const dia = ayerEnSantiago(ahora);
  const porUnidad = productos.filter((x) => x.unidad === 'unidad');
  const deUnidades = porUnidad.length > 0 ? porUnidad : productos;
  const p = (i: number) => deUnidades[i % deUnidades.length]!.codigo_barra;
  const aGranel = productos.find((x) => x.unidad === 'kg');
  const kilos = aGranel
    ? [
        {
          id_venta_csv: 'V-0002',
          fecha_venta: `${dia} 11:47:30`,
          metodo_pago: 'Débito',
          codigo_barra: aGranel.codigo_barra,
          num_unidades: '0,350',
        },
      ]
    : [];
  return [
    { id_venta_csv: 'V-0001', fecha_venta: `${dia} 09:12:00`, metodo_pago: 'Efectivo', codigo_barra: p(0), num_unidades: 1 },
    { id_venta_csv: 'V-0001', fecha_venta: `${dia} 09:12:00`, metodo_pago: 'Efectivo', codigo_barra: p(1), num_unidades: 2 },
    { id_venta_csv: 'V-0002', fecha_venta: `${dia} 11:47:30`, metodo_pago: 'Débito', codigo_barra: p(2), num_unidades: 1 },
    ...kilos,
    { id_venta_csv: 'V-0003', fecha_venta: `${dia} 18:30:05`, metodo_pago: 'Transferencia', codigo_barra: p(3), num_unidades: 3 },
    { id_venta_csv: 'V-0003', fecha_venta: `${dia} 18:30:05`, metodo_pago: 'Transferencia', codigo_barra: p(0), num_unidades: 1 },
  ];
}

// Written with fast-xml-parser's builder (it escapes & < > " for us). Reading stays on saxes
// (lectores/xml.ts): fast-xml-parser parses a whole document in memory, and an upload can be 20 MB.
const constructorXml = new XMLBuilder({ format: true, indentBy: '  ', suppressEmptyNode: false });

function xml(raiz: string, item: string, columnas: readonly string[], filas: ReadonlyArray<Record<string, string | number>>): string {
  const elementos = filas.map((f) => Object.fromEntries(columnas.map((c) => [c, String(f[c] ?? '')])));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${constructorXml.build({ [raiz]: { [item]: elementos } })}`;
}

/** Excel in Chile opens a ';' CSV with a BOM as columns and accents, without an import wizard. */
function csv(columnas: readonly string[], filas: ReadonlyArray<Record<string, string | number>>): string {
  const cuerpo = Papa.unparse(
    filas.map((f) => columnas.map((c) => String(f[c] ?? ''))),
    { delimiter: ';', newline: '\r\n', header: false },
  );
  return `\uFEFF${columnas.join(';')}\r\n${cuerpo}\r\n`;
}

/** A kilos value written '2,5' is the number 2.5 in a sheet, as Excel in Chile keeps it (and shows it '2,5'). */
function celdaXlsx(valor: string | number | undefined): string | number | null {
  if (valor === '' || valor === undefined) return null;
  if (typeof valor === 'string' && /^\d+,\d+$/.test(valor)) return Number(valor.replace(',', '.'));
  return valor;
}

async function xlsx(
  columnas: readonly string[],
  filas: ReadonlyArray<Record<string, string | number>>,
  formatos: Partial<Record<string, string>>,
): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  libro.creator = 'Minimarket';
  const hoja = libro.addWorksheet(HOJA_PLANTILLA);
  hoja.columns = columnas.map((c) => ({
    header: c,
    key: c,
    width: Math.max(14, c.length + 4),
    style: formatos[c] ? { numFmt: formatos[c] } : {},
  }));
  hoja.getRow(1).font = { bold: true };
  hoja.views = [{ state: 'frozen', ySplit: 1 }];
  for (const f of filas) hoja.addRow(Object.fromEntries(columnas.map((c) => [c, celdaXlsx(f[c])])));
  return Buffer.from(await libro.xlsx.writeBuffer());
}

const esPlantillaDeClientes = (nombre: NombrePlantilla) => nombre.startsWith('plantilla_clientes');

/** Sales templates use products of the shop (their barcodes must exist); product templates bring their own. */
export const esPlantillaDeVentas = (nombre: NombrePlantilla) => nombre.startsWith('plantilla_ventas');

export async function generarPlantilla(
  nombre: NombrePlantilla,
  /** productosParaVentas: the shop's own products for the sales examples; by default the products template's. */
  opciones: { productosParaVentas?: readonly ProductoParaVenta[]; ahora?: Date } = {},
): Promise<{ contentType: string; contenido: Buffer }> {
  const ahora = opciones.ahora ?? new Date();
  const esVentas = esPlantillaDeVentas(nombre);
  if (esPlantillaDeClientes(nombre)) return plantillaClientes(nombre, ahora);
  const columnas = esVentas ? COLUMNAS_VENTAS : COLUMNAS_PRODUCTOS;
  const filas: ReadonlyArray<Record<string, string | number>> = esVentas
    ? ventasEjemplo(opciones.productosParaVentas ?? PRODUCTOS_EJEMPLO, ahora)
    : PRODUCTOS_EJEMPLO;
  if (nombre.endsWith('.csv')) {
    return { contentType: 'text/csv; charset=utf-8', contenido: Buffer.from(csv(columnas, filas), 'utf8') };
  }
  if (nombre.endsWith('.xml')) {
    const contenido = esVentas ? xml('ventas', 'venta', columnas, filas) : xml('productos', 'producto', columnas, filas);
    return { contentType: 'application/xml; charset=utf-8', contenido: Buffer.from(contenido, 'utf8') };
  }
  // Barcodes and dates as text, as the rules ask; prices as numbers shown '$4.990'.
  const contenido = await xlsx(columnas, filas, esVentas ? {} : { precio_venta: FORMATO_PESOS, precio_compra: FORMATO_PESOS });
  return { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', contenido };
}

/** plantilla_clientes as .csv, .xml (<clientes><cliente>) or .xlsx (pesos shown '$12.500'). */
async function plantillaClientes(nombre: NombrePlantilla, ahora: Date): Promise<{ contentType: string; contenido: Buffer }> {
  const filas = clientesEjemplo(ahora);
  if (nombre.endsWith('.csv')) {
    return { contentType: 'text/csv; charset=utf-8', contenido: Buffer.from(csv(COLUMNAS_CLIENTES, filas), 'utf8') };
  }
  if (nombre.endsWith('.xml')) {
    return {
      contentType: 'application/xml; charset=utf-8',
      contenido: Buffer.from(xml('clientes', 'cliente', COLUMNAS_CLIENTES, filas), 'utf8'),
    };
  }
  const contenido = await xlsx(COLUMNAS_CLIENTES, filas, { limite_credito: FORMATO_PESOS, saldo_inicial: FORMATO_PESOS });
  return { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', contenido };
}
