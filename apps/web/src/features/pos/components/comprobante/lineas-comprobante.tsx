import { lineaGranel } from '@minimarket/contracts/granel';
import { formatClp, formatEntero } from '../../../../utils/format';

export interface LineaComprobante {
  nombre: string;
  /** Grams for a kg line. */
  cantidad: number;
  unidad: 'unidad' | 'kg';
  precio: number;
  subtotal: number;
}

/** The receipt's products: name, then '2 x $1.990' or '0,350 kg × $8.990/kg', and the subtotal. */
export function LineasComprobante({ lineas }: { lineas: readonly LineaComprobante[] }) {
  return (
    <table className="w-full border-collapse">
      <caption className="sr-only">Productos</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Producto</th>
          <th scope="col">Subtotal</th>
        </tr>
      </thead>
      <tbody>
        {lineas.map((l, i) => (
          <tr key={i} className="align-top">
            <td className="pr-[2mm] pb-[1mm]">
              <span className="block break-words">{l.nombre}</span>
              <span className="block">
                {l.unidad === 'kg' ? lineaGranel(l.cantidad, l.precio) : `${formatEntero(l.cantidad)} x ${formatClp(l.precio)}`}
              </span>
            </td>
            <td className="pb-[1mm] text-right align-bottom whitespace-nowrap">{formatClp(l.subtotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
