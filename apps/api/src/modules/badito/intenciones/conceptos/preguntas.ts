// The words of what kind of question it is: how much (a figure) or how (a how-to).
import type { Termino } from '../terminos.js';

export const PREGUNTAS = {
  cuanto: ['cuanto', 'cuanta', 'cuantos', 'cuantas', 'total', 'monto', 'que tanto', 'numero', 'cifra', 'resumen'],
  como: [
    'como',
    'donde',
    'pasos',
    'tutorial',
    'ensename',
    'explicame',
    'ayudame',
    'instrucciones',
    'puedo',
    'hago',
    'hacer',
    'debo',
    'tengo que',
    'leo',
    'leer',
    'veo',
    'entiendo',
    'interpreto',
    'usar',
    'funciona',
    'funcionan',
  ],
} satisfies Record<string, Termino[]>;
