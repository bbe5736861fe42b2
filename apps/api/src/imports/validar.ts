// Row by row checks, before anything reaches the database. Each problem is
// `{ campo, mensaje }` in Spanish; a row keeps all of its problems, so the owner fixes
// them in one go. What needs the database (the product of a sale exists, a barcode
// repeated further up the file, a sale already imported) is decided set-based in SQL.
import { LIMITES_PRODUCTO } from '@minimarket/contracts/reglas';
import { codigoPluSchema, MENSAJE_PLU_SOLO_GRANEL } from '@minimarket/contracts/productos';
import { clienteCargaSchema } from '@minimarket/contracts/clientes';
import type { ColumnaCliente, ColumnaProducto, ColumnaVenta } from './columnas.js';
import type { ValorCopy } from './copy.js';
import { leerEnteroEntre } from '@minimarket/contracts/numeros';
import {
  leerCantidadVenta,
  leerCategoria,
  leerCodigoBarra,
  leerDiaDeuda,
  leerFechaVenta,
  leerMetodoPago,
  leerStockKg,
  leerStockUnidad,
  leerUnidadVenta,
  type Lectura,
} from './valores.js';

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
  'unidad',
  'codigo_plu',
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
  'num_gramos',
  'error_unidades',
  'error_gramos',
  'errores',
  'celdas',
] as const;

export const COLUMNAS_STG_CLIENTE = [
  'fila',
  'nombre',
  'rut',
  'telefono',
  'direccion',
  'limite_credito',
  'saldo_inicial',
  'saldo_inicial_desde',
  'notas',
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

/** The scale's number: 1 to 5 digits, stored without leading zeros (the products API's own schema). */
function leerPlu(t: string): Lectura<string> {
  const r = codigoPluSchema.safeParse(t);
  if (!r.success) return { ok: false, mensaje: r.error.issues[0]?.message ?? 'El PLU no es válido.' };
  return r.data === null ? { ok: false, mensaje: 'El PLU no es válido.' } : { ok: true, valor: r.data };
}

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
    // Without a unidad (an older file, an empty cell) the product is sold by the unit.
    const unidad = de('unidad') === '' ? 'unidad' : campo(errores, 'unidad', de('unidad'), leerUnidadVenta, null);
    // A file that does not say how much there is brings none. A kg product's stock is kilos in the
    // file and grams in the shop; with an unreadable unidad the stock cannot be read either way.
    const leerStock = unidad === 'kg' ? leerStockKg : leerStockUnidad;
    const stock = unidad === null ? 0 : (campo(errores, 'stock', de('stock'), leerStock, null) ?? 0);
    const descripcion = texto(errores, 'descripcion', de('descripcion'), LIMITES_PRODUCTO.descripcion, 'La descripción', null);
    const marca = texto(errores, 'marca', de('marca'), LIMITES_PRODUCTO.marca, 'La marca', null);
    let plu = campo(errores, 'codigo_plu', de('codigo_plu'), leerPlu, null);
    if (plu !== null && unidad === 'unidad') {
      errores.push({ campo: 'codigo_plu', mensaje: MENSAJE_PLU_SOLO_GRANEL });
      plu = null;
    }
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
      unidad,
      plu,
      errores.length > 0 ? JSON.stringify(errores) : null,
      crudo,
    ];
  };
}

/**
 * One sale line → the staging row. Whether its product exists, and so whether num_unidades are
 * units or kilos, is known in SQL: the quantity goes both ways, each with its reason if unreadable.
 */
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
    const cantidad = de('num_unidades');
    if (cantidad === '')
      errores.push({ campo: 'num_unidades', mensaje: 'Falta la cantidad (unidades, o kilos si el producto es a granel).' });
    const { unidades, gramos } = cantidad === '' ? { unidades: null, gramos: null } : leerCantidadVenta(cantidad);
    return [
      fila,
      idVenta,
      fecha,
      metodo,
      codigo,
      unidades?.ok ? unidades.valor : null,
      gramos?.ok ? gramos.valor : null,
      unidades && !unidades.ok ? unidades.mensaje : null,
      gramos && !gramos.ok ? gramos.mensaje : null,
      errores.length > 0 ? JSON.stringify(errores) : null,
      crudo,
    ];
  };
}

/** The create form's field → the file's column, where they are named differently. */
const COLUMNA_DE_CAMPO: Partial<Record<string, ColumnaCliente>> = { saldo_inicial_desde: 'fiado_desde' };

/**
 * One customer of the notebook → the staging row. The create form's own schema (contracts'
 * clienteCargaSchema) checks it, so the file and the form refuse the same input in the same words
 * (RUT check digit, pesos as '$12.500' or '12500', lengths, a debt date not in the future). Whether
 * the customer is already in the shop (or further up the file) is decided in SQL.
 */
export function crearValidadorClientes(posiciones: Map<ColumnaCliente, number>) {
  return (fila: number, celdas: readonly string[], crudo: string): ValorCopy[] => {
    const de = lector(posiciones, celdas);
    const opcional = (c: ColumnaCliente) => (de(c) === '' ? undefined : de(c));
    const desde = de('fiado_desde');
    const r = clienteCargaSchema.safeParse({
      nombre: de('nombre'),
      rut: opcional('rut'),
      telefono: opcional('telefono'),
      direccion: opcional('direccion'),
      limite_credito: opcional('limite_credito'),
      saldo_inicial: opcional('saldo_inicial'),
      // Also as Excel shows a date in Chile (15-03-2026) or keeps a date cell (2026-03-15 00:00:00).
      saldo_inicial_desde: desde === '' ? undefined : leerDiaDeuda(desde),
      notas: opcional('notas'),
    });
    if (!r.success) {
      const errores: ErrorCampo[] = r.error.issues.map((i) => {
        const nombre = String(i.path[0] ?? 'nombre');
        return { campo: COLUMNA_DE_CAMPO[nombre] ?? nombre, mensaje: i.message };
      });
      return [fila, null, null, null, null, null, null, null, null, JSON.stringify(errores), crudo];
    }
    const c = r.data;
    const saldo = c.saldo_inicial ?? 0;
    return [
      fila,
      c.nombre,
      c.rut ?? null,
      c.telefono ?? null,
      c.direccion ?? null,
      c.limite_credito ?? null,
      saldo,
      // A date says since when a debt is owed: without one it means nothing.
      saldo > 0 ? (c.saldo_inicial_desde ?? null) : null,
      c.notas ?? null,
      null,
      crudo,
    ];
  };
}
