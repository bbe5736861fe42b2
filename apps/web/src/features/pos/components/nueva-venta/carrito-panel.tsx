import { formatPeso } from '@minimarket/contracts/granel';
import { Minus, Plus, Scale, ShoppingCart, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { formatClp, formatEntero } from '../../../../utils/format';
import { esGranel } from '../../../../lib/granel';
import { detalleLinea, resumenCarrito, subtotal, totalCarrito, type ItemCarrito } from '../../utils/carrito';

/** The draft starts from the cart's quantity; the parent keys it by that quantity, so a change there starts a fresh draft. */
function CantidadInput({ item, onCambiar }: { item: ItemCarrito; onCambiar: (texto: string) => void }) {
  const [borrador, setBorrador] = useState(String(item.cantidad));
  const confirmar = () => {
    if (borrador !== String(item.cantidad)) onCambiar(borrador);
  };
  return (
    <input
      type="text"
      inputMode="numeric"
      aria-label={`Cantidad de ${item.producto.nombre_producto}`}
      className="h-8 w-14 rounded-md border border-slate-300 text-center text-sm"
      value={borrador}
      // Read on confirming (leerCantidadUnidad): '1,5' is refused with the reason, not turned into 15.
      onChange={(e) => setBorrador(e.target.value)}
      onBlur={confirmar}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          confirmar();
        }
      }}
    />
  );
}

export function CarritoPanel({
  items,
  onSumar,
  onCambiarCantidad,
  onPesar,
  onQuitar,
  onVaciar,
  onPagar,
}: {
  items: ItemCarrito[];
  onSumar: (item: ItemCarrito) => void;
  onCambiarCantidad: (idProducto: number, texto: string) => void;
  /** A kg line's quantity is its weight: editing it opens the weight prompt again. */
  onPesar: (item: ItemCarrito) => void;
  onQuitar: (idProducto: number) => void;
  onVaciar: () => void;
  onPagar: () => void;
}) {
  const total = totalCarrito(items);
  const botonIcono = 'rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:text-slate-300';
  return (
    <Card className="flex flex-col p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ShoppingCart className="size-5 text-marca-700" aria-hidden="true" /> Carrito
        </h2>
        {items.length > 0 && (
          <button type="button" className="text-sm font-medium text-red-700 hover:underline" onClick={onVaciar}>
            Vaciar carrito
          </button>
        )}
      </div>
      {items.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-600">
          El carrito está vacío. Escanea un producto o agrégalo desde la búsqueda manual.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Productos en el carrito">
          {items.map((item) => {
            const granel = esGranel(item.producto);
            const nombre = item.producto.nombre_producto;
            return (
              <li key={item.producto.id_producto} className="py-3" data-testid="item-carrito">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{nombre}</p>
                    <p className="text-xs text-slate-600" data-testid="detalle-linea">
                      {granel
                        ? `${detalleLinea(item)} · Disponible: ${formatPeso(item.producto.stock)}`
                        : `${formatClp(item.producto.precio_venta_actual)} c/u · Disponible: ${formatEntero(item.producto.stock)}`}
                    </p>
                  </div>
                  <p className="font-semibold whitespace-nowrap text-slate-900" data-testid="subtotal-linea">
                    {formatClp(subtotal(item))}
                  </p>
                </div>
                <div className="mt-2 flex items-center gap-1">
                  {granel ? (
                    <button
                      type="button"
                      className="inline-flex h-8 items-center gap-1.5 rounded-md border border-slate-300 px-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
                      aria-label={`Cambiar peso de ${nombre} (${formatPeso(item.cantidad)})`}
                      onClick={() => onPesar(item)}
                    >
                      <Scale className="size-4 text-slate-600" aria-hidden="true" /> {formatPeso(item.cantidad)}
                    </button>
                  ) : (
                    <>
                      <button
                        type="button"
                        className={botonIcono}
                        aria-label={`Quitar una unidad de ${nombre}`}
                        onClick={() => onCambiarCantidad(item.producto.id_producto, String(item.cantidad - 1))}
                      >
                        <Minus className="size-4" aria-hidden="true" />
                      </button>
                      <CantidadInput key={item.cantidad} item={item} onCambiar={(t) => onCambiarCantidad(item.producto.id_producto, t)} />
                      <button
                        type="button"
                        className={botonIcono}
                        aria-label={`Sumar una unidad de ${nombre}`}
                        onClick={() => onSumar(item)}
                      >
                        <Plus className="size-4" aria-hidden="true" />
                      </button>
                    </>
                  )}
                  <button
                    type="button"
                    className={`${botonIcono} ml-auto text-red-700 hover:bg-red-50 hover:text-red-800`}
                    aria-label={`Eliminar ${nombre} del carrito`}
                    onClick={() => onQuitar(item.producto.id_producto)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-auto border-t border-slate-200 pt-3">
        <div className="flex items-baseline justify-between">
          <span className="text-sm text-slate-600">Total ({resumenCarrito(items)})</span>
          <span className="text-2xl font-bold text-slate-900" data-testid="total-carrito">
            {formatClp(total)}
          </span>
        </div>
        <Button className="mt-3 w-full" tamano="lg" disabled={items.length === 0} onClick={onPagar}>
          Proceder al Pago
        </Button>
      </div>
    </Card>
  );
}
