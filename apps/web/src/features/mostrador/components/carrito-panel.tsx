import { formatPeso } from '@minimarket/contracts/granel';
import { descuentoSobreTope } from '@minimarket/contracts/descuentos';
import { Minus, Plus, Scale, ShoppingCart, Tag, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatClp, formatEntero } from '../../../utils/format';
import { esGranel } from '../../../lib/granel';
import {
  calcularCarrito,
  claveLinea,
  type DescuentoEscrito,
  detalleLinea,
  esLibre,
  nombreLinea,
  resumenCarrito,
  type ItemCarrito,
  type LineaProducto,
  type MontosCarrito,
  type MontosLinea,
} from '../utils/carrito';
import { DescuentoDialog, type ObjetoDescuento } from './descuento-dialog';

/** The draft starts from the cart's quantity; the parent keys it by that quantity, so a change there starts a fresh draft. */
function CantidadInput({ item, onCambiar }: { item: LineaProducto; onCambiar: (texto: string) => void }) {
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

/** How a discount was given: '10 %' or '$500'. */
const textoDescuento = (d: DescuentoEscrito) => (d.tipo === 'porcentaje' ? `${formatEntero(d.valor)} %` : formatClp(d.valor));

/**
 * A line's discount in words: its own ('Descuento -$315 (10 %)'), its share of the cart's ('Descuento al
 * total: -$150'), or both ('Descuento -$448: -$100 de la línea y -$348 del descuento al total').
 */
function textoDescuentoLinea(m: MontosLinea, propio: DescuentoEscrito | null): string {
  const pct = propio?.tipo === 'porcentaje' ? ` (${textoDescuento(propio)})` : '';
  if (m.descuentoCarrito === 0) return `Descuento ${formatClp(-m.descuentoLinea)}${pct}`;
  if (m.descuentoLinea === 0) return `Descuento al total: ${formatClp(-m.descuentoCarrito)}`;
  return `Descuento ${formatClp(-m.descuento)}: ${formatClp(-m.descuentoLinea)} de la línea${pct} y ${formatClp(-m.descuentoCarrito)} del descuento al total`;
}

/** What is being discounted, while its dialog is open: a line (by its key) or the whole cart. */
type Editando = { clave: string } | 'carrito' | null;

const botonIcono = 'rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:text-slate-300';

/** What a line says under its name: a loose sale's amount, a kg line's weight, a unit's price; with the stock left. */
function detalleItem(item: ItemCarrito): string {
  if (esLibre(item)) return detalleLinea(item);
  if (esGranel(item.producto)) return `${detalleLinea(item)} · Disponible: ${formatPeso(item.producto.stock)}`;
  return `${formatClp(item.producto.precio_venta_actual)} c/u · Disponible: ${formatEntero(item.producto.stock)}`;
}

/** The quantity's controls: a kg line's weight button, or minus, the field and plus; none for a loose sale or a label. */
function CantidadLinea({
  item,
  nombre,
  onCambiarCantidad,
  onSumar,
  onPesar,
}: {
  item: ItemCarrito;
  nombre: string;
  onCambiarCantidad: (texto: string) => void;
  onSumar: (item: LineaProducto) => void;
  onPesar: (item: LineaProducto) => void;
}) {
  if (esLibre(item) || item.etiqueta) return null;
  if (esGranel(item.producto))
    return (
      <button
        type="button"
        className="inline-flex h-8 items-center gap-1.5 rounded-md border border-slate-300 px-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
        aria-label={`Cambiar peso de ${nombre} (${formatPeso(item.cantidad)})`}
        onClick={() => onPesar(item)}
      >
        <Scale className="size-4 text-slate-600" aria-hidden="true" /> {formatPeso(item.cantidad)}
      </button>
    );
  return (
    <>
      <button
        type="button"
        className={botonIcono}
        aria-label={`Quitar una unidad de ${nombre}`}
        onClick={() => onCambiarCantidad(String(item.cantidad - 1))}
      >
        <Minus className="size-4" aria-hidden="true" />
      </button>
      <CantidadInput key={item.cantidad} item={item} onCambiar={onCambiarCantidad} />
      <button type="button" className={botonIcono} aria-label={`Sumar una unidad de ${nombre}`} onClick={() => onSumar(item)}>
        <Plus className="size-4" aria-hidden="true" />
      </button>
    </>
  );
}

/** One line of the cart: its name, price and stock, its amounts and discount, and its buttons. */
function LineaCarrito({
  item,
  m,
  onCambiarCantidad,
  onSumar,
  onPesar,
  onDescuento,
  onQuitar,
}: {
  item: ItemCarrito;
  m: MontosLinea;
  onCambiarCantidad: (texto: string) => void;
  onSumar: (item: LineaProducto) => void;
  onPesar: (item: LineaProducto) => void;
  onDescuento: () => void;
  onQuitar: () => void;
}) {
  const nombre = nombreLinea(item);
  return (
    <li className="py-3" data-testid="item-carrito">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{nombre}</p>
          <p className="text-xs text-slate-600" data-testid="detalle-linea">
            {detalleItem(item)}
          </p>
        </div>
        <div className="text-right">
          {m.descuento > 0 && (
            <p className="text-xs whitespace-nowrap text-slate-500 line-through" data-testid="bruto-linea">
              {formatClp(m.bruto)}
            </p>
          )}
          <p className="font-semibold whitespace-nowrap text-slate-900" data-testid="subtotal-linea">
            {formatClp(m.subtotal)}
          </p>
        </div>
      </div>
      {m.descuento > 0 && (
        <p className="mt-1 text-xs text-green-800" data-testid="descuento-linea">
          {textoDescuentoLinea(m, item.descuento ?? null)}
        </p>
      )}
      <div className="mt-2 flex items-center gap-1">
        <CantidadLinea item={item} nombre={nombre} onCambiarCantidad={onCambiarCantidad} onSumar={onSumar} onPesar={onPesar} />
        <button
          type="button"
          className="ml-auto inline-flex h-8 items-center gap-1 rounded-md px-2 text-sm font-medium text-marca-800 hover:bg-marca-50"
          aria-label={`Descuento de ${nombre}`}
          onClick={onDescuento}
        >
          <Tag className="size-4" aria-hidden="true" /> <span className="hidden sm:inline">Descuento</span>
        </button>
        <button
          type="button"
          className={`${botonIcono} text-red-700 hover:bg-red-50 hover:text-red-800`}
          aria-label={`Eliminar ${nombre} del carrito`}
          onClick={onQuitar}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}

/** Under the lines: the discount on the whole cart, the gross and the discounts with their reason, the total and «Proceder al Pago». */
function PieCarrito({
  items,
  montos,
  descuentoCarrito,
  motivoDescuento,
  topeCajero,
  onDescuentoTotal,
  onPagar,
}: {
  items: ItemCarrito[];
  montos: MontosCarrito;
  descuentoCarrito: DescuentoEscrito | null;
  motivoDescuento: string;
  topeCajero: number | null;
  onDescuentoTotal: () => void;
  onPagar: () => void;
}) {
  const sobreTope = topeCajero !== null && montos.descuento > 0 && descuentoSobreTope(montos.descuento, montos.bruto, topeCajero);
  return (
    <div className="mt-auto border-t border-slate-200 pt-3">
      {items.length > 0 && (
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <Button variante="contorno" tamano="sm" onClick={onDescuentoTotal}>
            <Tag className="size-4" aria-hidden="true" /> {descuentoCarrito ? 'Cambiar descuento al total' : 'Descuento al total'}
          </Button>
          {descuentoCarrito && (
            <span className="text-sm text-green-800" data-testid="descuento-carrito">
              Al total: {textoDescuento(descuentoCarrito)} ({formatClp(-montos.descuentoCarrito)})
            </span>
          )}
        </div>
      )}
      {montos.descuento > 0 && (
        <dl className="mb-1 space-y-0.5 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-600">Subtotal</dt>
            <dd data-testid="bruto-carrito">{formatClp(montos.bruto)}</dd>
          </div>
          <div className="flex justify-between text-green-800">
            <dt>Descuentos</dt>
            <dd data-testid="total-descuentos">{formatClp(-montos.descuento)}</dd>
          </div>
          <p className="text-xs text-slate-600" data-testid="motivo-descuento">
            Motivo: {motivoDescuento}
          </p>
        </dl>
      )}
      <div className="flex items-baseline justify-between">
        <span className="text-sm text-slate-600">Total ({resumenCarrito(items)})</span>
        <span className="text-2xl font-bold text-slate-900" data-testid="total-carrito">
          {formatClp(montos.total)}
        </span>
      </div>
      {montos.error && (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {montos.error}
        </p>
      )}
      {sobreTope && (
        <p className="mt-2 text-sm text-amber-800" data-testid="aviso-tope">
          Los descuentos pasan el {formatEntero(topeCajero)} % que un cajero puede dar: al cobrar se pedirá el PIN del dueño.
        </p>
      )}
      <Button className="mt-3 w-full" tamano="lg" disabled={items.length === 0 || montos.error !== null} onClick={onPagar}>
        Proceder al Pago
      </Button>
    </div>
  );
}

export function CarritoPanel({
  items,
  descuentoCarrito,
  motivoDescuento,
  topeCajero,
  onSumar,
  onCambiarCantidad,
  onPesar,
  onQuitar,
  onVaciar,
  onDescuento,
  onPagar,
}: {
  items: ItemCarrito[];
  /** The discount on the whole cart, and the sale's reason for its discounts. */
  descuentoCarrito: DescuentoEscrito | null;
  motivoDescuento: string;
  /** A cashier's cap on discounts (% of the cart): past it the sale asks for the owner's PIN. Null: no cap (the owner). */
  topeCajero: number | null;
  onSumar: (item: LineaProducto) => void;
  onCambiarCantidad: (clave: string, texto: string) => void;
  /** A kg line's quantity is its weight: editing it opens the weight prompt again. */
  onPesar: (item: LineaProducto) => void;
  onQuitar: (clave: string) => void;
  onVaciar: () => void;
  /** A discount given (or removed: null) to a line (by its key) or to the whole cart (null key), with the sale's reason. */
  onDescuento: (clave: string | null, descuento: DescuentoEscrito | null, motivo: string) => void;
  onPagar: () => void;
}) {
  const montos = calcularCarrito(items, descuentoCarrito);
  const [editando, setEditando] = useState<Editando>(null);

  const objeto: ObjetoDescuento | null = (() => {
    if (editando === null) return null;
    if (editando === 'carrito') {
      const neto = montos.lineas.reduce((s, l) => s + l.bruto - l.descuentoLinea, 0);
      return { titulo: 'Descuento al total', monto: neto, actual: descuentoCarrito };
    }
    const n = items.findIndex((i) => claveLinea(i) === editando.clave);
    if (n < 0) return null;
    return { titulo: `Descuento de ${nombreLinea(items[n]!)}`, monto: montos.lineas[n]!.bruto, actual: items[n]!.descuento ?? null };
  })();

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
          {items.map((item, n) => {
            const clave = claveLinea(item);
            return (
              <LineaCarrito
                key={clave}
                item={item}
                m={montos.lineas[n]!}
                onCambiarCantidad={(t) => onCambiarCantidad(clave, t)}
                onSumar={onSumar}
                onPesar={onPesar}
                onDescuento={() => setEditando({ clave })}
                onQuitar={() => onQuitar(clave)}
              />
            );
          })}
        </ul>
      )}
      <PieCarrito
        items={items}
        montos={montos}
        descuentoCarrito={descuentoCarrito}
        motivoDescuento={motivoDescuento}
        topeCajero={topeCajero}
        onDescuentoTotal={() => setEditando('carrito')}
        onPagar={onPagar}
      />
      <DescuentoDialog
        objeto={objeto}
        motivo={motivoDescuento}
        onCerrar={() => setEditando(null)}
        onAplicar={(descuento, motivo) => {
          if (editando !== null) onDescuento(editando === 'carrito' ? null : editando.clave, descuento, motivo);
          setEditando(null);
        }}
      />
    </Card>
  );
}
