import { esStockBajo } from '@minimarket/contracts/reglas';
import { Badge } from '../../../components/ui/badge';
import { formatEntero } from '../../../utils/format';

/** En stock above 0, Agotado at 0; 'Stock bajo' under the shop's threshold (as the server counts it for notifications). */
export function StockBadge({ stock, umbral }: { stock: number; umbral?: number | null }) {
  if (stock <= 0) return <Badge color="rojo">Agotado</Badge>;
  if (umbral !== null && umbral !== undefined && esStockBajo(stock, umbral))
    return <Badge color="amarillo">Stock bajo · {formatEntero(stock)}</Badge>;
  return <Badge color="verde">En stock · {formatEntero(stock)}</Badge>;
}
