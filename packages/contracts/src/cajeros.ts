// Cashiers and PINs (issue 31, docs/cajeros.md): the people of a shop who sell at its till, the PIN
// that switches who is selling at a shared till, and the owner's PIN that approves what a cashier may
// not do alone. The API, the web's forms and the PIN pad refuse the same input in the same words.
import { z } from 'zod';
import { correoSchema, idSchema, passwordSchema, textoRequerido } from './comunes.js';

export const PIN_MIN_DIGITOS = 4;
export const PIN_MAX_DIGITOS = 6;
export const MENSAJE_PIN_INVALIDO = 'El PIN debe tener de 4 a 6 dígitos.';
export const MENSAJE_PIN_INCORRECTO = 'PIN incorrecto.';
export const MENSAJE_PIN_DUPLICADO = 'Ese PIN ya lo usa otra persona de la tienda. Elige otro.';
/** The owner's PIN asked for an approval was not theirs (403, code AUTORIZACION_INVALIDA). */
export const MENSAJE_AUTORIZACION_INVALIDA = 'El PIN no es el del dueño de la tienda. No se hizo ningún cambio.';
export const MENSAJE_DUENO_SIN_PIN = 'El dueño de la tienda aún no tiene PIN: debe crearlo en Mi perfil para poder autorizar.';
export const MENSAJE_CAJERO_CON_VENTAS =
  'Este cajero ya vendió o movió caja o stock: desactívalo en vez de eliminarlo, así su historial queda con su nombre.';
export const MENSAJE_CAJERO_NO_ENCONTRADO = 'Cajero no encontrado.';

/** A PIN as typed on the pad: 4 to 6 digits, as text (a leading 0 counts). */
export const pinSchema = z
  .string({ error: MENSAJE_PIN_INVALIDO })
  .regex(new RegExp(`^\\d{${PIN_MIN_DIGITOS},${PIN_MAX_DIGITOS}}$`), { error: MENSAJE_PIN_INVALIDO });

/**
 * The owner's approval carried in the body of an approvable request (a cashier's void, return, cash
 * withdrawal, fiado past the limit): the owner's PIN given at that moment.
 */
export const autorizacionSchema = z.object({ pin: pinSchema }).meta({ id: 'Autorizacion' });
export type Autorizacion = z.infer<typeof autorizacionSchema>;

/** What needs the owner's say when a cashier does it; the words of the 403 REQUIERE_AUTORIZACION. */
export const ACCIONES_AUTORIZABLES = {
  anulacion: 'Anular una venta',
  devolucion: 'Devolver productos de una venta',
  retiro_caja: 'Retirar efectivo de la caja',
  fiado_sobre_limite: 'Fiar por sobre el límite del cliente',
  descuento_sobre_tope: 'Un descuento por sobre el tope de la tienda',
} as const;
export type AccionAutorizable = keyof typeof ACCIONES_AUTORIZABLES;
export const CODIGO_REQUIERE_AUTORIZACION = 'REQUIERE_AUTORIZACION';
export const mensajeRequiereAutorizacion = (accion: AccionAutorizable) =>
  `${ACCIONES_AUTORIZABLES[accion]} requiere la autorización del dueño: pídele que ingrese su PIN.`;

const activoSchema = z.boolean({ error: 'Indica si el cajero está activo.' });

/** A cashier may also sign in from another device with an e-mail and a password: both or neither. */
const accesoOpcional = {
  correo: correoSchema.optional(),
  contrasena: passwordSchema.optional(),
};
const MENSAJE_CORREO_Y_CONTRASENA = 'Para entrar desde otro equipo, indica el correo y la contraseña.';

export const cajeroCreateSchema = z
  .object({
    nombre: textoRequerido('El nombre es obligatorio.'),
    pin: pinSchema,
    ...accesoOpcional,
  })
  .refine((c) => (c.correo === undefined) === (c.contrasena === undefined), {
    error: MENSAJE_CORREO_Y_CONTRASENA,
    path: ['contrasena'],
  });
export type CajeroCreate = z.input<typeof cajeroCreateSchema>;

export const cajeroUpdateSchema = z
  .object({
    nombre: textoRequerido('El nombre es obligatorio.'),
    pin: pinSchema,
    activo: activoSchema,
    /** null removes the e-mail and password: the cashier then enters by PIN only. */
    correo: correoSchema.nullable(),
    contrasena: passwordSchema,
  })
  .partial()
  .refine((c) => Object.keys(c).length > 0, { error: 'Indica qué cambiar.' });
export type CajeroUpdate = z.input<typeof cajeroUpdateSchema>;

export const cajeroSchema = z
  .object({
    id_usuario: z.number().int(),
    nombre: z.string(),
    rol: z.literal('cajero'),
    id_minimarket: z.number().int(),
    activo: z.boolean(),
    correo: z.string().nullable(),
    fecha_creacion: z.iso.datetime(),
  })
  .meta({ id: 'Cajero' });
export type Cajero = z.infer<typeof cajeroSchema>;

export const cajerosListSchema = z.object({ cajeros: z.array(cajeroSchema), total: z.number().int() }).meta({ id: 'ListaCajeros' });

export const cajeroParamsSchema = z.object({ id: idSchema, id_usuario: idSchema });

/** PUT /auth/pin: the caller's own PIN (a shop owner), confirmed with their password. */
export const pinPropioSchema = z.object({
  pin: pinSchema,
  contrasena: z.string({ error: 'Ingresa tu contraseña.' }).min(1, { error: 'Ingresa tu contraseña.' }),
});

/** POST /auth/pin: who is selling now at this shop's till. */
export const pinIngresoSchema = z.object({ id_minimarket: idSchema, pin: pinSchema });

export const pinTokenSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    usuario: z.object({ id_usuario: z.number().int(), nombre: z.string(), rol: z.enum(['pyme', 'cajero']) }),
  })
  .meta({ id: 'TokenPin' });
export type PinToken = z.infer<typeof pinTokenSchema>;
