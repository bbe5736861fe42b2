// The words of a cash count, as pure functions: what a difference is called and what a shift's
// cash figures add up to, line by line, in the order the close report prints them.
import type { Turno } from '@minimarket/contracts/caja';
import { ETIQUETA_REDONDEO } from '@minimarket/contracts/redondeo';

export type TipoDiferencia = 'cuadra' | 'sobrante' | 'faltante';

/** diferencia = contado − esperado: positive is money over (sobrante), negative is money short (faltante). */
export function tipoDiferencia(diferencia: number): TipoDiferencia {
  if (diferencia > 0) return 'sobrante';
  if (diferencia < 0) return 'faltante';
  return 'cuadra';
}

export const ETIQUETA_DIFERENCIA: Record<TipoDiferencia, string> = {
  cuadra: 'Sin diferencia',
  sobrante: 'Sobrante',
  faltante: 'Faltante',
};

export interface FilaEfectivo {
  etiqueta: string;
  /** Signed as it moves the expected cash: refunds and withdrawals are negative. */
  monto: number;
  total?: boolean;
}

/**
 * The cash lines of a shift, from the starting cash to the expected amount (docs/caja.md), the cash
 * rounding among them (it is in the expected cash: docs/pagos.md). A figure the
 * server keeps from a cashier (a blind count: null; docs/cajeros.md «Arqueo ciego») is left out, never
 * shown as $0; without the expected cash there is no total line either.
 */
export function filasEfectivo(
  turno: Pick<
    Turno,
    'monto_inicial' | 'ventas_efectivo' | 'abonos_efectivo' | 'devoluciones_efectivo' | 'ingresos' | 'retiros' | 'esperado_efectivo'
  > & {
    /** The cash rounding of the shift (Ley 20.956); null for a cashier (a blind count); absent: a report from before it. */
    redondeo?: number | null;
  },
): FilaEfectivo[] {
  const filas: Array<{ etiqueta: string; monto: number | null; total?: boolean }> = [
    { etiqueta: 'Efectivo inicial', monto: turno.monto_inicial },
    { etiqueta: 'Ventas en efectivo', monto: turno.ventas_efectivo },
    // Cash paid on customers' accounts (la libreta) is cash in the till; a fiado sale never is.
    { etiqueta: 'Abonos de clientes en efectivo', monto: turno.abonos_efectivo },
    { etiqueta: 'Devoluciones en efectivo', monto: turno.devoluciones_efectivo === null ? null : -turno.devoluciones_efectivo },
    { etiqueta: 'Ingresos de efectivo', monto: turno.ingresos },
    { etiqueta: 'Retiros de efectivo', monto: -turno.retiros },
    // Cash changes hands rounded to the ten (Ley 20.956): what that added to or took from the till.
    { etiqueta: ETIQUETA_REDONDEO, monto: turno.redondeo ?? null },
    { etiqueta: 'Efectivo esperado', monto: turno.esperado_efectivo, total: true },
  ];
  return filas.filter((f): f is FilaEfectivo => f.monto !== null);
}

/** A shift whose figures were kept from the person who counts it (a cashier's blind count). */
export function esConteoCiego(turno: Pick<Turno, 'esperado_efectivo'>): boolean {
  return turno.esperado_efectivo === null;
}
