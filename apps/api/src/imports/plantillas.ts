// The templates the upload page offers: plantilla_productos / plantilla_ventas as .xlsx
// (sheet 'Datos', header row, a few believable rows), .xml (children named like the
// columns) and .csv (as Excel in Chile saves it: BOM, ';', CRLF). Each one, uploaded as it
// is, imports cleanly.
import { COLUMNAS_PRODUCTOS, COLUMNAS_VENTAS, type PLANTILLAS } from '@minimarket/contracts/uploads';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { XMLBuilder } from 'fast-xml-parser';
import { makeEan13 } from '@minimarket/contracts/codigo-barra';
import { fechaLocal, sumarDias, textoDia } from '../lib/tiempo.js';

export type NombrePlantilla = (typeof PLANTILLAS)[number];

export const HOJA_PLANTILLA = 'Datos';
const FORMATO_PESOS = '"$"#,##0';

export interface ProductoParaVenta {
  codigo_barra: string;
  nombre_producto: string;
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
  },
] as const;

/** 'YYYY-MM-DD' of the day before `ahora`, in Santiago. */
const ayerEnSantiago = (ahora: Date) => textoDia(sumarDias(fechaLocal(ahora), -1));

/** Three sales of yesterday (one with two lines, as rows sharing id_venta_csv). */
function ventasEjemplo(productos: readonly ProductoParaVenta[], ahora: Date) {
  const dia = ayerEnSantiago(ahora);
  const p = (i: number) => productos[i % productos.length]!.codigo_barra;
  return [
    { id_venta_csv: 'V-0001', fecha_venta: `${dia} 09:12:00`, metodo_pago: 'Efectivo', codigo_barra: p(0), num_unidades: 1 },
    { id_venta_csv: 'V-0001', fecha_venta: `${dia} 09:12:00`, metodo_pago: 'Efectivo', codigo_barra: p(1), num_unidades: 2 },
    { id_venta_csv: 'V-0002', fecha_venta: `${dia} 11:47:30`, metodo_pago: 'Débito', codigo_barra: p(2), num_unidades: 1 },
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
  for (const f of filas) hoja.addRow(Object.fromEntries(columnas.map((c) => [c, f[c] === '' ? null : f[c]])));
  return Buffer.from(await libro.xlsx.writeBuffer());
}

/** Sales templates use products of the shop (their barcodes must exist); product templates bring their own. */
export const esPlantillaDeVentas = (nombre: NombrePlantilla) => nombre.startsWith('plantilla_ventas');

export async function generarPlantilla(
  nombre: NombrePlantilla,
  /** productosParaVentas: the shop's own products for the sales examples; by default the products template's. */
  opciones: { productosParaVentas?: readonly ProductoParaVenta[]; ahora?: Date } = {},
): Promise<{ contentType: string; contenido: Buffer }> {
  const ahora = opciones.ahora ?? new Date();
  const esVentas = esPlantillaDeVentas(nombre);
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
