// The split payment as the cashier types it (pago dividido, docs/pagos.md): a row per method with
// an amount, the last one left empty meaning "what is left". Read here into the parts the server
// takes (`pagos`), with the server's own messages for what it would refuse.
import { METODOS_PAGO, type MetodoPago } from '@minimarket/contracts/comunes';
import { leerEntero } from '@minimarket/contracts/numeros';
import { redondearEfectivo } from '@minimarket/contracts/redondeo';
import { MENSAJE_PAGO_PARTE_CERO, mensajePagosNoSuman, type Pago } from '@minimarket/contracts/ventas';

export interface ParteEscrita {
  metodo: MetodoPago;
  /** As typed ('3.000', '$3.000'); empty in the last row: the rest. */
  monto: string;
}

/** Each part's amount as read (the last empty one: the rest), null when unreadable. */
export function montosPartes(partes: readonly ParteEscrita[], total: number): Array<number | null> {
  const leidos = partes.map((p) => {
    if (p.monto.trim() === '') return null;
    const r = leerEntero(p.monto, { campo: 'El monto', pesos: true });
    return r.ok ? r.valor : null;
  });
  const ultima = partes.length - 1;
  if (ultima >= 0 && partes[ultima]!.monto.trim() === '') {
    const otros = leidos.slice(0, ultima).reduce<number>((s, m) => s + (m ?? 0), 0);
    leidos[ultima] = total - otros;
  }
  return leidos;
}

/** The parts to send, or why not (in the server's words). */
export function leerPartes(partes: readonly ParteEscrita[], total: number): { ok: true; pagos: Pago[] } | { ok: false; mensaje: string } {
  const montos = montosPartes(partes, total);
  if (montos.some((m) => m === null || m <= 0)) return { ok: false, mensaje: MENSAJE_PAGO_PARTE_CERO };
  const pagos = partes.map((p, i) => ({ metodo_pago: p.metodo, monto: montos[i]! }));
  const suma = pagos.reduce((s, p) => s + p.monto, 0);
  if (suma !== total) return { ok: false, mensaje: mensajePagosNoSuman(suma, total) };
  return { ok: true, pagos };
}

/** The first method no row uses yet (a new row starts with it). */
export const metodoLibre = (partes: readonly ParteEscrita[]) => METODOS_PAGO.find((m) => !partes.some((p) => p.metodo === m)) ?? null;

/**
 * The cash part as it is paid (Ley 20.956, docs/pagos.md): the exact cash part rounded to the ten
 * (`aPagar`), what the rounding adds or takes (`redondeo`), whether what was handed over covers it and
 * the change, out of the rounded cash part only. A cash sale of $3.147 paid with $5.000: $3.150 to
 * pay, +$3, change $1.850. The sale's total stays exact; only the cash changes hands rounded.
 */
export function cobroEfectivo(efectivo: number, recibido: number | null) {
  const aPagar = redondearEfectivo(Math.max(0, efectivo));
  return {
    aPagar,
    redondeo: aPagar - Math.max(0, efectivo),
    alcanza: recibido !== null && recibido >= aPagar,
    vuelto: recibido === null ? 0 : Math.max(0, recibido - aPagar),
  };
}
