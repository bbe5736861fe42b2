// Cash rounding (Ley 20.956, art. 13; issue 32, docs/pagos.md «El redondeo del efectivo»). Since
// 1 November 2017 a purchase paid in cash is rounded to the nearest ten: a final digit of 1 to 5 goes
// down, 6 to 9 goes up ($135 → $130, $786 → $790). Only cash: cards, transfers and every other method
// pay the exact amount. The rounding has no tax effect: the boleta keeps the exact total. The one
// rule for the till, the offline till, the server (its SQL twin prisma/funciones/redondear_efectivo.sql)
// and refunds, so every one of them agrees to the peso.

/** A cash amount as it is paid: to the ten, 1–5 down and 6–9 up. Amounts are whole pesos ≥ 0. */
export function redondearEfectivo(monto: number): number {
  if (!Number.isSafeInteger(monto) || monto < 0) throw new RangeError(`Monto en efectivo no válido: ${monto}`);
  const unidad = monto % 10;
  return unidad <= 5 ? monto - unidad : monto + (10 - unidad);
}

/** What the rounding adds (positive) or takes (negative) from a cash amount: −5 to +4. */
export const redondeoEfectivo = (monto: number) => redondearEfectivo(monto) - monto;

/** The words every screen uses for it. */
export const ETIQUETA_REDONDEO = 'Redondeo (Ley 20.956)';
