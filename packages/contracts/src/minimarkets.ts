import { z } from 'zod';
import { enteroDesdeTexto, MENSAJE_NUMERO_DEMASIADO_GRANDE, PAGE_SIZE_MINIMARKETS, paginaSchema, textoRequerido } from './comunes.js';
import { formatoEtiquetaSchema } from './etiqueta-balanza.js';
import { productoSchema } from './productos.js';
import { MAX_ENTERO } from './reglas.js';

export const minimarketSchema = z
  .object({
    id_minimarket: z.number().int(),
    id_usuario: z.number().int(),
    /** The owner's name and e-mail, so a list of shops needs no second call for them. */
    nombre_usuario: z.string(),
    correo_usuario: z.string(),
    nombre_minimarket: z.string(),
    direccion: z.string(),
    comuna: z.string(),
    tamano: z.string(),
    rubro: z.string(),
    umbral_stock_bajo: z.number().int(),
    /** The POS and the server refuse a sale with no open cash shift. */
    exigir_caja_abierta: z.boolean(),
    /** The layout of the shop's scale labels (docs/granel.md); null: the shop uses none. */
    formato_etiqueta: formatoEtiquetaSchema.nullable(),
    /** La libreta: the owner is told when a customer's oldest unpaid purchase passes this many days (docs/fiado.md). */
    dias_aviso_fiado: z.number().int(),
    /** Idle minutes after which the shared till goes back to the PIN screen (docs/cajeros.md). */
    minutos_bloqueo_caja: z.number().int(),
    /** What a cashier may discount without the owner's PIN, in percent of the cart (docs/pagos.md). */
    descuento_maximo_pct: z.number().int(),
  })
  .meta({ id: 'Minimarket' });
export type Minimarket = z.infer<typeof minimarketSchema>;

export const UMBRAL_STOCK_BAJO_POR_DEFECTO = 5;

const umbralSchema = enteroDesdeTexto(
  z
    .number()
    .int({ error: 'El umbral debe ser un número entero.' })
    .min(0, { error: 'El umbral no puede ser negativo.' })
    .max(100_000, { error: 'El umbral es demasiado alto.' }),
  { campo: 'El umbral', mensajeTipo: 'El umbral debe ser un número entero.' },
);

export const DIAS_AVISO_FIADO_POR_DEFECTO = 30;
export const MAX_DIAS_AVISO_FIADO = 365;
const MENSAJE_DIAS_AVISO_FIADO = `Los días para avisar de una deuda deben ser un número entero entre 1 y ${MAX_DIAS_AVISO_FIADO}.`;
/** A whole number from `min` to `max`, a number or typed text; one message says what is wrong with it. */
const enteroEntre = (campo: string, min: number, max: number, mensaje: string) =>
  enteroDesdeTexto(z.number().int({ error: mensaje }).min(min, { error: mensaje }).max(max, { error: mensaje }), {
    campo,
    mensajeTipo: mensaje,
  });
const diasAvisoFiadoSchema = enteroEntre('Los días para avisar de una deuda', 1, MAX_DIAS_AVISO_FIADO, MENSAJE_DIAS_AVISO_FIADO);

export const MINUTOS_BLOQUEO_CAJA_POR_DEFECTO = 10;
export const MAX_MINUTOS_BLOQUEO_CAJA = 240;
const MENSAJE_MINUTOS_BLOQUEO = `Los minutos para bloquear la caja deben ser un número entero entre 1 y ${MAX_MINUTOS_BLOQUEO_CAJA}.`;
const minutosBloqueoSchema = enteroEntre('Los minutos para bloquear la caja', 1, MAX_MINUTOS_BLOQUEO_CAJA, MENSAJE_MINUTOS_BLOQUEO);

const MENSAJE_DESCUENTO_MAXIMO = 'El descuento máximo de un cajero debe ser un porcentaje entero entre 0 y 100.';
const descuentoMaximoSchema = enteroEntre('El descuento máximo', 0, 100, MENSAJE_DESCUENTO_MAXIMO);

export const minimarketCreateSchema = z.object({
  nombre_minimarket: textoRequerido('El nombre del minimarket es obligatorio.'),
  direccion: textoRequerido('La dirección es obligatoria.'),
  comuna: textoRequerido('La comuna es obligatoria.'),
  rubro: textoRequerido('El rubro es obligatorio.'),
  tamano: textoRequerido('El tamaño es obligatorio.'),
  id_usuario: z.coerce
    .number({ error: 'Por favor, seleccione un usuario.' })
    .int({ error: 'Por favor, seleccione un usuario.' })
    .positive({ error: 'Por favor, seleccione un usuario.' })
    .max(MAX_ENTERO, { error: MENSAJE_NUMERO_DEMASIADO_GRANDE }),
  umbral_stock_bajo: umbralSchema.optional(),
});
export type MinimarketCreate = z.input<typeof minimarketCreateSchema>;

export const minimarketUpdateSchema = minimarketCreateSchema.partial();

/** PATCH /minimarkets/{id}/configuracion: what the owner may set on their own shop. */
export const minimarketConfiguracionSchema = z
  .object({
    umbral_stock_bajo: umbralSchema.optional(),
    /** 'Exigir caja abierta para vender' (off by default). */
    exigir_caja_abierta: z.boolean({ error: 'Indica sí o no.' }).optional(),
    /** The scale's label layout; null: no scale labels. */
    formato_etiqueta: z.union([z.null(), formatoEtiquetaSchema]).optional(),
    /** La libreta: after how many days of an unpaid purchase the owner is told (1–365; 30 by default). */
    dias_aviso_fiado: diasAvisoFiadoSchema.optional(),
    /** After how many idle minutes the shared till asks for a PIN again (1–240; 10 by default). */
    minutos_bloqueo_caja: minutosBloqueoSchema.optional(),
    /** The most a cashier may discount without the owner's PIN, in percent (0–100; 10 by default). */
    descuento_maximo_pct: descuentoMaximoSchema.optional(),
  })
  .refine(
    (c) =>
      c.umbral_stock_bajo !== undefined ||
      c.exigir_caja_abierta !== undefined ||
      c.formato_etiqueta !== undefined ||
      c.dias_aviso_fiado !== undefined ||
      c.minutos_bloqueo_caja !== undefined ||
      c.descuento_maximo_pct !== undefined,
    { error: 'Indica qué ajuste cambiar.' },
  );

export const minimarketsQuerySchema = z.object({
  ...paginaSchema(PAGE_SIZE_MINIMARKETS),
  search: z.string().trim().max(100).optional(),
  comuna: z.string().trim().max(100).optional(),
  rubro: z.string().trim().max(100).optional(),
});

/** Keys of the till's quick grid (Nueva venta; issue 32): what the owner sets, at most this many. */
export const MAX_TECLAS_RAPIDAS = 24;
/** Without keys set, the grid shows this many of the shop's most sold products (last 30 days). */
export const TECLAS_RAPIDAS_POR_DEFECTO = 12;

/** GET /minimarkets/{id}/teclas-rapidas: the grid, in order, and whether the owner set it. */
export const teclasRapidasSchema = z
  .object({
    teclas: z.array(z.object({ posicion: z.number().int(), producto: productoSchema })),
    /** false: nobody set them, these are the shop's most sold products. */
    configuradas: z.boolean(),
  })
  .meta({ id: 'TeclasRapidas' });
export type TeclasRapidas = z.infer<typeof teclasRapidasSchema>;

/** PUT /minimarkets/{id}/teclas-rapidas: the products, in grid order (an empty list goes back to the most sold). */
export const teclasRapidasUpdateSchema = z.object({
  productos: z
    .array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), { error: 'Indica los productos de las teclas.' })
    .max(MAX_TECLAS_RAPIDAS, { error: `Caben a lo más ${MAX_TECLAS_RAPIDAS} teclas.` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Un producto va una sola vez en las teclas.' }),
});
