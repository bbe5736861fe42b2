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
 * How it was paid (a split payment: every part with its amount), the customer of a fiado part and,
 * with cash, what was handed over and the change: the receipt's rows after the total, also on the
 * provisional receipt of a sale still in the outbox.
 */
export function filasPago(b: Pick<Boleta, 'pagos' | 'monto_recibido' | 'vuelto' | 'cliente'>): FilaTotales[] {
  const filas: FilaTotales[] = [];
  if (b.pagos.length > 1) {
    filas.push({ etiqueta: 'Pago', valor: 'Dividido' });
    for (const p of b.pagos) filas.push({ etiqueta: `· ${p.metodo_pago}`, valor: formatClp(p.monto) });
  } else if (b.pagos[0]) filas.push({ etiqueta: 'Pago', valor: b.pagos[0].metodo_pago });
  if (b.cliente !== null) filas.push({ etiqueta: 'Cliente', valor: b.cliente });
  if (b.monto_recibido !== null) filas.push({ etiqueta: 'Recibido', valor: formatClp(b.monto_recibido) });
  if (b.vuelto !== null) filas.push({ etiqueta: 'Vuelto', valor: formatClp(b.vuelto) });
  return filas;
}

/** Neto, IVA, total, then how it was paid (filasPago). */
export function filasTotales(b: Pick<Boleta, 'neto' | 'iva' | 'total' | 'pagos' | 'monto_recibido' | 'vuelto' | 'cliente'>): FilaTotales[] {
  return [
    { etiqueta: 'Neto', valor: formatClp(b.neto) },
    { etiqueta: 'IVA 19%', valor: formatClp(b.iva) },
    { etiqueta: 'TOTAL', valor: formatClp(b.total), destacada: true },
    ...filasPago(b),
  ];
}
