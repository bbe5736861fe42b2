// Líneas (GET /analitica/lineas): the sale lines of the range, one row per product sold, a page on
// the screen or the whole filtered set as a CSV or XLSX file.
import { z } from 'zod';
import { CATEGORIAS_VENTA, METODOS_VENTA, paginaSchema } from './comunes.js';
import { referenciaVentaSchema } from './ventas.js';
import { conFiltros, pesos, unidadVentaSchema } from './analitica-base.js';

export const ORDEN_LINEAS = ['fecha', 'producto', 'categoria', 'metodo_pago', 'unidades', 'precio', 'subtotal', 'margen'] as const;
export const FORMATOS_EXPORTACION = ['csv', 'xlsx'] as const;
/** Rows per page on the screen. */
export const PAGE_SIZE_LINEAS = 25;

export const lineasQuerySchema = conFiltros({
  /** Part of the product's name at the time of sale. */
  search: z.string().trim().max(100, { error: 'La búsqueda puede tener a lo más 100 caracteres.' }).optional(),
  orden: z.enum(ORDEN_LINEAS, { error: 'No se puede ordenar por esa columna.' }).default('fecha'),
  direccion: z.enum(['asc', 'desc'], { error: 'La dirección es asc o desc.' }).default('desc'),
  ...paginaSchema(PAGE_SIZE_LINEAS),
  /** csv or xlsx: the whole filtered set as a file instead of a page (skip and limit ignored). */
  formato: z.enum(FORMATOS_EXPORTACION, { error: 'El formato es csv o xlsx.' }).optional(),
});
export type LineasQuery = z.input<typeof lineasQuerySchema>;

export const lineaVentaSchema = z
  .object({
    id_detalle_venta: z.number().int(),
    id_venta: z.number().int(),
    ...referenciaVentaSchema,
    /** ISO instant of the sale. */
    fecha_venta: z.string(),
    id_producto: z.number().int(),
    nombre_producto: z.string(),
    categoria: z.enum(CATEGORIAS_VENTA),
    metodo_pago: z.enum(METODOS_VENTA),
    /** The unit when sold: for 'kg', num_unidades are grams and precio_unitario is per kilo. */
    unidad: unidadVentaSchema,
    num_unidades: z.number().int(),
    precio_unitario: pesos,
    subtotal: pesos,
    /** Purchase price when sold; null when the product had none (and then no margin). */
    costo_unitario: pesos.nullable(),
    /** subtotal − cost; a kg line's cost is montoPorPeso(costo_unitario, grams). */
    margen: pesos.nullable(),
  })
  .meta({ id: 'LineaVenta' });
export const lineasSchema = z.array(lineaVentaSchema).meta({ id: 'LineasVenta' });
export type LineaVenta = z.infer<typeof lineaVentaSchema>;

/**
 * Column titles of the export, in the order of its cells. 'Cantidad' is units for a line sold by the
 * unit and KILOS (decimal comma, 3 decimals) for one sold by weight, and 'Unidad' says which
 * ('unidad' / 'kg'); a kg line's prices are per kilo.
 */
export const COLUMNAS_EXPORTACION_LINEAS = [
  'N° venta',
  'Fecha',
  'Hora',
  'Producto',
  'Categoría',
  'Método de pago',
  'Cantidad',
  'Unidad',
  'Precio unitario',
  'Subtotal',
  'Costo unitario',
  'Margen',
] as const;
