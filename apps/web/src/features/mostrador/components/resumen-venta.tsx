import { esGranel } from '../../../lib/granel';
import { Card } from '../../../components/ui/card';
import { formatClp, formatEntero } from '../../../utils/format';
import { ETIQUETA_REDONDEO, formatRedondeo } from '../../../utils/redondeo';
import { claveLinea, detalleLinea, esLibre, type ItemCarrito, type MontosCarrito, nombreLinea } from '../utils/carrito';
import type { Pagando } from '../hooks/use-pago';

/** The payment screen's summary: each line with its discount, the discounts and their reason, the total and the cash to pay. */
export function ResumenVenta({
  items,
  montos,
  motivoDescuento,
  cobro,
}: {
  items: ItemCarrito[];
  montos: MontosCarrito;
  motivoDescuento: string;
  cobro: Pagando['cobro'];
}) {
  return (
    <Card className="p-4 sm:p-5 lg:col-span-2">
      <h2 className="text-lg font-semibold text-slate-900">Resumen de la venta</h2>
      <ul className="mt-3 divide-y divide-slate-100 text-sm">
        {items.map((i, n) => {
          const m = montos.lineas[n]!;
          return (
            <li key={claveLinea(i)} className="py-2">
              <div className="flex justify-between gap-2">
                {esLibre(i) || esGranel(i.producto) ? (
                  <span className="min-w-0">
                    {nombreLinea(i)}
                    <span className="block text-xs text-slate-600">{detalleLinea(i)}</span>
                  </span>
                ) : (
                  <span className="min-w-0">
                    {formatEntero(i.cantidad)} × {nombreLinea(i)}
                  </span>
                )}
                <span className="font-medium whitespace-nowrap">{formatClp(m.bruto)}</span>
              </div>
              {m.descuento > 0 && (
                <div className="flex justify-between gap-2 text-xs text-green-800">
                  <span>Descuento</span>
                  <span className="whitespace-nowrap">{formatClp(-m.descuento)}</span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {montos.descuento > 0 && (
        <dl className="mt-2 space-y-1 border-t border-slate-200 pt-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-600">Subtotal</dt>
            <dd>{formatClp(montos.bruto)}</dd>
          </div>
          <div className="flex justify-between text-green-800">
            <dt>Descuentos</dt>
            <dd data-testid="descuento-pagar">{formatClp(-montos.descuento)}</dd>
          </div>
          {motivoDescuento.trim() && <p className="text-xs text-slate-600">Motivo: {motivoDescuento.trim()}</p>}
        </dl>
      )}
      <div className="mt-2 flex items-baseline justify-between border-t border-slate-200 pt-3">
        <span className="font-medium">Total a pagar</span>
        <span className="text-2xl font-bold" data-testid="total-pagar">
          {formatClp(montos.total)}
        </span>
      </div>
      {cobro && cobro.redondeo !== 0 && (
        <dl className="mt-1 space-y-1 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-600">{ETIQUETA_REDONDEO}</dt>
            <dd>{formatRedondeo(cobro.redondeo)}</dd>
          </div>
          <div className="flex justify-between font-semibold">
            <dt>A pagar en efectivo</dt>
            <dd>{formatClp(cobro.aPagar)}</dd>
          </div>
        </dl>
      )}
    </Card>
  );
}
