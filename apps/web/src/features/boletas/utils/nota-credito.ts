// A nota de crédito's words (issue 32): its title, the boleta it references, and what the void and
// return dialogs say before confirming, when the sale has an electronic boleta. Pure functions.
import type { BoletaElectronica, NotaCredito } from '@minimarket/contracts/boletas';
import type { Venta } from '@minimarket/contracts/ventas';
import { formatClp, formatFecha } from '../../../utils/format';

/** «boleta electrónica N° 456», «boleta exenta electrónica N° 7»; without a folio yet, that it has none. */
function nombreBoleta(b: { tipo: number; folio: number | null }): string {
  const tipo = b.tipo === 41 ? 'boleta exenta electrónica' : 'boleta electrónica';
  return b.folio === null ? `${tipo} de esta venta (aún sin folio)` : `${tipo} N° ${b.folio}`;
}

/** «Nota de crédito N° 88», «Nota de crédito (en proceso)». */
export const tituloNota = (n: Pick<NotaCredito, 'folio'>) =>
  n.folio === null ? 'Nota de crédito (en proceso)' : `Nota de crédito N° ${n.folio}`;

/** The paper's reference line: «Referencia: Boleta electrónica N° 456 del 24-11-2026». */
export function referenciaNota(n: Pick<NotaCredito, 'referencia'>): string {
  const boleta = nombreBoleta(n.referencia);
  const texto = n.referencia.folio === null ? boleta : `${boleta} del ${formatFecha(n.referencia.fecha)}`;
  return `Referencia: ${texto.charAt(0).toUpperCase()}${texto.slice(1)}`;
}

/** What the returns of a sale already credited: their lines at the price paid (as encolar_nota_credito sums them). */
const acreditadoPorDevoluciones = (v: Pick<Venta, 'devoluciones'>) =>
  (v.devoluciones ?? []).reduce((s, d) => s + d.detalles.reduce((t, x) => t + x.subtotal, 0), 0);

/**
 * What the void dialog says before confirming, when the sale has an electronic boleta: the nota de
 * crédito credits what the boleta charged less what returns already credited, and annuls the boleta
 * when nothing was credited before (else it corrects its amounts). null: no boleta, no nota.
 */
export function avisoNotaAnulacion(
  venta: Pick<Venta, 'devoluciones'>,
  boleta: Pick<BoletaElectronica, 'tipo' | 'folio' | 'total'> | null,
): string | null {
  if (!boleta) return null;
  const devuelto = acreditadoPorDevoluciones(venta);
  const monto = Math.max(0, boleta.total - devuelto);
  if (monto === 0) return null;
  return `Se emitirá una nota de crédito por ${formatClp(monto)} que ${devuelto === 0 ? 'anula' : 'corrige'} la ${nombreBoleta(boleta)}.`;
}

/** What the return dialog says before confirming: a nota de crédito for what comes back, correcting the boleta. */
export function avisoNotaDevolucion(monto: number, boleta: Pick<BoletaElectronica, 'tipo' | 'folio'> | null): string | null {
  if (!boleta || monto <= 0) return null;
  return `Se emitirá una nota de crédito por ${formatClp(monto)} que corrige la ${nombreBoleta(boleta)}.`;
}

/** Where a nota de crédito is printed: its own page, with its shop in the URL. */
export const rutaNotaCredito = (n: Pick<NotaCredito, 'id_minimarket' | 'id_documento'>) =>
  `/pos/comprobante/nota-credito-${n.id_documento}?tienda=${n.id_minimarket}`;

/** A sale that may have notas de crédito: voided, or with a return. */
export const puedeTenerNotas = (v: Pick<Venta, 'estado_venta' | 'devoluciones'>) =>
  v.estado_venta !== 'Completada' || (v.devoluciones ?? []).length > 0;
