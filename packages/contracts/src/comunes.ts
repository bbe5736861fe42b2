// Shared pieces of the wire format. Importing this module switches zod's own
// messages to Spanish, so the browser and the server refuse input in the same words.
import { z } from 'zod';
import { leerEntero, type OpcionesEntero } from './numeros.js';
import { MAX_ENTERO } from './reglas.js';

z.config(z.locales.es());

export const CATEGORIAS = [
  'Panadería',
  'Lácteos y Quesos',
  'Abarrotes',
  'Frutas y Verduras',
  'Limpieza',
  'Fiambrería',
  'Botillería',
  'Mascotas',
  'Masivos',
] as const;
export type Categoria = (typeof CATEGORIAS)[number];
/**
 * The categories a sale line may carry: a product's, or «Venta libre» for a loose sale that names none
 * (issue 32, docs/pagos.md): the analytics file such lines under it.
 */
export const CATEGORIA_VENTA_LIBRE = 'Venta libre';
export const CATEGORIAS_VENTA = [...CATEGORIAS, CATEGORIA_VENTA_LIBRE] as const;
export type CategoriaVenta = (typeof CATEGORIAS_VENTA)[number];

/** Only a filter value: it means "no category filter". */
export const CATEGORIA_TODOS = 'Todos';

// 'Fiado': on the customer's account (la libreta, issue #21); never cash.
export const METODOS_PAGO = ['Efectivo', 'Tarjeta de Débito', 'Transferencia Bancaria', 'Tarjeta de Crédito', 'Fiado'] as const;
export type MetodoPago = (typeof METODOS_PAGO)[number];
/**
 * A sale paid by more than one method (pago dividido, docs/pagos.md): its `pagos` say how much each
 * took. Never a method a part, an abono or a file can have: only what a split sale is filed under.
 */
export const METODO_MIXTO = 'Mixto';
export const METODOS_VENTA = [...METODOS_PAGO, METODO_MIXTO] as const;
export type MetodoVenta = (typeof METODOS_VENTA)[number];

/**
 * Who a person is to the app. 'cajero' (issue 31, docs/cajeros.md): a person of one shop who sells at
 * its till, switched in by PIN; what a cashier may not do, the server refuses (plugins/app/auth.ts).
 */
export const ROLES = ['administrador', 'pyme', 'cajero'] as const;
export type Rol = (typeof ROLES)[number];
/** The roles of the accounts the administrators manage at /usuarios: a cashier belongs to a shop's page. */
export const ROLES_CUENTA = ['administrador', 'pyme'] as const;
export type RolCuenta = (typeof ROLES_CUENTA)[number];

export const ESTADOS = ['activo', 'inactivo'] as const;
export type Estado = (typeof ESTADOS)[number];

export const ESTADO_VENTA_COMPLETADA = 'Completada';

/** Page sizes of the screens (spec §9). */
export const PAGE_SIZE_VENTA_PRODUCTOS = 6;
export const PAGE_SIZE_INVENTARIO = 6;
export const PAGE_SIZE_TRANSACCIONES = 10;
export const PAGE_SIZE_USUARIOS = 10;
export const PAGE_SIZE_MINIMARKETS = 10;
export const PAGE_SIZE_PRODUCTOS_RECIENTES = 5;
/** The largest page any list call hands out. */
export const MAX_PAGE_SIZE = 100;

export const MENSAJE_NUMERO_DEMASIADO_GRANDE = 'El número es demasiado grande.';

/** A shop's or a user's id (32-bit columns) in a path or a payload: a positive whole number. */
export const idSchema = z.coerce
  .number({ error: 'Debe ser un número entero.' })
  .int({ error: 'Debe ser un número entero.' })
  .positive({ error: 'Debe ser un número mayor a 0.' })
  .max(MAX_ENTERO, { error: MENSAJE_NUMERO_DEMASIADO_GRANDE });

export const idParamsSchema = z.object({ id: idSchema });

/**
 * Any other id (a BIGINT column: products, sales, customers, shifts, uploads, notices…;
 * docs/escalar.md «Ids de 64 bits»): a positive whole number up to 2^53 − 1, the largest a JSON number
 * carries exactly.
 */
export const id64Schema = z.coerce
  .number({ error: 'Debe ser un número entero.' })
  // Before .int(), which in zod 4 also refuses a number past 2^53 − 1, with the wrong words for it.
  .max(Number.MAX_SAFE_INTEGER, { error: MENSAJE_NUMERO_DEMASIADO_GRANDE })
  .int({ error: 'Debe ser un número entero.' })
  .positive({ error: 'Debe ser un número mayor a 0.' });

export const id64ParamsSchema = z.object({ id: id64Schema });

/** Whole Chilean pesos. */
export const pesosSchema = z
  .number({ error: 'Debe ser un monto en pesos.' })
  .int({ error: 'Debe ser un monto en pesos, sin decimales.' })
  .nonnegative({ error: 'El monto no puede ser negativo.' })
  .max(MAX_ENTERO, { error: 'El monto es demasiado grande.' });

/**
 * A whole number given as a number or as text typed the Chilean way ('1.990', '$ 1.990',
 * '1.000' units): text goes through the one parser (numeros.ts), then `schema` checks the
 * range in its own words. `mensajeTipo` answers anything that is neither (absent, a boolean).
 */
export function enteroDesdeTexto<S extends z.ZodType<number, number>>(schema: S, opciones: OpcionesEntero & { mensajeTipo: string }) {
  return z
    .union([z.number(), z.string()], { error: opciones.mensajeTipo })
    .meta({
      description: opciones.pesos
        ? 'Pesos enteros: un número, o un texto como "1990", "1.990" o "$1.990" (sin decimales).'
        : 'Un entero: un número, o un texto como "1000" o "1.000".',
    })
    .transform((v, ctx) => {
      if (typeof v === 'number') return v;
      const r = leerEntero(v, opciones);
      if (r.ok) return r.valor;
      ctx.addIssue({ code: 'custom', message: r.mensaje, input: v });
      return z.NEVER;
    })
    .pipe(schema);
}

/** The keys of a fixed record (labels by code), as the tuple z.enum takes. */
export const clavesDe = <K extends string>(registro: Readonly<Record<K, unknown>>) => Object.keys(registro) as [K, ...K[]];

/** How many rows a list skips (its page times its size). */
export const skipSchema = z.coerce.number().int().min(0).max(MAX_ENTERO, { error: MENSAJE_NUMERO_DEMASIADO_GRANDE }).default(0);

/** A list call's page: the rows it skips and how many it hands out (`porDefecto` unless asked, MAX_PAGE_SIZE at most). */
export const paginaSchema = (porDefecto: number) => ({
  skip: skipSchema,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(porDefecto),
});

export const skipLimitSchema = z.object(paginaSchema(PAGE_SIZE_MINIMARKETS));

/** A read of one shop's data that names it: an administrador or a pyme alike. */
export const minimarketQuerySchema = z.object({ id_minimarket: idSchema });
/** A read of one shop's data: a pyme may leave the shop out (its own); an administrador must give it. */
export const minimarketOpcionalQuerySchema = z.object({ id_minimarket: idSchema.optional() });

/** Optional free text of at most `max` characters: trimmed, and blank counts as absent. */
export const textoOpcionalHasta = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `El texto no puede superar ${max.toLocaleString('es-CL')} caracteres.` })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const textoOpcional = textoOpcionalHasta(2000);

/** A required text; `mensaje` says what is missing ('La comuna es obligatoria.'). */
export const textoRequerido = (mensaje: string) =>
  z.string({ error: mensaje }).trim().min(1, { error: mensaje }).max(200, { error: 'El texto no puede superar 200 caracteres.' });

export const correoSchema = z
  .string({ error: 'El correo es obligatorio.' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Ingresa un correo electrónico válido.' }));

export const PASSWORD_MIN = 8;
export const PASSWORD_HINT = 'Mínimo 8 caracteres, incluye una letra mayúscula y un número';
/** One password rule everywhere (decisions §4): login page, reset page, user form, server. */
export const passwordSchema = z
  .string({ error: 'La contraseña es obligatoria.' })
  .min(PASSWORD_MIN, { error: 'La contraseña debe tener al menos 8 caracteres' })
  .max(128, { error: 'La contraseña no puede superar 128 caracteres' })
  .regex(/[A-ZÁÉÍÓÚÑ]/, { error: 'La contraseña debe incluir una letra mayúscula y un número' })
  .regex(/\d/, { error: 'La contraseña debe incluir una letra mayúscula y un número' });

export const errorSchema = z
  .object({
    detail: z.string(),
    code: z.string(),
    errors: z.array(z.object({ campo: z.string(), mensaje: z.string() })).optional(),
  })
  .meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

export const mensajeSchema = z.object({ message: z.string() }).meta({ id: 'Mensaje' });

/** Why something was done (a void, a return, cash taken out): required, at most 200 characters. */
export const motivoSchema = (mensajeVacio: string) =>
  z
    .string({ error: mensajeVacio })
    .trim()
    .min(1, { error: mensajeVacio })
    .max(200, { error: 'El motivo puede tener a lo más 200 caracteres.' });
