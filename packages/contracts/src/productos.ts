import { z } from 'zod';
import {
  CATEGORIA_TODOS,
  CATEGORIAS,
  enteroDesdeTexto,
  ESTADOS,
  idSchema,
  MAX_PAGE_SIZE,
  MENSAJE_NUMERO_DEMASIADO_GRANDE,
  minimarketQuerySchema,
  PAGE_SIZE_INVENTARIO,
  paginaSchema,
  textoOpcional,
  textoOpcionalHasta,
} from './comunes.js';
import { normalizarPlu } from './etiqueta-balanza.js';
import { UNIDADES_VENTA } from './granel.js';
import { LIMITES_PRODUCTO, MAX_ENTERO, PATRON_CODIGO_BARRA } from './reglas.js';

export const productoSchema = z
  .object({
    id_producto: z.number().int(),
    id_minimarket: z.number().int(),
    nombre_producto: z.string(),
    categoria: z.enum(CATEGORIAS),
    precio_venta_actual: z.number().int(),
    precio_compra_actual: z.number().int().nullable(),
    stock: z.number().int(),
    /** Null only for a product sold by the kilo that has its PLU (issue 32). */
    codigo_barra: z.string().nullable(),
    descripcion: z.string().nullable(),
    marca: z.string().nullable(),
    imagen: z.string().nullable(),
    estado: z.enum(ESTADOS),
    /**
     * 'unidad' or 'kg' (docs/granel.md). For 'kg', precio_venta_actual and precio_compra_actual are
     * per kilo and stock is in whole grams.
     */
    unidad: z.enum(UNIDADES_VENTA),
    /** The scale's PLU of a kg product, without leading zeros ('42'); null when it has none. */
    codigo_plu: z.string().nullable(),
    /** Exempt from IVA: its lines go on the boleta as exempt (MntExe), apart from the taxed ones. */
    exento: z.boolean(),
    fecha_creacion: z.iso.datetime(),
  })
  .meta({ id: 'Producto' });
export type Producto = z.infer<typeof productoSchema>;

export const MENSAJE_CAMPOS_OBLIGATORIOS_PRODUCTO = 'Por favor completa todos los campos obligatorios (código, nombre, categoría, precio)';

const obligatorio = z
  .string({ error: MENSAJE_CAMPOS_OBLIGATORIOS_PRODUCTO })
  .trim()
  .min(1, { error: MENSAJE_CAMPOS_OBLIGATORIOS_PRODUCTO });

export const codigoBarraSchema = obligatorio.max(LIMITES_PRODUCTO.codigoBarra).regex(PATRON_CODIGO_BARRA, {
  error: 'El código de barras solo puede tener números y letras.',
});

const categoriaSchema = z.enum(CATEGORIAS, { error: 'La categoría no es válida.' });

// Prices, cost and stock come as numbers from the forms' JSON, but also as text ('1.990',
// '$1.990'): read by the one parser, never by Number() (which reads '1.990' as 1,99).
export const precioVentaSchema = enteroDesdeTexto(
  z
    .number()
    .int({ error: 'El precio debe ser un número entero de pesos, sin decimales.' })
    .positive({ error: 'El precio debe ser un número mayor a 0' })
    .max(LIMITES_PRODUCTO.precio, { error: 'El precio es demasiado alto.' }),
  { campo: 'El precio', pesos: true, mensajeTipo: 'El precio debe ser un número mayor a 0' },
);

const precioCompraSchema = enteroDesdeTexto(
  z
    .number()
    .int({ error: 'El precio de compra debe ser un número entero de pesos.' })
    .min(0, { error: 'El precio de compra no puede ser negativo.' })
    .max(LIMITES_PRODUCTO.precio, { error: 'El precio de compra es demasiado alto.' }),
  { campo: 'El precio de compra', pesos: true, mensajeTipo: 'El precio de compra debe ser un número.' },
);
/** null clears the purchase price (a union, not .nullable(): OpenAPI 3.0 cannot say "nullable" beside anyOf). */
const precioCompraONulo = z.union([z.null(), precioCompraSchema]);

const stockSchema = enteroDesdeTexto(
  z
    .number()
    .int({ error: 'El stock debe ser un número entero.' })
    .min(0, { error: 'El stock no puede ser negativo.' })
    .max(LIMITES_PRODUCTO.stock, { error: 'El stock es demasiado alto.' }),
  { campo: 'El stock', mensajeTipo: 'El stock debe ser un número entero.' },
);

export const STOCK_INICIAL_POR_DEFECTO = 1;

export const MENSAJE_UNIDAD_INVALIDA = 'La unidad de venta debe ser "unidad" o "kg".';
export const unidadVentaSchema = z.enum(UNIDADES_VENTA, { error: MENSAJE_UNIDAD_INVALIDA });

export const MENSAJE_PLU_INVALIDO = 'El PLU es el número de la balanza: de 1 a 5 dígitos, mayor a 0.';
export const MENSAJE_PLU_SOLO_GRANEL = 'Solo un producto a granel (kg) lleva PLU.';
/**
 * The PLU as typed ('00042', '42', or a number from JSON), stored without its leading zeros; null or
 * '' clears it. Whether the product is sold by weight is checked by the caller (create: the body;
 * edit: the service, against the stored unit).
 */
export const codigoPluSchema = z
  // One union read by hand, not a union of refined branches: zod would answer a bad PLU with its
  // generic "invalid input" instead of the message (null first: OpenAPI 3.0 has no nullable anyOf).
  .union([z.null(), z.string(), z.number()], { error: MENSAJE_PLU_INVALIDO })
  .transform((v, ctx) => {
    if (v === null) return null;
    const s = String(v).trim();
    if (s === '') return null;
    if (!/^\d{1,5}$/.test(s) || normalizarPlu(s) === '0') {
      ctx.addIssue({ code: 'custom', message: MENSAJE_PLU_INVALIDO });
      return z.NEVER;
    }
    return normalizarPlu(s);
  });

export const MENSAJE_CODIGO_O_PLU = 'Indica el código de barras, o el PLU si el producto se vende a granel (kg).';
/** A barcode that may be left empty (a kg product with its PLU): blank is absent. */
const codigoBarraOpcional = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), codigoBarraSchema.optional());
/** A product needs a barcode, or, sold by the kilo, its PLU (jamón, bread and vegetables have only a PLU). */
export const tieneCodigo = (p: { codigo_barra?: string | null; unidad?: string; codigo_plu?: string | null }) =>
  Boolean(p.codigo_barra) || (p.unidad === 'kg' && Boolean(p.codigo_plu));

export const productoCreateSchema = z
  .object({
    id_minimarket: idSchema,
    codigo_barra: codigoBarraOpcional,
    nombre_producto: obligatorio.max(LIMITES_PRODUCTO.nombre),
    categoria: z.enum(CATEGORIAS, { error: MENSAJE_CAMPOS_OBLIGATORIOS_PRODUCTO }),
    precio_venta: precioVentaSchema,
    precio_compra: precioCompraONulo.optional(),
    /** Units, or grams for a kg product. */
    stock: stockSchema.default(STOCK_INICIAL_POR_DEFECTO),
    descripcion: textoOpcionalHasta(LIMITES_PRODUCTO.descripcion),
    marca: textoOpcionalHasta(LIMITES_PRODUCTO.marca),
    imagen: textoOpcional,
    unidad: unidadVentaSchema.default('unidad'),
    codigo_plu: codigoPluSchema.optional(),
    exento: z.boolean({ error: 'Indica si el producto está exento de IVA.' }).default(false),
  })
  .refine((p) => p.codigo_plu === undefined || p.codigo_plu === null || p.unidad === 'kg', {
    error: MENSAJE_PLU_SOLO_GRANEL,
    path: ['codigo_plu'],
  })
  .refine(tieneCodigo, { error: MENSAJE_CODIGO_O_PLU, path: ['codigo_barra'] });
export type ProductoCreate = z.input<typeof productoCreateSchema>;

/** PUT /productos/{id}: any subset of the edit form's fields. */
export const productoUpdateSchema = z
  .object({
    /** null removes it: only from a kg product with its PLU (the service checks the result). */
    codigo_barra: z.union([z.null(), codigoBarraSchema]),
    nombre_producto: obligatorio.max(LIMITES_PRODUCTO.nombre),
    categoria: categoriaSchema,
    precio_venta: precioVentaSchema,
    precio_compra: precioCompraONulo,
    stock: stockSchema,
    descripcion: textoOpcionalHasta(LIMITES_PRODUCTO.descripcion),
    marca: textoOpcionalHasta(LIMITES_PRODUCTO.marca),
    imagen: textoOpcional,
    /** Only while the product has no sales (the service says why otherwise). */
    unidad: unidadVentaSchema,
    codigo_plu: codigoPluSchema,
    exento: z.boolean({ error: 'Indica si el producto está exento de IVA.' }),
  })
  .partial();
export type ProductoUpdate = z.input<typeof productoUpdateSchema>;

export const MENSAJE_INGRESO_STOCK_INVALIDO = 'Por favor, ingrese valores válidos mayores a cero.';
/**
 * POST /productos/{id}/stock: units (grams for a kg product) received and what they cost in total. The product's unit cost
 * becomes the weighted average of the shelf and the delivery (costo-promedio.ts, docs/stock.md).
 */
export const ingresoStockSchema = z.object({
  cantidad: enteroDesdeTexto(
    z
      .number()
      .int({ error: MENSAJE_INGRESO_STOCK_INVALIDO })
      .positive({ error: MENSAJE_INGRESO_STOCK_INVALIDO })
      .max(LIMITES_PRODUCTO.stock, { error: 'La cantidad es demasiado alta.' }),
    { campo: 'La cantidad', mensajeTipo: MENSAJE_INGRESO_STOCK_INVALIDO },
  ),
  costo_total: enteroDesdeTexto(
    z
      .number()
      .int({ error: MENSAJE_INGRESO_STOCK_INVALIDO })
      .positive({ error: MENSAJE_INGRESO_STOCK_INVALIDO })
      .max(1_000_000_000, { error: 'El costo total es demasiado alto.' }),
    { campo: 'El costo total', pesos: true, mensajeTipo: MENSAJE_INGRESO_STOCK_INVALIDO },
  ),
});

export const productosQuerySchema = z.object({
  id_minimarket: idSchema,
  ...paginaSchema(PAGE_SIZE_INVENTARIO),
  search: z.string().trim().max(100).optional(),
  category: z.union([z.enum(CATEGORIAS), z.literal(CATEGORIA_TODOS)]).optional(),
  /** Exact barcode lookup, as the scanner does. */
  codigo_barra: z.string().trim().max(LIMITES_PRODUCTO.codigoBarra).optional(),
  /** Newest first instead of by name (the "latest products" list). */
  orden: z.enum(['nombre', 'recientes']).default('nombre'),
  /** Only these products ('12,40,7'): the sale screen refreshes its whole cart in one call. */
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, { error: 'ids debe ser una lista de números separados por comas.' })
    .transform((s, ctx) => {
      const ids = s.split(',').map(Number);
      if (ids.length > MAX_PAGE_SIZE)
        ctx.addIssue({ code: 'custom', message: `Se pueden pedir a lo más ${MAX_PAGE_SIZE} productos a la vez.` });
      else if (ids.some((id) => id > MAX_ENTERO)) ctx.addIssue({ code: 'custom', message: MENSAJE_NUMERO_DEMASIADO_GRANDE });
      else if (ids.includes(0)) ctx.addIssue({ code: 'custom', message: 'Debe ser un número mayor a 0.' });
      return ids;
    })
    .optional(),
});

export const productoExternoSchema = z
  .object({
    codigo_barra: z.string(),
    encontrado: z.boolean(),
    nombre_producto: z.string().nullable(),
    marca: z.string().nullable(),
    imagen: z.string().nullable(),
  })
  .meta({ id: 'ProductoExterno' });

/** GET /catalogo-externo/{codigo_barra}. */
export const catalogoExternoParamsSchema = z.object({ codigo_barra: z.string().trim().min(1).max(LIMITES_PRODUCTO.codigoBarra) });

/** GET /productos/etiqueta/{codigo}: a scanned scale label read with the shop's layout (docs/granel.md). */
export const etiquetaQuerySchema = minimarketQuerySchema;
export const etiquetaCodigoSchema = z.object({
  codigo: z.string().trim().min(1, { error: 'Falta el código de la etiqueta.' }).max(LIMITES_PRODUCTO.codigoBarra),
});
export const etiquetaLeidaSchema = z
  .object({
    producto: productoSchema,
    /** What leaves the stock: the label's weight, or for a price label gramosPorMonto of the price per kilo. */
    gramos: z.number().int(),
    /** What the line charges: the label's price, or for a weight label montoPorPeso of the price per kilo. */
    monto: z.number().int(),
  })
  .meta({ id: 'EtiquetaLeida' });
export type EtiquetaLeida = z.infer<typeof etiquetaLeidaSchema>;
