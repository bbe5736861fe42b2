// Badito, the assistant of the help panel (POST /api/badito): it answers in Spanish from the
// caller's own shop data, with no outside service.
import { z } from 'zod';
import { idSchema } from './comunes.js';

export const MAX_MENSAJE_BADITO = 500;
export const MENSAJE_BADITO_VACIO = 'Escribe una pregunta.';

export const baditoPreguntaSchema = z.object({
  mensaje: z
    .string({ error: MENSAJE_BADITO_VACIO })
    .trim()
    .min(1, { error: MENSAJE_BADITO_VACIO })
    .max(MAX_MENSAJE_BADITO, { error: `La pregunta puede tener a lo más ${MAX_MENSAJE_BADITO} caracteres.` }),
  /** The shop asked about: a pyme may leave it out; an administrador names one (or asks only how-to questions). */
  id_minimarket: idSchema.optional(),
});
export type BaditoPregunta = z.input<typeof baditoPreguntaSchema>;

/** What Badito understood. */
export const INTENCIONES_BADITO = [
  'ventas_hoy',
  'ventas_ayer',
  'ventas_semana',
  'ventas_mes',
  'ticket_hoy',
  'ticket_ayer',
  'ticket_semana',
  'ticket_mes',
  'mas_vendido_semana',
  'mas_vendido_mes',
  'agotados',
  'stock_bajo',
  'producto',
  'metodo_pago_mes',
  'ayuda_cargar',
  'ayuda_vender',
  'ayuda_producto',
  'ayuda_recomendaciones',
  'saludo',
  'capacidades',
  'desconocida',
] as const;
export type IntencionBadito = (typeof INTENCIONES_BADITO)[number];

export const baditoRespuestaSchema = z
  .object({
    respuesta: z.string(),
    intencion: z.enum(INTENCIONES_BADITO),
    /** Follow-up questions the panel offers as chips. */
    sugerencias: z.array(z.string()).optional(),
    /** True when Badito could not answer: the panel offers to pass the question to support. */
    derivar_a_soporte: z.boolean(),
  })
  .meta({ id: 'RespuestaBadito' });
export type BaditoRespuesta = z.infer<typeof baditoRespuestaSchema>;
