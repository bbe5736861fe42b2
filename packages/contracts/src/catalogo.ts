// The sale catalogue a counter keeps on its device to sell with no connection (issue #22,
// docs/offline.md): GET /api/productos/catalogo. Without `desde`, every product and customer of the
// shop (active or not); with the `cursor` of the previous answer, only the rows written since.
import { z } from 'zod';
import { CATEGORIAS, ESTADOS, idSchema } from './comunes.js';
import { formatoEtiquetaSchema } from './etiqueta-balanza.js';
import { UNIDADES_VENTA } from './granel.js';

export const MENSAJE_CURSOR_CATALOGO = 'El cursor del catálogo no es válido: descarga el catálogo completo.';

/**
 * The largest cursor there can be: the catalogue's versions are PostgreSQL bigints. Nineteen digits
 * reach 9999999999999999999, past it; the database would refuse such a cursor with an error (a 500),
 * so it is refused here, in the same words as any other bad cursor.
 */
export const CURSOR_CATALOGO_MAXIMO = 9_223_372_036_854_775_807n;

export const catalogoQuerySchema = z.object({
  id_minimarket: idSchema,
  /** The `cursor` of the previous answer (digits, at most CURSOR_CATALOGO_MAXIMO). */
  desde: z
    .string()
    .regex(/^\d{1,19}$/, { error: MENSAJE_CURSOR_CATALOGO })
    .refine((v) => !/^\d{1,19}$/.test(v) || BigInt(v) <= CURSOR_CATALOGO_MAXIMO, { error: MENSAJE_CURSOR_CATALOGO })
    .optional(),
});

export const productoCatalogoSchema = z
  .object({
    id_producto: z.number().int(),
    nombre_producto: z.string(),
    /** Null: a kg product with only its PLU (issue 32); the device leaves it out of its barcode index. */
    codigo_barra: z.string().nullable(),
    codigo_plu: z.string().nullable(),
    categoria: z.enum(CATEGORIAS),
    precio_venta_actual: z.number().int(),
    /** As last known: grams for a kg product. */
    stock: z.number().int(),
    unidad: z.enum(UNIDADES_VENTA),
    /** 'inactivo': deleted since; keep it out of the counter. */
    estado: z.enum(ESTADOS),
  })
  .meta({ id: 'ProductoCatalogo' });
export type ProductoCatalogo = z.infer<typeof productoCatalogoSchema>;

export const clienteCatalogoSchema = z
  .object({
    id_cliente: z.number().int(),
    nombre: z.string(),
    rut: z.string().nullable(),
    activo: z.boolean(),
    limite_credito: z.number().int().nullable(),
  })
  .meta({ id: 'ClienteCatalogo' });
export type ClienteCatalogo = z.infer<typeof clienteCatalogoSchema>;

export const catalogoSchema = z
  .object({
    /** Send it back as `desde` next time: the rows written since come then. */
    cursor: z.string(),
    /** True without `desde`: the whole catalogue (replace what the device had). */
    completo: z.boolean(),
    productos: z.array(productoCatalogoSchema),
    clientes: z.array(clienteCatalogoSchema),
    /**
     * Whole in every answer (replace what the device had): each customer who owes something and how
     * much (cuenta_cliente's balance), so the fiado picker without connection shows it.
     */
    saldos: z.array(z.object({ id_cliente: z.number().int(), saldo: z.number().int() })),
    /** The shop's scale-label layout (null: none set), so a label reads without connection. */
    formato_etiqueta: formatoEtiquetaSchema.nullable(),
  })
  .meta({ id: 'Catalogo' });
export type Catalogo = z.infer<typeof catalogoSchema>;
