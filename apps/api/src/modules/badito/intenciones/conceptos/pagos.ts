// The words of the payment methods, of fiado as a way of selling, and of the methods themselves as the question.
import type { Termino } from '../terminos.js';

export const PAGOS = {
  // Payment methods: "tarjeta" is both cards unless one is named.
  efectivo: ['efectivo', 'cash', 'contado', 'billete', 'billetes', 'lucas en mano'],
  tarjeta: ['tarjeta', 'tarjetas', 'transbank', 'maquinita'],
  debito: ['debito', 'redcompra', 'debit'],
  credito: ['credito', 'credit'],
  transferencia: ['transferencia', 'transferencias', 'transfer', 'transferido', 'transferidos', 'transferida', 'transferidas'],
  /**
   * Fiado, the payment method of la libreta. Next to a sale ("¿cuánto vendí fiado?", "ventas fiadas",
   * "al fiado") it is a method like efectivo; without one ("¿cuánto tengo fiado?") it is what customers
   * owe now (esVentaFiada in ../pagos.ts).
   */
  fiado: ['=fiado', '=fiados', '=fiada', '=fiadas', '=fiao', '=fiaos'],
  /**
   * The words of `ventas` that surely say selling: "¿cuánto vendí fiado?" is a sale, while "¿cuánto llevo
   * fiado?" or "¿cuánta plata fiada?" may be what is owed (not guessed: the libreta's answer).
   */
  vender: ['~vender', '~venta', 'vendido', 'vendida', 'vendidos', 'vendidas', '~boleta', '~facturar', 'facture'],
  /** Selling on credit said with its own verb ("¿cuánto fié este mes?"): a sale, paid with Fiado. */
  fiar: ['=fie', '=fiamos', '=fiaron', '=fio', '=fiaste', '=fiar', '=fiando'],
  /** The payment methods themselves as the question ("¿cómo me pagan?"). */
  metodoGenerico: [
    'metodo',
    'metodos',
    'metodo de pago',
    'metodos de pago',
    'medio de pago',
    'medios de pago',
    'forma de pago',
    'formas de pago',
    'como me pagan',
    'como pagan',
    'como me pagaron',
    'como pagaron',
    'con que pagan',
    'con que me pagan',
    'con que me pagaron',
    'desglose',
    'usan',
    'usa',
    'usado',
    'usada',
    'usados',
    'usadas',
    'uso',
    'ocupan',
  ],
} satisfies Record<string, Termino[]>;
