// Row by row checks, before anything reaches the database. Each problem is
// `{ campo, mensaje }` in Spanish; a row keeps all of its problems, so the owner fixes
// them in one go. What needs the database (the product of a sale exists, a barcode
// repeated further up the file, a sale already imported) is decided set-based in SQL.
import { LIMITES_PRODUCTO, MAX_UNIDADES_LINEA } from '@minimarket/contracts/reglas';
import type { ColumnaProducto, ColumnaVenta } from './columnas.js';
import type { ValorCopy } from './copy.js';
import { leerEnteroEntre } from '@minimarket/contracts/numeros';
import { leerCategoria, leerCodigoBarra, leerFechaVenta, leerMetodoPago, type Lectura } from './valores.js';

export interface ErrorCampo {
  campo: string;
  mensaje: string;
}

/** An id_venta_csv is the shop's own sale number: short. */
const MAX_ID_VENTA = 100;

/** The columns of the staging tables, in COPY order (see importar.ts). */
export const COLUMNAS_STG_PRODUCTO = [
  'fila',
  'codigo_barra',
  'nombre_producto',
  'categoria',
  'precio_venta',
  'precio_compra',
  'stock',
  'descripcion',
  'marca',
  'errores',
  'celdas',
] as const;
export const COLUMNAS_STG_VENTA = [
  'fila',
  'id_venta_csv',
  'fecha_venta',
  'metodo_pago',
  'codigo_barra',
  'num_unidades',
  'errores',
  'celdas',
] as const;

type Celda<C extends string> = (columna: C) => string;

function lector<C extends string>(posiciones: Map<C, number>, celdas: readonly string[]): Celda<C> {
  return (columna) => {
    const i = posiciones.get(columna);
    return i === undefined ? '' : (celdas[i] ?? '').trim();
  };
}

/** Reads one field: empty gives `faltante` as an error (or null when optional), a bad value its message. */
function campo<T>(
  errores: ErrorCampo[],
  nombre: string,
  texto: string,
  leer: (t: string) => Lectura<T>,
  faltante: string | null,
): T | null {
  if (texto === '') {
    if (faltante) errores.push({ campo: nombre, mensaje: faltante });
    return null;
  }
  const r = leer(texto);
  if (r.ok) return r.valor;
  errores.push({ campo: nombre, mensaje: r.mensaje });
  return null;
}

function texto(errores: ErrorCampo[], nombre: string, valor: string, maximo: number, etiqueta: string, faltante: string | null) {
  if (valor === '') {
    if (faltante) errores.push({ campo: nombre, mensaje: faltante });
    return null;
  }
  if (valor.length > maximo) {
    errores.push({ campo: nombre, mensaje: `${etiqueta} es demasiado largo (máximo ${maximo} caracteres).` });
    return null;
  }
  return valor;
}

const pesos = (campoNombre: string, minimo: number, mensajeMinimo: string) => (t: string) =>
  leerEnteroEntre(t, { campo: campoNombre, pesos: true, minimo, maximo: LIMITES_PRODUCTO.precio, mensajeMinimo });

const leerPrecioVenta = pesos('El precio de venta', 1, 'El precio de venta debe ser mayor a 0.');
const leerPrecioCompra = pesos('El precio de compra', 0, 'El precio de compra no puede ser negativo.');
const leerStock = (t: string) =>
  leerEnteroEntre(t, { campo: 'El stock', minimo: 0, maximo: LIMITES_PRODUCTO.stock, mensajeMinimo: 'El stock no puede ser negativo.' });
const leerUnidades = (t: string) =>
  leerEnteroEntre(t, {
    campo: 'La cantidad de unidades',
    minimo: 1,
    maximo: MAX_UNIDADES_LINEA,
    mensajeMinimo: 'La cantidad de unidades debe ser mayor a 0.',
  });

/** One product row → the staging row (values, problems, and the cells as written). */
export function crearValidadorProductos(posiciones: Map<ColumnaProducto, number>) {
  return (fila: number, celdas: readonly string[], crudo: string): ValorCopy[] => {
    const de = lector(posiciones, celdas);
    const errores: ErrorCampo[] = [];
    const codigo = campo(errores, 'codigo_barra', de('codigo_barra'), leerCodigoBarra, 'Falta el código de barras.');
    const nombre = texto(
      errores,
      'nombre_producto',
      de('nombre_producto'),
      LIMITES_PRODUCTO.nombre,
      'El nombre del producto',
      'Falta el nombre del producto.',
    );
    const categoria = campo(errores, 'categoria', de('categoria'), leerCategoria, 'Falta la categoría.');
    const precioVenta = campo(errores, 'precio_venta', de('precio_venta'), leerPrecioVenta, 'Falta el precio de venta.');
    const precioCompra = campo(errores, 'precio_compra', de('precio_compra'), leerPrecioCompra, null);
    // A file that does not say how many units there are brings none.
    const stock = campo(errores, 'stock', de('stock'), leerStock, null) ?? 0;
    const descripcion = texto(errores, 'descripcion', de('descripcion'), LIMITES_PRODUCTO.descripcion, 'La descripción', null);
    const marca = texto(errores, 'marca', de('marca'), LIMITES_PRODUCTO.marca, 'La marca', null);
    return [
      fila,
      codigo,
      nombre,
      categoria,
      precioVenta,
      precioCompra,
      stock,
      descripcion,
      marca,
      errores.length > 0 ? JSON.stringify(errores) : null,
      crudo,
    ];
  };
}

/** One sale line → the staging row. Whether its product exists is checked in SQL. */
export function crearValidadorVentas(posiciones: Map<ColumnaVenta, number>, ahora = Date.now()) {
  const leerFecha = (t: string) => leerFechaVenta(t, ahora);
  return (fila: number, celdas: readonly string[], crudo: string): ValorCopy[] => {
    const de = lector(posiciones, celdas);
    const errores: ErrorCampo[] = [];
    const idVenta = texto(
      errores,
      'id_venta_csv',
      de('id_venta_csv'),
      MAX_ID_VENTA,
      'El identificador de la venta',
      'Falta el identificador de la venta (id_venta_csv).',
    );
    const fecha = campo(errores, 'fecha_venta', de('fecha_venta'), leerFecha, 'Falta la fecha de la venta.');
    const metodo = campo(errores, 'metodo_pago', de('metodo_pago'), leerMetodoPago, 'Falta el método de pago.');
    const codigo = campo(errores, 'codigo_barra', de('codigo_barra'), leerCodigoBarra, 'Falta el código de barras.');
    const unidades = campo(errores, 'num_unidades', de('num_unidades'), leerUnidades, 'Falta la cantidad de unidades.');
    return [fila, idVenta, fecha, metodo, codigo, unidades, errores.length > 0 ? JSON.stringify(errores) : null, crudo];
  };
}
