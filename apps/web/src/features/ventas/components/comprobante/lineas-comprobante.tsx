import { lineaGranel } from '@minimarket/contracts/granel';
import { formatClp, formatEntero } from '../../../../utils/format';
import { ETIQUETA_MOTIVO_DESCUENTO } from '../../utils/comprobante';

export interface LineaComprobante {
  nombre: string;
  /** Grams for a kg line. */
  cantidad: number;
  unidad: 'unidad' | 'kg';
  precio: number;
  /** What the line charged: its gross less its discount. */
  subtotal: number;
  /** Pesos off the line (its own and its share of a discount on the whole sale); 0 or absent: none. */
  descuento?: number;
}

/**
 * The receipt's products: name, then '2 x $1.990' or '0,350 kg × $8.990/kg' and the line's gross; a
 * line with a discount has it under it (issue 32), so the rows add up to the total; then why, once.
 */
export function LineasComprobante({ lineas, motivoDescuento }: { lineas: readonly LineaComprobante[]; motivoDescuento?: string | null }) {
  return (
    <>
      <table className="w-full border-collapse">
        <caption className="sr-only">Productos</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Producto</th>
            <th scope="col">Subtotal</th>
          </tr>
        </thead>
        <tbody>
          {lineas.map((l, i) => {
            const descuento = l.descuento ?? 0;
            return (
              <tr key={i} className="align-top">
                <td className="pr-[2mm] pb-[1mm]">
                  <span className="block break-words">{l.nombre}</span>
                  <span className="block">
                    {l.unidad === 'kg' ? lineaGranel(l.cantidad, l.precio) : `${formatEntero(l.cantidad)} x ${formatClp(l.precio)}`}
                  </span>
                  {descuento > 0 && (
                    <span className="block" data-testid="descuento-linea-comprobante">
                      Descuento
                    </span>
                  )}
                </td>
                <td className="pb-[1mm] text-right align-bottom whitespace-nowrap">
                  {descuento > 0 ? (
                    <>
                      <span className="block">{formatClp(l.subtotal + descuento)}</span>
                      <span className="block">{formatClp(-descuento)}</span>
                    </>
                  ) : (
                    formatClp(l.subtotal)
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {motivoDescuento && (
        <p className="mt-[1mm] break-words" data-testid="comprobante-motivo-descuento">
          {ETIQUETA_MOTIVO_DESCUENTO}: {motivoDescuento}
        </p>
      )}
    </>
  );
}
