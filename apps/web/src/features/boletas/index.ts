// A nota de crédito's words, for Transacciones (the void and return dialogs, «Imprimir nota de crédito»)
// and its printed paper (features/ventas/components/comprobante).
export {
  avisoNotaAnulacion,
  avisoNotaDevolucion,
  puedeTenerNotas,
  referenciaNota,
  rutaNotaCredito,
  tituloNota,
} from './utils/nota-credito';
