// The cart's rules (spec §5), kept pure so they can be tested without a browser.
//
// A line is one of three things (issue 32, docs/pagos.md):
// - a product weighed or counted at the till: one line per product. For a kg product (issue #20,
//   docs/granel.md) `cantidad` is GRAMS, the price is per kilo and the line's amount is montoPorPeso
//   (the one rounding rule, the server's too); two weighings of the same product are merged into its
//   line by adding their grams;
// - a scale label: one line per label, charged what the label says (a price label its printed amount,
//   a weight label montoPorPeso of its grams), carrying the label's 13 digits for the server to read
//   again. Two labels are two lines: each carries its own code;
// - a loose sale («venta libre»): a name, an amount and maybe a category, no product, no stock.
// Each line may carry its own discount (pesos or a percentage), and the whole cart one more, spread
// over the lines to the peso (contracts' repartirDescuento): every discount is sent per line.
import { CATEGORIA_VENTA_LIBRE, type Categoria } from '@minimarket/contracts/comunes';
import { descuentoPorcentaje, repartirDescuento } from '@minimarket/contracts/descuentos';
import { lineaGranel, MAX_GRAMOS_LINEA, formatPeso, mensajeSinStock, montoPorPeso } from '@minimarket/contracts/granel';
import type { Producto } from '@minimarket/contracts/productos';
import { NOMBRE_VENTA_LIBRE, type DetalleVentaCreate } from '@minimarket/contracts/ventas';
import { esGranel, leerCantidad, resumenCantidades } from '../../../lib/granel';
import { formatClp, formatEntero } from '../../../utils/format';

/** A discount as the cashier gave it: whole pesos, or a whole percentage of what it applies to. */
export interface DescuentoEscrito {
  tipo: 'pesos' | 'porcentaje';
  valor: number;
}

/** The scale label a line was scanned from, and what it charges (its gross amount). */
export interface EtiquetaLinea {
  codigo: string;
  monto: number;
}

export interface LineaProducto {
  tipo?: 'producto';
  producto: Producto;
  /** Units, or grams for a kg product. */
  cantidad: number;
  /** Scanned from a scale label: charged the label's amount, never re-weighed. */
  etiqueta?: EtiquetaLinea;
  /** A label line's own id (two labels alike are two lines). */
  id?: string;
  descuento?: DescuentoEscrito | null;
}

export interface LineaLibre {
  tipo: 'libre';
  id: string;
  /** As typed; empty is «Varios». */
  nombre: string;
  monto: number;
  categoria: Categoria | null;
  descuento?: DescuentoEscrito | null;
}

/** A cart line. A cart kept by an earlier version holds `{ producto, cantidad }` lines: still valid. */
export type ItemCarrito = LineaProducto | LineaLibre;

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
export const mensajeDescuentoLinea = (nombre: string, bruto: number) =>
  `El descuento de "${nombre}" debe ser menor que su monto (${formatClp(bruto)}).`;
export const mensajeDescuentoTotal = (total: number) => `El descuento al total debe ser menor que el total (${formatClp(total)}).`;
export { MENSAJE_RECIBIDO_INSUFICIENTE } from '@minimarket/contracts/reglas';

/** A line's own id: unique within the cart (crypto.randomUUID needs a secure context: a till on the LAN may lack it). */
export const nuevoIdLinea = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export const esLibre = (i: ItemCarrito): i is LineaLibre => i.tipo === 'libre';
export const esDeProducto = (i: ItemCarrito): i is LineaProducto => i.tipo !== 'libre';

/** A line's identity in the cart: its product (a weighed or counted line), its label, or its loose sale. */
export function claveLinea(i: ItemCarrito): string {
  if (esLibre(i)) return `libre:${i.id}`;
  if (i.etiqueta) return `etiqueta:${i.id ?? i.etiqueta.codigo}`;
  return `producto:${i.producto.id_producto}`;
}

/** What the cart, the receipt and the messages call a line. */
export const nombreLinea = (i: ItemCarrito) => (esLibre(i) ? i.nombre.trim() || NOMBRE_VENTA_LIBRE : i.producto.nombre_producto);

/** The product's weighed or counted line (never a label's). */
const lineaPropia = (items: ItemCarrito[], idProducto: number) =>
  items.find((i): i is LineaProducto => esDeProducto(i) && !i.etiqueta && i.producto.id_producto === idProducto);

/** How much of a product the cart already holds, over all its lines (labels too), but `excepto`. */
function enCarrito(items: ItemCarrito[], idProducto: number, excepto?: ItemCarrito): number {
  return items.reduce((s, i) => (i !== excepto && esDeProducto(i) && i.producto.id_producto === idProducto ? s + i.cantidad : s), 0);
}

/**
 * Adds a product, refreshing its stock and price from the latest data: one unit of a unit product,
 * or `gramos` of a kg product (added to the grams already in its line). A weight beyond the stock
 * is refused whole, never clamped: the piece on the scale weighs what it weighs.
 */
export function agregarAlCarrito(items: ItemCarrito[], producto: Producto, gramos?: number): ResultadoCarrito {
  if (producto.stock <= 0) return { items, error: mensajeAgotado(producto.nombre_producto), sinStock: producto };
  const existente = lineaPropia(items, producto.id_producto);
  if (esGranel(producto)) {
    if (gramos === undefined || !Number.isSafeInteger(gramos) || gramos <= 0) return { items };
    const total = (existente?.cantidad ?? 0) + gramos;
    if (total + enCarrito(items, producto.id_producto, existente) > producto.stock) {
      return {
        items: existente ? items.map((i) => (i === existente ? { ...existente, producto } : i)) : items,
        error: mensajeSinStock(producto.nombre_producto, producto.stock, 'kg'),
        sinStock: producto,
      };
    }
    if (total > MAX_GRAMOS_LINEA) return { items, error: mensajePesoMaximoLinea(producto.nombre_producto) };
    if (!existente) return { items: [...items, { producto, cantidad: total }] };
    return { items: items.map((i) => (i === existente ? { ...existente, producto, cantidad: total } : i)) };
  }
  if (!existente) return { items: [...items, { producto, cantidad: 1 }] };
  if (existente.cantidad >= producto.stock) {
    return {
      items: items.map((i) => (i === existente ? { ...existente, producto, cantidad: producto.stock } : i)),
      error: mensajeStockMaximo(producto.nombre_producto, producto.stock),
      sinStock: producto,
    };
  }
  return { items: items.map((i) => (i === existente ? { ...existente, producto, cantidad: existente.cantidad + 1 } : i)) };
}

/**
 * A scale label read (by the server, or by the device with the same rule): a line of its own with
 * the label's grams and amount, and its code for the server to read again. Refused whole when the
 * product's stock (all its lines together) would not hold it.
 */
export function agregarEtiquetaAlCarrito(
  items: ItemCarrito[],
  producto: Producto,
  etiqueta: { codigo: string; gramos: number; monto: number },
  id: string = nuevoIdLinea(),
): ResultadoCarrito {
  if (!Number.isSafeInteger(etiqueta.gramos) || etiqueta.gramos <= 0) return { items };
  if (etiqueta.gramos + enCarrito(items, producto.id_producto) > producto.stock) {
    return {
      items,
      error:
        producto.stock <= 0 ? mensajeAgotado(producto.nombre_producto) : mensajeSinStock(producto.nombre_producto, producto.stock, 'kg'),
      sinStock: producto,
    };
  }
  return {
    items: [...items, { producto, cantidad: etiqueta.gramos, etiqueta: { codigo: etiqueta.codigo, monto: etiqueta.monto }, id }],
  };
}

/** A loose sale («venta libre»): a line with no product, one unit at its amount. */
export function agregarVentaLibre(
  items: ItemCarrito[],
  libre: { nombre: string; monto: number; categoria: Categoria | null },
  id: string = nuevoIdLinea(),
): ItemCarrito[] {
  return [...items, { tipo: 'libre', id, nombre: libre.nombre.trim(), monto: libre.monto, categoria: libre.categoria }];
}

/** 0 or empty removes the line (as the − button at one unit does). */
const QUITA_LINEA = /^\s*0*\s*$/;

/**
 * A line's quantity as typed. A unit product reads whole units (leerCantidadUnidad: '1,5' is
 * refused with the reason, and the line stays as it was); more than the stock is clamped to it. A
 * kg product reads a weight (leerPeso: '0,350', '350 g') that replaces the line's grams. Empty or
 * 0 removes the line. A label's line and a loose sale have no quantity to change.
 */
export function cambiarCantidad(items: ItemCarrito[], clave: string, texto: string): ResultadoCarrito {
  const item = items.find((i) => claveLinea(i) === clave);
  if (!item) return { items };
  if (QUITA_LINEA.test(texto)) return { items: quitarDelCarrito(items, clave) };
  if (esLibre(item) || item.etiqueta) return { items };
  const { stock, nombre_producto, unidad } = item.producto;
  const lectura = leerCantidad(texto, unidad);
  if (!lectura.ok) return { items, error: lectura.mensaje };
  if (esGranel(item.producto)) return cambiarPeso(items, clave, lectura.valor);
  const cantidad = lectura.valor;
  if (cantidad > stock) {
    return {
      items: items.map((i) => (i === item ? { ...item, cantidad: stock } : i)),
      error: mensajeSinStock(nombre_producto, stock),
      sinStock: item.producto,
    };
  }
  return { items: items.map((i) => (i === item ? { ...item, cantidad } : i)) };
}

/** A kg line weighed again: its grams become these; more than the stock is refused and the line stays. */
export function cambiarPeso(items: ItemCarrito[], clave: string, gramos: number): ResultadoCarrito {
  const item = items.find((i) => claveLinea(i) === clave);
  if (!item || esLibre(item) || item.etiqueta || !Number.isSafeInteger(gramos) || gramos <= 0) return { items };
  const { producto } = item;
  if (gramos + enCarrito(items, producto.id_producto, item) > producto.stock)
    return { items, error: mensajeSinStock(producto.nombre_producto, producto.stock, 'kg'), sinStock: producto };
  if (gramos > MAX_GRAMOS_LINEA) return { items, error: mensajePesoMaximoLinea(producto.nombre_producto) };
  return { items: items.map((i) => (i === item ? { ...item, cantidad: gramos } : i)) };
}

export function quitarDelCarrito(items: ItemCarrito[], clave: string): ItemCarrito[] {
  return items.filter((i) => claveLinea(i) !== clave);
}

/** A line's own discount set (or removed with null). */
export function fijarDescuentoLinea(items: ItemCarrito[], clave: string, descuento: DescuentoEscrito | null): ItemCarrito[] {
  return items.map((i) => (claveLinea(i) === clave ? { ...i, descuento } : i));
}

/**
 * The line's gross amount: a loose sale's amount, a label's amount, montoPorPeso(price per kilo,
 * grams) for a kg product, price × units otherwise.
 */
export function bruto(item: ItemCarrito): number {
  if (esLibre(item)) return item.monto;
  if (item.etiqueta) return item.etiqueta.monto;
  return esGranel(item.producto)
    ? montoPorPeso(item.producto.precio_venta_actual, item.cantidad)
    : item.producto.precio_venta_actual * item.cantidad;
}

/** A discount in whole pesos of `monto` (a percentage turned into pesos, half a peso up). */
export function enPesos(descuento: DescuentoEscrito | null | undefined, monto: number): number {
  if (!descuento || descuento.valor <= 0) return 0;
  return descuento.tipo === 'pesos' ? descuento.valor : descuentoPorcentaje(monto, descuento.valor);
}

export interface MontosLinea {
  clave: string;
  bruto: number;
  /** The line's own discount. */
  descuentoLinea: number;
  /** Its share of the discount on the whole cart. */
  descuentoCarrito: number;
  /** Both: what the sale sends as the line's `descuento`. */
  descuento: number;
  /** bruto − descuento. */
  subtotal: number;
}

export interface MontosCarrito {
  lineas: MontosLinea[];
  bruto: number;
  /** Every discount, in whole pesos. */
  descuento: number;
  /** The discount on the whole cart, in whole pesos. */
  descuentoCarrito: number;
  /** What the sale charges: the sum of the lines' subtotals (exact: the cash rounding is the payment's). */
  total: number;
  /** A discount that does not fit (it would leave a line or the cart at $0 or less): the sale waits. */
  error: string | null;
}

/**
 * Every amount of the cart: each line's gross, its own discount, its share of the cart's discount
 * (repartirDescuento over what each line costs after its own, by largest remainder, to the peso) and
 * its subtotal. A discount that does not fit is left out of the amounts and said in `error`.
 */
export function calcularCarrito(items: ItemCarrito[], descuentoCarrito?: DescuentoEscrito | null): MontosCarrito {
  let error: string | null = null;
  const base = items.map((i) => {
    const b = bruto(i);
    let propio = enPesos(i.descuento, b);
    if (propio > 0 && propio >= b) {
      error ??= mensajeDescuentoLinea(nombreLinea(i), b);
      propio = 0;
    }
    return { clave: claveLinea(i), bruto: b, descuentoLinea: propio };
  });
  const netos = base.map((l) => l.bruto - l.descuentoLinea);
  const sumaNetos = netos.reduce((s, n) => s + n, 0);
  let carrito = enPesos(descuentoCarrito, sumaNetos);
  if (carrito > 0 && carrito >= sumaNetos) {
    error ??= mensajeDescuentoTotal(sumaNetos);
    carrito = 0;
  }
  let partes = repartirDescuento(carrito, netos);
  // A share that takes a whole line (a line of a few pesos): the discount does not fit the cart.
  if (partes.some((p, i) => p > 0 && p >= netos[i]!)) {
    error ??= mensajeDescuentoTotal(sumaNetos);
    carrito = 0;
    partes = netos.map(() => 0);
  }
  const lineas = base.map((l, i) => {
    const descuento = l.descuentoLinea + partes[i]!;
    return { ...l, descuentoCarrito: partes[i]!, descuento, subtotal: l.bruto - descuento };
  });
  const total = lineas.reduce((s, l) => s + l.subtotal, 0);
  const brutoTotal = lineas.reduce((s, l) => s + l.bruto, 0);
  return { lineas, bruto: brutoTotal, descuento: brutoTotal - total, descuentoCarrito: carrito, total, error };
}

export function totalCarrito(items: ItemCarrito[], descuentoCarrito?: DescuentoEscrito | null): number {
  return calcularCarrito(items, descuentoCarrito).total;
}

/** Units of the unit products and loose sales (one each): grams are never counted as units. */
export function totalUnidades(items: ItemCarrito[]): number {
  return items.reduce((suma, i) => suma + (esLibre(i) ? 1 : esGranel(i.producto) ? 0 : i.cantidad), 0);
}

/** Grams of the kg products. */
export function totalGramos(items: ItemCarrito[]): number {
  return items.reduce((suma, i) => suma + (esDeProducto(i) && esGranel(i.producto) ? i.cantidad : 0), 0);
}

/** The cart's footer: '3 unidades', '0,350 kg', '2 unidades y 1,250 kg'. */
export const resumenCarrito = (items: ItemCarrito[]) => resumenCantidades(totalUnidades(items), totalGramos(items));

/** How a line's quantity and price read: '0,350 kg × $8.990/kg', '2 × $1.990', a loose sale's category. */
export function detalleLinea(item: ItemCarrito): string {
  if (esLibre(item)) return `Venta libre · ${item.categoria ?? CATEGORIA_VENTA_LIBRE}`;
  if (item.etiqueta) return `${lineaGranel(item.cantidad, item.producto.precio_venta_actual)} · etiqueta`;
  if (esGranel(item.producto)) return lineaGranel(item.cantidad, item.producto.precio_venta_actual);
  return `${formatEntero(item.cantidad)} × ${formatClp(item.producto.precio_venta_actual)}`;
}

/**
 * What POST /ventas/ takes for each line: grams, the price per kilo and the amount for a kg product;
 * a label's 13 digits; a loose sale as a line with no product; each line's discount (its own and its
 * share of the cart's), only when it has one.
 */
export function detallesVenta(items: ItemCarrito[], descuentoCarrito?: DescuentoEscrito | null): DetalleVentaCreate[] {
  const { lineas } = calcularCarrito(items, descuentoCarrito);
  return items.map((i, n) => {
    const { subtotal, descuento } = lineas[n]!;
    const conDescuento = descuento > 0 ? { descuento } : {};
    if (esLibre(i))
      return {
        id_producto: null,
        num_unidades: 1,
        precio_unitario: i.monto,
        subtotal,
        ...conDescuento,
        ...(i.nombre.trim() ? { nombre_producto: i.nombre.trim() } : {}),
        ...(i.categoria ? { categoria: i.categoria } : {}),
      };
    return {
      id_producto: i.producto.id_producto,
      num_unidades: i.cantidad,
      precio_unitario: i.producto.precio_venta_actual,
      subtotal,
      ...conDescuento,
      nombre_producto: i.producto.nombre_producto,
      ...(i.etiqueta ? { codigo_etiqueta: i.etiqueta.codigo } : {}),
    };
  });
}

/** Change for a cash payment: received minus what is due, never below zero. */
export function calcularVuelto(total: number, recibido: number): number {
  return Math.max(0, recibido - total);
}

/** A label read again (the server's answer with today's price), or null when it no longer reads. */
export type EtiquetaReleida = { producto: Producto; gramos: number; monto: number } | null;

/**
 * Brings the cart up to date with the products as the server has them now (after the server
 * refused a sale for stock or price): new prices and stock, quantities clamped to the stock,
 * and lines whose product is gone or sold out removed. A product whose unit changed meanwhile
 * (units became grams or the other way) leaves the cart: its quantity no longer means the same.
 * A label's line takes the label as read again (`etiquetas`, by line key); without a new reading it
 * stays as it was if its price did not change, and leaves the cart if it did. Loose sales stay.
 */
export function actualizarCarrito(
  items: ItemCarrito[],
  frescos: Map<number, Producto | null>,
  etiquetas: Map<string, EtiquetaReleida> = new Map(),
): ItemCarrito[] {
  const salida: ItemCarrito[] = [];
  for (const item of items) {
    if (esLibre(item)) {
      salida.push(item);
      continue;
    }
    const fresco = frescos.has(item.producto.id_producto) ? frescos.get(item.producto.id_producto) : item.producto;
    if (!fresco || fresco.stock <= 0) continue;
    if (esGranel(fresco) !== esGranel(item.producto)) continue;
    if (item.etiqueta) {
      const clave = claveLinea(item);
      if (etiquetas.has(clave)) {
        const releida = etiquetas.get(clave);
        if (releida)
          salida.push({
            ...item,
            producto: releida.producto,
            cantidad: releida.gramos,
            etiqueta: { ...item.etiqueta, monto: releida.monto },
          });
      } else if (fresco.precio_venta_actual === item.producto.precio_venta_actual && fresco.stock >= item.cantidad) {
        salida.push({ ...item, producto: fresco });
      }
      continue;
    }
    salida.push({ ...item, producto: fresco, cantidad: Math.min(item.cantidad, fresco.stock) });
  }
  return salida;
}
