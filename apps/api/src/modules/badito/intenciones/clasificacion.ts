// What the classifier answers: the intent, its slots, and for the fallback why (each motivo has its honest answer).
import type { IntencionBadito } from '@minimarket/contracts/badito';
import type { MetodoPago } from '@minimarket/contracts/comunes';

export type Periodo = 'hoy' | 'ayer' | 'semana' | 'mes';

/** Why a question gets the fallback: each has its honest answer (../respuestas.ts). */
export type Motivo =
  /** No intent at all. */
  | 'sin_intencion'
  /** Words the intent does not explain (in `desconocidas`). */
  | 'desconocidas'
  /** More than MAX_PALABRAS_PREGUNTA words. */
  | 'larga'
  /** Advice, forecasts, the world outside the shop. */
  | 'fuera_de_alcance'
  | 'caja'
  | 'ganancia'
  | 'cambio_precio'
  /** A period Badito does not compute (last week, Monday, March…). */
  | 'periodo'
  /** Two periods: a comparison. */
  | 'comparacion'
  /** A period on stock, which is known only as it is now. */
  | 'periodo_stock'
  /** A period on dead stock, which is a fixed window. */
  | 'periodo_sin_ventas'
  /** A payment method on a figure that does not have one. */
  | 'metodo_no_aplica'
  /** A negation the intent cannot honour. */
  | 'negacion'
  | 'menos_vendido'
  /** A product's name too long to be one. */
  | 'producto_largo'
  /** A period on what customers owe, which is known only as it is now. */
  | 'periodo_deuda';

export interface Clasificacion {
  intencion: IntencionBadito;
  /** The period of a figure (its default when the question names none). */
  periodo: Periodo | null;
  /** The payment methods a sales or ticket figure is limited to; null: all. */
  metodos: MetodoPago[] | null;
  /** For 'producto' (or an unknown question that may be a product's bare name): the words that name it. */
  consultaProducto: string[];
  /** For 'deuda_cliente': the words that name the customer ("juana", "juana perez"). */
  consultaCliente: string[];
  /** For a product: its purchase price was asked too. */
  conCosto: boolean;
  /** A thank-you rather than a greeting (the same intent, another answer). */
  agradecimiento: boolean;
  /** A how-to question that reports a problem: answered, and support offered. */
  conProblema: boolean;
  /** Why the fallback ('desconocida' only). */
  motivo: Motivo | null;
  /** The intent the question leaned to before the fallback (what a 'metodo_no_aplica' was about). */
  casi: IntencionBadito | null;
  /** The words not understood ('desconocidas'). */
  desconocidas: string[];
  /** How well the deciding words matched (0–1); a fallback below CONFIANZA_MINIMA. */
  confianza: number;
}

/** A question not (yet) understood: every rule answers with this and what it found. */
export function sinClasificar(): Clasificacion {
  return {
    intencion: 'desconocida',
    periodo: null,
    metodos: null,
    consultaProducto: [],
    consultaCliente: [],
    conCosto: false,
    agradecimiento: false,
    conProblema: false,
    motivo: 'sin_intencion',
    casi: null,
    desconocidas: [],
    confianza: 0,
  };
}
