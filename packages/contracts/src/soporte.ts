// Support: conversations between a shop and the administradores (/api/soporte), and the
// 'Agregar Producto' ticket of the new-product screen, which opens one (decisions §7).
import { z } from 'zod';
import { enteroDesdeTexto, idSchema, paginaSchema, textoOpcional } from './comunes.js';
import { LIMITES_PRODUCTO } from './reglas.js';

/** POST /api/soporte/tickets-producto → the created ticket (201). */
export const RUTA_TICKET_PRODUCTO = '/soporte/tickets-producto';

export const MENSAJE_TICKET_NOMBRE_REQUERIDO = 'El nombre del producto es requerido';
export const MENSAJE_TICKET_PRECIO_REQUERIDO = 'El precio es requerido';
export const MENSAJE_TICKET_PRECIO_INVALIDO = 'El precio debe ser un número mayor a 0';

export const ticketProductoSchema = z.object({
  id_minimarket: idSchema,
  codigo_barra: z.string().trim().max(LIMITES_PRODUCTO.codigoBarra).optional().nullable(),
  nombre_producto: z
    .string({ error: MENSAJE_TICKET_NOMBRE_REQUERIDO })
    .trim()
    .min(1, { error: MENSAJE_TICKET_NOMBRE_REQUERIDO })
    .max(LIMITES_PRODUCTO.nombre),
  precio: enteroDesdeTexto(
    z
      .number()
      .int({ error: MENSAJE_TICKET_PRECIO_INVALIDO })
      .positive({ error: MENSAJE_TICKET_PRECIO_INVALIDO })
      .max(LIMITES_PRODUCTO.precio, { error: 'El precio es demasiado alto.' }),
    { campo: 'El precio', pesos: true, mensajeTipo: MENSAJE_TICKET_PRECIO_INVALIDO },
  ),
  marca: textoOpcional,
  descripcion: textoOpcional,
});
export type TicketProducto = z.input<typeof ticketProductoSchema>;

// ---------------------------------------------------------------------------------------------
// Conversations

export const PRIORIDADES = ['Alta', 'Media', 'Baja'] as const;
export type Prioridad = (typeof PRIORIDADES)[number];
export const ESTADOS_CONVERSACION = ['Activo', 'Pendiente', 'Resuelto'] as const;
export type EstadoConversacion = (typeof ESTADOS_CONVERSACION)[number];
export const ORDENES_CONVERSACION = ['reciente', 'antiguo', 'prioridad'] as const;

export const MAX_TEXTO_MENSAJE = 4000;
export const MAX_ASUNTO = 200;
export const MENSAJE_TEXTO_VACIO = 'Escribe un mensaje.';
export const MENSAJE_TEXTO_LARGO = 'El mensaje puede tener a lo más 4.000 caracteres.';
export const MENSAJE_ASUNTO_VACIO = 'Escribe el asunto.';
export const MENSAJE_ASUNTO_LARGO = `El asunto puede tener a lo más ${MAX_ASUNTO} caracteres.`;
export const MENSAJE_CONVERSACION_NO_ENCONTRADA = 'La conversación no existe.';
export const MENSAJE_PATCH_VACIO = 'Indica el estado o la prioridad.';
/** Conversations per page at /chats. */
export const PAGE_SIZE_CHATS = 10;

export const textoMensajeSchema = z
  .string({ error: MENSAJE_TEXTO_VACIO })
  .trim()
  .min(1, { error: MENSAJE_TEXTO_VACIO })
  .max(MAX_TEXTO_MENSAJE, { error: MENSAJE_TEXTO_LARGO });

const prioridadSchema = z.enum(PRIORIDADES, { error: 'La prioridad es Alta, Media o Baja.' });
const estadoSchema = z.enum(ESTADOS_CONVERSACION, { error: 'El estado es Activo, Pendiente o Resuelto.' });

/** POST /api/soporte/conversaciones (pyme): opens a conversation for the caller's shop. */
export const conversacionCreateSchema = z.object({
  asunto: z
    .string({ error: MENSAJE_ASUNTO_VACIO })
    .trim()
    .min(1, { error: MENSAJE_ASUNTO_VACIO })
    .max(MAX_ASUNTO, { error: MENSAJE_ASUNTO_LARGO }),
  mensaje: textoMensajeSchema,
  prioridad: prioridadSchema.default('Media'),
  /** The caller's shop; a pyme with one shop may leave it out. */
  id_minimarket: idSchema.optional(),
});
export type ConversacionCreate = z.input<typeof conversacionCreateSchema>;

export const conversacionesQuerySchema = z.object({
  /** Part of the subject, the user's name or the shop's name (accents and case ignored). */
  search: z.string().trim().max(100).optional(),
  orden: z.enum(ORDENES_CONVERSACION, { error: 'Ordena por reciente, antiguo o prioridad.' }).default('reciente'),
  estado: estadoSchema.optional(),
  /** Administradores only: one user's conversations (the chat detail's history). */
  id_usuario: idSchema.optional(),
  ...paginaSchema(PAGE_SIZE_CHATS),
});
export type ConversacionesQuery = z.input<typeof conversacionesQuerySchema>;

export const conversacionSchema = z
  .object({
    id_conversacion: z.number().int(),
    asunto: z.string(),
    estado: z.enum(ESTADOS_CONVERSACION),
    prioridad: z.enum(PRIORIDADES),
    id_usuario: z.number().int(),
    nombre_usuario: z.string(),
    id_minimarket: z.number().int(),
    nombre_minimarket: z.string(),
    ultimo_mensaje: z.string(),
    /** ISO instant. */
    fecha_ultimo_mensaje: z.string(),
    fecha_creacion: z.string(),
    /** Messages from the other side the caller has not read. */
    no_leidos: z.number().int(),
  })
  .meta({ id: 'Conversacion' });
export type Conversacion = z.infer<typeof conversacionSchema>;

export const mensajeSoporteSchema = z
  .object({
    id_mensaje: z.number().int(),
    id_conversacion: z.number().int(),
    id_usuario: z.number().int(),
    nombre: z.string(),
    rol: z.enum(['administrador', 'pyme']),
    texto: z.string(),
    fecha: z.string(),
  })
  .meta({ id: 'MensajeSoporte' });
export type MensajeSoporte = z.infer<typeof mensajeSoporteSchema>;

/** One conversation with its messages (oldest first) and who it is with, for the chat detail. */
export const conversacionDetalleSchema = conversacionSchema
  .extend({
    mensajes: z.array(mensajeSoporteSchema),
    correo_usuario: z.string(),
    comuna: z.string(),
    direccion: z.string(),
  })
  .meta({ id: 'ConversacionDetalle' });
export type ConversacionDetalle = z.infer<typeof conversacionDetalleSchema>;

export const mensajeCreateSchema = z.object({ texto: textoMensajeSchema });

/** PATCH /api/soporte/conversaciones/{id} (administrador). */
export const conversacionPatchSchema = z
  .object({ estado: estadoSchema.optional(), prioridad: prioridadSchema.optional() })
  .refine((p) => p.estado !== undefined || p.prioridad !== undefined, { error: MENSAJE_PATCH_VACIO });

/** GET /api/soporte/no-leidos: what the sidebar badge counts. */
export const noLeidosSchema = z.object({ conversaciones: z.number().int(), mensajes: z.number().int() }).meta({ id: 'SoporteNoLeidos' });
export type NoLeidos = z.infer<typeof noLeidosSchema>;

/**
 * GET /api/soporte/eventos: server-sent events, one JSON `data:` per event. `mensaje` brings the new
 * message; `conversacion` the conversation as it is now (a new one, a status or priority change);
 * `refrescar` says events may have been missed (the server's listener reconnected): ask again for
 * the lists and the open conversation.
 */
export const eventoSoporteSchema = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('mensaje'), id_conversacion: z.number().int(), mensaje: mensajeSoporteSchema }),
  z.object({ tipo: z.literal('conversacion'), id_conversacion: z.number().int(), conversacion: conversacionSchema }),
  z.object({ tipo: z.literal('refrescar') }),
]);
export type EventoSoporte = z.infer<typeof eventoSoporteSchema>;

/** POST /api/soporte/eventos/ticket: a ticket that opens one event stream, once, within 60 s. */
export const ticketEventosSchema = z.object({ ticket: z.string(), expira_en: z.string() });
/** GET /api/soporte/eventos?ticket= (EventSource cannot send the Authorization header). */
export const eventosQuerySchema = z.object({ ticket: z.string().max(4096).optional() });
/** GET /api/soporte/eventos answers text/event-stream, not JSON (the events are eventoSoporteSchema). */
export const flujoEventosSchema = z.string();

/** The 'Agregar Producto' ticket answers with the conversation it opened (201). */
export const ticketProductoRespuestaSchema = conversacionSchema;

/** The ticket's first message: what support needs to add the product. */
export function mensajeTicketProducto(t: {
  nombre_producto: string;
  precio: number;
  codigo_barra?: string | null;
  marca?: string | null;
  descripcion?: string | null;
}) {
  return [
    'Solicitud para agregar un producto:',
    `Nombre: ${t.nombre_producto}`,
    `Precio: $${t.precio.toLocaleString('es-CL')}`,
    `Código de barras: ${t.codigo_barra || 'sin código'}`,
    ...(t.marca ? [`Marca: ${t.marca}`] : []),
    ...(t.descripcion ? [`Descripción: ${t.descripcion}`] : []),
  ].join('\n');
}
