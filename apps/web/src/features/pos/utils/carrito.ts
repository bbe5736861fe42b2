// The cart's rules (spec §5), kept pure so they can be tested without a browser.
import type { Producto } from '@minimarket/contracts/productos';
import { mensajeSinStock } from '@minimarket/contracts/granel';

export interface ItemCarrito {
  producto: Producto;
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
export { MENSAJE_RECIBIDO_INSUFICIENTE } from '@minimarket/contracts/reglas';

/** Adds one unit, refreshing the product's stock and price from the latest data. */
export function agregarAlCarrito(items: ItemCarrito[], producto: Producto): ResultadoCarrito {
  if (producto.stock <= 0) return { items, error: mensajeAgotado(producto.nombre_producto), sinStock: producto };
  const existente = items.find((i) => i.producto.id_producto === producto.id_producto);
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

/** Only digits count; 0 or empty removes the line; more than the stock is clamped to it. */
export function cambiarCantidad(items: ItemCarrito[], idProducto: number, texto: string): ResultadoCarrito {
  const digitos = texto.replace(/\D/g, '');
  const cantidad = digitos === '' ? 0 : Number.parseInt(digitos, 10);
  const item = items.find((i) => i.producto.id_producto === idProducto);
  if (!item) return { items };
  if (cantidad <= 0) return { items: quitarDelCarrito(items, idProducto) };
  const { stock, nombre_producto } = item.producto;
  if (cantidad > stock) {
    return {
      items: items.map((i) => (i === item ? { ...i, cantidad: stock } : i)),
      error: mensajeSinStock(nombre_producto, stock),
      sinStock: item.producto,
    };
  }
  return { items: items.map((i) => (i === item ? { ...i, cantidad } : i)) };
}

export function quitarDelCarrito(items: ItemCarrito[], idProducto: number): ItemCarrito[] {
  return items.filter((i) => i.producto.id_producto !== idProducto);
}

export function subtotal(item: ItemCarrito): number {
  return item.producto.precio_venta_actual * item.cantidad;
}

export function totalCarrito(items: ItemCarrito[]): number {
  return items.reduce((suma, i) => suma + subtotal(i), 0);
}

export function totalUnidades(items: ItemCarrito[]): number {
  return items.reduce((suma, i) => suma + i.cantidad, 0);
}

/** Change for a cash payment: received minus total, never below zero. */
export function calcularVuelto(total: number, recibido: number): number {
  return Math.max(0, recibido - total);
}

/**
 * Brings the cart up to date with the products as the server has them now (after the server
 * refused a sale for stock or price): new prices and stock, quantities clamped to the stock,
 * and lines whose product is gone or sold out removed.
 */
export function actualizarCarrito(items: ItemCarrito[], frescos: Map<number, Producto | null>): ItemCarrito[] {
  const salida: ItemCarrito[] = [];
  for (const item of items) {
    const fresco = frescos.has(item.producto.id_producto) ? frescos.get(item.producto.id_producto) : item.producto;
    if (!fresco || fresco.stock <= 0) continue;
    salida.push({ producto: fresco, cantidad: Math.min(item.cantidad, fresco.stock) });
  }
  return salida;
}
