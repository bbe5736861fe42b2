import type { Producto } from '@minimarket/contracts/productos';
import { describe, expect, it } from 'vitest';
import {
  actualizarCarrito,
  agregarAlCarrito,
  calcularVuelto,
  cambiarCantidad,
  detalleLinea,
  detallesVenta,
  resumenCarrito,
  subtotal,
  totalCarrito,
} from './carrito';

const producto = (id: number, stock: number, precio = 1000, unidad: Producto['unidad'] = 'unidad'): Producto => ({
  id_producto: id,
  id_minimarket: 1,
  nombre_producto: `Producto ${id}`,
  categoria: 'Abarrotes',
  precio_venta_actual: precio,
  precio_compra_actual: null,
  stock,
  codigo_barra: `78000${id}`,
  unidad,
  codigo_plu: null,
  exento: false,
  descripcion: null,
  marca: null,
  imagen: null,
  estado: 'activo',
  fecha_creacion: '2026-01-01T00:00:00.000Z',
});

describe('cart rules', () => {
  it('refuses a product that is out of stock', () => {
    const r = agregarAlCarrito([], producto(1, 0));
    expect(r.items).toHaveLength(0);
    expect(r.error).toBe('El producto "Producto 1" está agotado.');
  });

  it('adds units up to the stock and no further', () => {
    let r = agregarAlCarrito([], producto(1, 2));
    r = agregarAlCarrito(r.items, producto(1, 2));
    expect(r.items[0].cantidad).toBe(2);
    r = agregarAlCarrito(r.items, producto(1, 2));
    expect(r.items[0].cantidad).toBe(2);
    expect(r.error).toMatch(/^Stock máximo alcanzado/);
  });

  it('clamps an edited quantity to the stock with the spec message', () => {
    const { items } = agregarAlCarrito([], producto(1, 5));
    const r = cambiarCantidad(items, 1, '12');
    expect(r.items[0].cantidad).toBe(5);
    expect(r.error).toBe('No hay suficiente stock para "Producto 1". Disponible: 5');
  });

  it('reads whole units, refuses decimals with the reason and removes the line at 0 or empty', () => {
    const { items } = agregarAlCarrito([], producto(1, 50));
    expect(cambiarCantidad(items, 1, '3').items[0].cantidad).toBe(3);
    const decimal = cambiarCantidad(items, 1, '1,5');
    expect(decimal.items[0].cantidad).toBe(1);
    expect(decimal.error).toBe(
      'Este producto se vende por unidad: la cantidad va en unidades enteras, sin decimales (ej: 2); se encontró "1,5".',
    );
    expect(cambiarCantidad(items, 1, '3a').error).toBeTruthy();
    expect(cambiarCantidad(items, 1, '0').items).toHaveLength(0);
    expect(cambiarCantidad(items, 1, '').items).toHaveLength(0);
  });

  it('totals whole pesos and gives change never below zero', () => {
    let r = agregarAlCarrito([], producto(1, 9, 990));
    r = agregarAlCarrito(r.items, producto(2, 9, 1500));
    r = cambiarCantidad(r.items, 2, '2');
    expect(totalCarrito(r.items)).toBe(3990);
    expect(calcularVuelto(3990, 5000)).toBe(1010);
    expect(calcularVuelto(3990, 3000)).toBe(0);
  });
});

describe('actualizarCarrito', () => {
  it('takes new prices and stock, clamps quantities and drops what is gone', () => {
    let r = agregarAlCarrito([], producto(1, 9, 1000));
    r = agregarAlCarrito(r.items, producto(2, 9, 500));
    r = agregarAlCarrito(r.items, producto(3, 9, 700));
    r = cambiarCantidad(r.items, 1, '5');
    const frescos = new Map([
      [1, producto(1, 3, 1100)],
      [2, null],
      [3, producto(3, 0, 700)],
    ]);
    const items = actualizarCarrito(r.items, frescos);
    expect(items).toHaveLength(1);
    expect(items[0].cantidad).toBe(3);
    expect(items[0].producto.precio_venta_actual).toBe(1100);
  });
});

describe('kg lines (grams, price per kilo)', () => {
  // Jamón at $8.990/kg with 2 kg on the shelf.
  const jamon = (stock = 2000, precio = 8990) => producto(7, stock, precio, 'kg');

  it('adds a weight as grams and charges montoPorPeso, half a peso up', () => {
    const r = agregarAlCarrito([], jamon(), 350);
    expect(r.error).toBeUndefined();
    expect(r.items[0].cantidad).toBe(350);
    // 8.990 × 0,350 = 3.146,5 → $3.147.
    expect(subtotal(r.items[0])).toBe(3147);
    expect(detalleLinea(r.items[0])).toBe('0,350 kg × $8.990/kg');
  });

  it('merges a second weighing of the same product into its line by adding grams', () => {
    let r = agregarAlCarrito([], jamon(), 350);
    r = agregarAlCarrito(r.items, jamon(), 125);
    expect(r.items).toHaveLength(1);
    expect(r.items[0].cantidad).toBe(475);
    // montoPorPeso of the sum (8.990 × 0,475 = 4.270,25 → $4.270), what the server checks.
    expect(subtotal(r.items[0])).toBe(4270);
  });

  it('refuses a weight beyond the stock whole, in kilos, and names the product for a correction', () => {
    let r = agregarAlCarrito([], jamon(240), 200);
    r = agregarAlCarrito(r.items, jamon(240), 50);
    expect(r.items[0].cantidad).toBe(200);
    expect(r.error).toBe('No hay suficiente stock para "Producto 7". Disponible: 0,240 kg');
    expect(r.sinStock?.id_producto).toBe(7);
  });

  it('does not add a kg product without a weight', () => {
    expect(agregarAlCarrito([], jamon()).items).toHaveLength(0);
    expect(agregarAlCarrito([], jamon(), 0).items).toHaveLength(0);
  });

  it('re-weighs a line with leerPeso: kilos with a comma or grams, its messages as they are', () => {
    const { items } = agregarAlCarrito([], jamon(), 350);
    expect(cambiarCantidad(items, 7, '1,5').items[0].cantidad).toBe(1500);
    expect(cambiarCantidad(items, 7, '250 g').items[0].cantidad).toBe(250);
    const punto = cambiarCantidad(items, 7, '0.5');
    expect(punto.items[0].cantidad).toBe(350);
    expect(punto.error).toBe('Escribe los decimales del peso con coma (ej: 1,250 kg) o indica gramos (ej: 1.250 g); se encontró "0.5".');
    const mucho = cambiarCantidad(items, 7, '3');
    expect(mucho.items[0].cantidad).toBe(350);
    expect(mucho.error).toBe('No hay suficiente stock para "Producto 7". Disponible: 2,000 kg');
    expect(cambiarCantidad(items, 7, '0').items).toHaveLength(0);
  });

  it('never counts grams as units, and sends grams, the price per kilo and montoPorPeso', () => {
    let r = agregarAlCarrito([], producto(1, 9, 990));
    r = agregarAlCarrito(r.items, producto(1, 9, 990));
    r = agregarAlCarrito(r.items, jamon(), 350);
    expect(resumenCarrito(r.items)).toBe('2 unidades y 0,350 kg');
    expect(totalCarrito(r.items)).toBe(2 * 990 + 3147);
    expect(detallesVenta(r.items)).toEqual([
      { id_producto: 1, num_unidades: 2, precio_unitario: 990, subtotal: 1980, nombre_producto: 'Producto 1' },
      { id_producto: 7, num_unidades: 350, precio_unitario: 8990, subtotal: 3147, nombre_producto: 'Producto 7' },
    ]);
  });

  it('drops a line whose product changed unit, and clamps grams to a smaller stock', () => {
    const { items } = agregarAlCarrito([], jamon(), 500);
    expect(actualizarCarrito(items, new Map([[7, producto(7, 900, 8990, 'unidad')]]))).toHaveLength(0);
    expect(actualizarCarrito(items, new Map([[7, jamon(300)]]))[0].cantidad).toBe(300);
  });
});
