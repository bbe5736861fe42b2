import { z } from 'zod';
import {
  correoSchema,
  ESTADOS,
  MAX_PAGE_SIZE,
  MENSAJE_NUMERO_DEMASIADO_GRANDE,
  mensajeSchema,
  PAGE_SIZE_USUARIOS,
  passwordSchema,
  ROLES,
  ROLES_CUENTA,
  textoOpcional,
  textoRequerido,
} from './comunes.js';
import { rutSchema } from './rut.js';
import { MAX_ENTERO } from './reglas.js';

export const usuarioSchema = z
  .object({
    id_usuario: z.number().int(),
    nombre: z.string(),
    correo: z.string(),
    empresa: z.string(),
    direccion: z.string().nullable(),
    rut_usuario: z.string(),
    rut_empresa: z.string(),
    rol: z.enum(ROLES_CUENTA),
    descripcion: z.string().nullable(),
    estado: z.enum(ESTADOS),
    fecha_creacion: z.iso.datetime(),
  })
  .meta({ id: 'Usuario' });
export type Usuario = z.infer<typeof usuarioSchema>;

/**
 * GET /users/me: the user plus the shops they work in (a pyme's own, a cashier's one), so the client
 * knows its id_minimarket. A cashier may have no e-mail, company or RUT.
 */
export const usuarioActualSchema = usuarioSchema
  .extend({
    rol: z.enum(ROLES),
    correo: z.string().nullable(),
    empresa: z.string().nullable(),
    rut_usuario: z.string().nullable(),
    rut_empresa: z.string().nullable(),
    minimarkets: z.array(z.object({ id_minimarket: z.number().int(), nombre_minimarket: z.string() })),
    /** Whether this person has a PIN at their shop (an owner sets theirs in Mi perfil). */
    tiene_pin: z.boolean(),
  })
  .meta({ id: 'UsuarioActual' });
export type UsuarioActual = z.infer<typeof usuarioActualSchema>;

// A cashier is created from its shop's page (POST /minimarkets/{id}/cajeros), never here.
const rolSchema = z.enum(ROLES_CUENTA, { error: 'El rol debe ser administrador o pyme.' });
const estadoSchema = z.enum(ESTADOS, { error: 'El estado debe ser activo o inactivo.' });

export const usuarioCreateSchema = z.object({
  nombre: textoRequerido('El nombre es obligatorio.'),
  correo: correoSchema,
  empresa: textoRequerido('La empresa es obligatoria.'),
  rol: rolSchema,
  contrasena: passwordSchema,
  rut_usuario: rutSchema('El RUT del usuario'),
  rut_empresa: rutSchema('El RUT de la empresa'),
  direccion: textoOpcional,
  descripcion: textoOpcional,
  // New users are always activo (spec §9); the field is accepted and must say so.
  estado: z.literal('activo', { error: 'Un usuario nuevo siempre queda activo.' }).default('activo'),
});
export type UsuarioCreate = z.input<typeof usuarioCreateSchema>;

/** PUT /users/{id}: only the fields sent change; the RUTs are read-only after creation. */
export const usuarioUpdateSchema = z
  .object({
    nombre: textoRequerido('El nombre es obligatorio.'),
    correo: correoSchema,
    empresa: textoRequerido('La empresa es obligatoria.'),
    rol: rolSchema,
    contrasena: passwordSchema,
    direccion: textoOpcional,
    descripcion: textoOpcional,
    estado: estadoSchema,
  })
  .partial();
export type UsuarioUpdate = z.input<typeof usuarioUpdateSchema>;

/** PUT /users/me: what anyone may change of their own account. */
export const perfilUpdateSchema = z
  .object({
    nombre: textoRequerido('El nombre es obligatorio.'),
    direccion: textoOpcional,
    descripcion: textoOpcional,
  })
  .partial();

export const cambioContrasenaSchema = z.object({
  contrasena_actual: z.string().min(1, { error: 'Ingresa tu contraseña actual.' }),
  nueva_contrasena: passwordSchema,
});

/** POST /users/me/password: the other sessions end; this one goes on with the new token. */
export const cambioContrasenaRespuestaSchema = mensajeSchema.extend({ access_token: z.string() });

export const usuariosQuerySchema = z.object({
  // Pages past this would skip more rows than any list holds (and more than an integer).
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.floor(MAX_ENTERO / MAX_PAGE_SIZE), { error: MENSAJE_NUMERO_DEMASIADO_GRANDE })
    .default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE_USUARIOS),
  search: z.string().trim().max(100).optional(),
  rol: rolSchema.optional(),
  estado: estadoSchema.optional(),
});

export const usuariosListSchema = z.object({ users: z.array(usuarioSchema), total: z.number().int() }).meta({ id: 'ListaUsuarios' });

export const estadisticaUsuariosSchema = z
  .object({
    total: z.number().int(),
    por_rol: z.object({ administrador: z.number().int(), pyme: z.number().int() }),
    por_estado: z.object({ activo: z.number().int(), inactivo: z.number().int() }),
    /** New users per month, oldest first, 'YYYY-MM' in America/Santiago. */
    nuevos_por_mes: z.array(z.object({ mes: z.string(), cantidad: z.number().int() })),
    ultimos: z.array(usuarioSchema),
  })
  .meta({ id: 'EstadisticaUsuarios' });
