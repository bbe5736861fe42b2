// The stock-adjustment screens' figures as pure functions: signed units and pesos, the preview of
// the stock an adjustment leaves, and what the form sends for each reason.
import { type AjusteStockCreate, type TipoAjuste, soloDescuenta } from '@minimarket/contracts/ajustes-stock';
import { formatPeso, type UnidadVenta } from '@minimarket/contracts/granel';
import { formatClp, formatEntero } from '../../../utils/format';

const signo = (n: number) => (n < 0 ? '-' : n > 0 ? '+' : '');

/** 3 → '+3', -1200 → '-1.200', 0 → '0'. */
export const unidadesConSigno = (n: number) => `${signo(n)}${formatEntero(Math.abs(n))}`;

/** A signed change in the product's unit: '+3', '-0,350 kg' (grams shown in kilos), '0'. */
export const cantidadConSigno = (n: number, unidad?: UnidadVenta) =>
  unidad === 'kg' ? `${n > 0 ? '+' : ''}${formatPeso(n)}` : unidadesConSigno(n);

/** -3500 → '-$3.500', 1000 → '+$1.000', 0 → '$0' (formatClp writes the minus as a Chilean does; the plus is added). */
export const pesosConSigno = (n: number) => `${n > 0 ? '+' : ''}${formatClp(n)}`;

/**
 * The stock an adjustment would leave, from what the form holds: a count leaves what was counted;
 * the other reasons take the units out. Null while the quantity is not a number yet.
 */
export function stockTrasAjuste(tipo: TipoAjuste, stock: number, cantidad: number | null): number | null {
  if (cantidad === null) return null;
  return soloDescuenta(tipo) ? stock - cantidad : cantidad;
}

/** The request for a reason and a quantity: a count with the stock the screen showed, or a take-out. */
export function pedidoAjuste(a: {
  idMinimarket: number;
  tipo: TipoAjuste;
  cantidad: number;
  stockSistema: number;
  nota: string;
}): AjusteStockCreate {
  const nota = a.nota.trim() || undefined;
  return soloDescuenta(a.tipo)
    ? { id_minimarket: a.idMinimarket, tipo: a.tipo, diferencia: -a.cantidad, nota }
    : { id_minimarket: a.idMinimarket, tipo: a.tipo, cantidad_contada: a.cantidad, stock_sistema: a.stockSistema, nota };
}
