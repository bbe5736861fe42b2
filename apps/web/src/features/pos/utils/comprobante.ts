// The printed receipt's rules: the two thermal paper widths, the page length that fits the
// receipt on one strip, and the totals block in the order a Chilean receipt reads.
import type { Boleta } from '@minimarket/contracts/caja';
import { formatClp } from '../../../utils/format';

// The thermal paper rules are shared with the customer's printed statement (la libreta).
export {
  ANCHO_PREDETERMINADO,
  ANCHOS_PAPEL,
  altoPaginaMm,
  CLAVE_ANCHO,
  leerAnchoPapel,
  MARGEN_CORTE_MM,
  reglaPagina,
  type AnchoPapel,
} from '../../../lib/papel';

export interface FilaTotales {
  etiqueta: string;
  valor: string;
  destacada?: boolean;
}

/** Neto, IVA, total, then how it was paid and, in cash, what was handed over and the change. */
export function filasTotales(
  b: Pick<Boleta, 'neto' | 'iva' | 'total' | 'metodo_pago' | 'monto_recibido' | 'vuelto' | 'cliente'>,
): FilaTotales[] {
  const filas: FilaTotales[] = [
    { etiqueta: 'Neto', valor: formatClp(b.neto) },
    { etiqueta: 'IVA 19%', valor: formatClp(b.iva) },
    { etiqueta: 'TOTAL', valor: formatClp(b.total), destacada: true },
    { etiqueta: 'Pago', valor: b.metodo_pago },
  ];
  if (b.cliente !== null) filas.push({ etiqueta: 'Cliente', valor: b.cliente });
  if (b.monto_recibido !== null) filas.push({ etiqueta: 'Recibido', valor: formatClp(b.monto_recibido) });
  if (b.vuelto !== null) filas.push({ etiqueta: 'Vuelto', valor: formatClp(b.vuelto) });
  return filas;
}
