import type { UnidadVenta } from '@minimarket/contracts/granel';
import { esStockBajo } from '@minimarket/contracts/reglas';
import { Badge } from '../../../components/ui/badge';
import { formatCantidadBreve } from '../../../lib/granel';

/**
 * En stock above 0, Agotado at 0; 'Stock bajo' under the shop's threshold (as the server counts it for notifications:
 * kilos for a kg product, whose stock is grams and shows as '1,250 kg').
 */
export function StockBadge({ stock, umbral, unidad }: { stock: number; umbral?: number | null; unidad?: UnidadVenta }) {
  if (stock <= 0) return <Badge color="rojo">Agotado</Badge>;
  if (umbral !== null && umbral !== undefined && esStockBajo(stock, umbral, unidad))
    return <Badge color="amarillo">Stock bajo · {formatCantidadBreve(stock, unidad)}</Badge>;
  return <Badge color="verde">En stock · {formatCantidadBreve(stock, unidad)}</Badge>;
}
