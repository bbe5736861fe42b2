// The words of la libreta de fiado: what customers owe.
import type { Termino } from '../terminos.js';

export const FIADO = {
  /**
   * La libreta de fiado: what customers owe. Only words that say it outright choose it ("libreta" is
   * also a product; "debo" is the owner's own debt, not the libreta); "fiado" without a sale does too
   * (the concept fiado of pagos.ts).
   */
  deuda: [
    '=debe',
    '=deben',
    '=debia',
    '=debian',
    '=deba',
    '=deban',
    '=adeuda',
    '=adeudan',
    'deuda',
    'deudas',
    'deudor',
    'deudores',
    'deudora',
    'deudoras',
    'por cobrar',
    'cuentas por cobrar',
    'moroso',
    'morosos',
    'morosa',
    'morosas',
  ],
} satisfies Record<string, Termino[]>;
