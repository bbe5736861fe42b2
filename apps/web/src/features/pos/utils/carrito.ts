// The cart's rules (spec §5), kept pure so they can be tested without a browser.
//
// A line is one product. For a kg product (issue #20, docs/granel.md) `cantidad` is GRAMS, the
// price is per kilo and the line's amount is montoPorPeso (the one rounding rule, the server's
// too); two weighings of the same product (two scale labels, or weighing again) are merged into
// one line by adding their grams. Merging keeps the cart keyed by product as it always was (remove,
// edit and the server's refusals speak of a product), and a return names a product, not a line.
import { lineaGranel, MAX_GRAMOS_LINEA, formatPeso, mensajeSinStock, montoPorPeso } from '@minimarket/contracts/granel';
import type { Producto } from '@minimarket/contracts/productos';
import { esGranel, leerCantidad, resumenCantidades } from '../../../lib/granel';
import { formatClp, formatEntero } from '../../../utils/format';

export interface ItemCarrito {
  producto: Producto;
  /** Units, or grams for a kg product. */
  cantidad: number;
}

export interface ResultadoCarrito {
  items: ItemCarrito[];
  /** Why the change was refused or clamped, in the words shown to the cashier. */
  error?: string;
  /** The product whose stock stopped the change (the owner may correct its stock from the sale). */
  sinStock?: Producto;
}

export const mensajeAgotado = (nombre: string) => `El producto "${nombre}" está agotado.`;
export const mensajeStockMaximo = (nombre: string, disponible: number) =>
  `Stock máximo alcanzado para "${nombre}". Disponible: ${disponible}`;
export const mensajePesoMaximoLinea = (nombre: string) =>
  `"${nombre}" llegaría a más de ${formatPeso(MAX_GRAMOS_LINEA)} en una línea: cobra el resto en otra venta.`;
export { MENSAJE_RECIBIDO_INSUFICIENTE } from '@minimarket/contracts/reglas';

/**
 * Adds a product, refreshing its stock and price from the latest data: one unit of a unit product,
 * or `gramos` of a kg product (added to the grams already in the cart). A weight beyond the stock
 * is refused whole, never clamped: the piece on the scale weighs what it weighs.
 */
export function agregarAlCarrito(items: ItemCarrito[], producto: Producto, gramos?: number): ResultadoCarrito {
  if (producto.stock <= 0) return { items, error: mensajeAgotado(producto.nombre_producto), sinStock: producto };
  const existente = items.find((i) => i.producto.id_producto === producto.id_producto);
  if (esGranel(producto)) {
    if (gramos === undefined || !Number.isSafeInteger(gramos) || gramos <= 0) return { items };
    const total = (existente?.cantidad ?? 0) + gramos;
    if (total > producto.stock) {
      return {
        items: existente ? items.map((i) => (i === existente ? { ...i, producto } : i)) : items,
        error: mensajeSinStock(producto.nombre_producto, producto.stock, 'kg'),
        sinStock: producto,
      };
    }
    if (total > MAX_GRAMOS_LINEA) return { items, error: mensajePesoMaximoLinea(producto.nombre_producto) };
    if (!existente) return { items: [...items, { producto, cantidad: total }] };
    return { items: items.map((i) => (i === existente ? { producto, cantidad: total } : i)) };
  }
  if (!existente) return { items: [...items, { producto, cantidad: 1 }] };
  if (existente.cantidad >= producto.stock) {
    return {
      items: items.map((i) => (i === existente ? { producto, cantidad: producto.stock } : i)),
      error: mensajeStockMaximo(producto.nombre_producto, producto.stock),
      sinStock: producto,
    };
  }
  return { items: items.map((i) => (i === existente ? { producto, cantidad: i.cantidad + 1 } : i)) };
}

/** 0 or empty removes the line (as the − button at one unit does). */
const QUITA_LINEA = /^\s*0*\s*$/;

/**
 * A line's quantity as typed. A unit product reads whole units (leerCantidadUnidad: '1,5' is
 * refused with the reason, and the line stays as it was); more than the stock is clamped to it. A
 * kg product reads a weight (leerPeso: '0,350', '350 g') that replaces the line's grams. Empty or
 * 0 removes the line.
 */
export function cambiarCantidad(items: ItemCarrito[], idProducto: number, texto: string): ResultadoCarrito {
  const item = items.find((i) => i.producto.id_producto === idProducto);
  if (!item) return { items };
  if (QUITA_LINEA.test(texto)) return { items: quitarDelCarrito(items, idProducto) };
  const { stock, nombre_producto, unidad } = item.producto;
  const lectura = leerCantidad(texto, unidad);
  if (!lectura.ok) return { items, error: lectura.mensaje };
  if (esGranel(item.producto)) return cambiarPeso(items, idProducto, lectura.valor);
  const cantidad = lectura.valor;
  if (cantidad > stock) {
    return {
      items: items.map((i) => (i === item ? { ...i, cantidad: stock } : i)),
      error: mensajeSinStock(nombre_producto, stock),
      sinStock: item.producto,
    };
  }
  return { items: items.map((i) => (i === item ? { ...i, cantidad } : i)) };
}

/** A kg line weighed again: its grams become these; more than the stock is refused and the line stays. */
export function cambiarPeso(items: ItemCarrito[], idProducto: number, gramos: number): ResultadoCarrito {
  const item = items.find((i) => i.producto.id_producto === idProducto);
  if (!item || !Number.isSafeInteger(gramos) || gramos <= 0) return { items };
  const { producto } = item;
  if (gramos > producto.stock) return { items, error: mensajeSinStock(producto.nombre_producto, producto.stock, 'kg'), sinStock: producto };
  if (gramos > MAX_GRAMOS_LINEA) return { items, error: mensajePesoMaximoLinea(producto.nombre_producto) };
  return { items: items.map((i) => (i === item ? { ...i, cantidad: gramos } : i)) };
}

export function quitarDelCarrito(items: ItemCarrito[], idProducto: number): ItemCarrito[] {
  return items.filter((i) => i.producto.id_producto !== idProducto);
}

/** The line's amount: price × units, or montoPorPeso(price per kilo, grams) for a kg product. */
export function subtotal(item: ItemCarrito): number {
  return esGranel(item.producto)
    ? montoPorPeso(item.producto.precio_venta_actual, item.cantidad)
    : item.producto.precio_venta_actual * item.cantidad;
}

export function totalCarrito(items: ItemCarrito[]): number {
  return items.reduce((suma, i) => suma + subtotal(i), 0);
}

/** Units of the unit products only: grams are never counted as units. */
export function totalUnidades(items: ItemCarrito[]): number {
  return items.reduce((suma, i) => suma + (esGranel(i.producto) ? 0 : i.cantidad), 0);
}

/** Grams of the kg products. */
export function totalGramos(items: ItemCarrito[]): number {
  return items.reduce((suma, i) => suma + (esGranel(i.producto) ? i.cantidad : 0), 0);
}

/** The cart's footer: '3 unidades', '0,350 kg', '2 unidades y 1,250 kg'. */
export const resumenCarrito = (items: ItemCarrito[]) => resumenCantidades(totalUnidades(items), totalGramos(items));

/** How a line's quantity and price read: '0,350 kg × $8.990/kg', or '2 × $1.990'. */
export function detalleLinea(item: ItemCarrito): string {
  if (esGranel(item.producto)) return lineaGranel(item.cantidad, item.producto.precio_venta_actual);
  return `${formatEntero(item.cantidad)} × ${formatClp(item.producto.precio_venta_actual)}`;
}

/** What POST /ventas/ takes for each line: grams, the price per kilo and montoPorPeso for a kg product. */
export function detallesVenta(items: ItemCarrito[]) {
  return items.map((i) => ({
    id_producto: i.producto.id_producto,
    num_unidades: i.cantidad,
    precio_unitario: i.producto.precio_venta_actual,
    subtotal: subtotal(i),
    nombre_producto: i.producto.nombre_producto,
  }));
}

/** Change for a cash payment: received minus total, never below zero. */
export function calcularVuelto(total: number, recibido: number): number {
  return Math.max(0, recibido - total);
}

/**
 * Brings the cart up to date with the products as the server has them now (after the server
 * refused a sale for stock or price): new prices and stock, quantities clamped to the stock,
 * and lines whose product is gone or sold out removed. A product whose unit changed meanwhile
 * (units became grams or the other way) leaves the cart: its quantity no longer means the same.
 */
export function actualizarCarrito(items: ItemCarrito[], frescos: Map<number, Producto | null>): ItemCarrito[] {
  const salida: ItemCarrito[] = [];
  for (const item of items) {
    const fresco = frescos.has(item.producto.id_producto) ? frescos.get(item.producto.id_producto) : item.producto;
    if (!fresco || fresco.stock <= 0) continue;
    if (esGranel(fresco) !== esGranel(item.producto)) continue;
    salida.push({ producto: fresco, cantidad: Math.min(item.cantidad, fresco.stock) });
  }
  return salida;
}
