// The printed receipt's totals block, in the order a Chilean receipt reads (the paper's own rules,
// shared with the customer's statement, are lib/papel.ts).
import type { Boleta } from '@minimarket/contracts/caja';
import { formatClp } from '../../../utils/format';

export interface FilaTotales {
  etiqueta: string;
  valor: string;
  destacada?: boolean;
}

/**
 * Neto, IVA, total, then how it was paid (a split payment: every part with its amount) and, with
 * cash, what was handed over and the change.
 */
export function filasTotales(
  b: Pick<Boleta, 'neto' | 'iva' | 'total' | 'metodo_pago' | 'pagos' | 'monto_recibido' | 'vuelto' | 'cliente'>,
): FilaTotales[] {
  const filas: FilaTotales[] = [
    { etiqueta: 'Neto', valor: formatClp(b.neto) },
    { etiqueta: 'IVA 19%', valor: formatClp(b.iva) },
    { etiqueta: 'TOTAL', valor: formatClp(b.total), destacada: true },
  ];
  if (b.pagos.length > 1) {
    filas.push({ etiqueta: 'Pago', valor: 'Dividido' });
    for (const p of b.pagos) filas.push({ etiqueta: `· ${p.metodo_pago}`, valor: formatClp(p.monto) });
  } else filas.push({ etiqueta: 'Pago', valor: b.metodo_pago });
  if (b.cliente !== null) filas.push({ etiqueta: 'Cliente', valor: b.cliente });
  if (b.monto_recibido !== null) filas.push({ etiqueta: 'Recibido', valor: formatClp(b.monto_recibido) });
  if (b.vuelto !== null) filas.push({ etiqueta: 'Vuelto', valor: formatClp(b.vuelto) });
  return filas;
}
