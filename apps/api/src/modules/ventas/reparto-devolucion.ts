// Where a return of a split sale gives the money back (pago dividido, docs/pagos.md): first to the
// customer's account (the shop was never paid that part), then in cash (what a shop hands back over
// the counter), then card and transfer parts (reversed on the terminal or by transfer). Each part
// gives back at most what it took less what earlier returns gave back from it, so no part is ever
// refunded beyond itself and the last return settles the sale to the peso.
import type { MetodoPago } from '@minimarket/contracts/comunes';
import type { Pago } from '@minimarket/contracts/ventas';

export const ORDEN_REEMBOLSO: readonly MetodoPago[] = [
  'Fiado',
  'Efectivo',
  'Tarjeta de Débito',
  'Tarjeta de Crédito',
  'Transferencia Bancaria',
];

/** `total` split over the sale's `partes` in ORDEN_REEMBOLSO, given what each part already gave back. */
export function repartirDevolucion(total: number, partes: readonly Pago[], yaDevuelto: readonly Pago[]): Pago[] {
  let falta = total;
  const reparto: Pago[] = [];
  for (const metodo of ORDEN_REEMBOLSO) {
    const parte = partes.find((p) => p.metodo_pago === metodo)?.monto ?? 0;
    const devuelto = yaDevuelto.filter((p) => p.metodo_pago === metodo).reduce((s, p) => s + p.monto, 0);
    const monto = Math.min(falta, Math.max(0, parte - devuelto));
    if (monto > 0) reparto.push({ metodo_pago: metodo, monto });
    falta -= monto;
  }
  // Returns never add up to more than the sale (montoADevolver): nothing can be left over.
  if (falta > 0) throw new Error(`La devolución supera lo pagado por $${falta}.`);
  return reparto;
}
