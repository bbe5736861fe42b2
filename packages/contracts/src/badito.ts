// Badito, the assistant of the help panel (POST /api/badito): it answers in Spanish from the
// caller's own shop data, with no outside service.
import { z } from 'zod';
import { idSchema, METODOS_PAGO } from './comunes.js';

/** A question, not a letter: longer messages are refused before any work (422). */
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

/**
 * What Badito understood. Sales, ticket, best sellers and payment methods come per period (today,
 * yesterday, this week from Monday, this month from day 1); sales and ticket may also be limited to
 * some payment methods (`metodos_pago` in the answer). 'desconocida' is the honest fallback.
 */
export const INTENCIONES_BADITO = [
  'ventas_hoy',
  'ventas_ayer',
  'ventas_semana',
  'ventas_mes',
  'ticket_hoy',
  'ticket_ayer',
  'ticket_semana',
  'ticket_mes',
  'mas_vendido_hoy',
  'mas_vendido_ayer',
  'mas_vendido_semana',
  'mas_vendido_mes',
  'metodo_pago_hoy',
  'metodo_pago_ayer',
  'metodo_pago_semana',
  'metodo_pago_mes',
  // Discounts given at the counter (issue 32): their pesos, in how many sales.
  'descuentos_hoy',
  'descuentos_ayer',
  'descuentos_semana',
  'descuentos_mes',
  'agotados',
  'stock_bajo',
  'sin_ventas',
  'producto',
  // La libreta de fiado (docs/fiado.md), from the view cuenta_cliente: what all customers owe, who
  // owes most, what one customer (named in the question) owes.
  'por_cobrar',
  'mayores_deudores',
  'deuda_cliente',
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
    /** The payment methods a sales or ticket figure is limited to ("¿cuánto vendí ayer en efectivo?"); absent: all. */
    metodos_pago: z.array(z.enum(METODOS_PAGO)).optional(),
    /** Follow-up questions the panel offers as chips. */
    sugerencias: z.array(z.string()).optional(),
    /**
     * True when Badito could not answer (it says so, never another question's figure): the panel
     * offers 'Hablar con soporte' to pass the question on.
     */
    derivar_a_soporte: z.boolean(),
  })
  .meta({ id: 'RespuestaBadito' });
export type BaditoRespuesta = z.infer<typeof baditoRespuestaSchema>;
