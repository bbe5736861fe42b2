import type { Producto } from '@minimarket/contracts/productos';
import { describe, expect, it } from 'vitest';
import { actualizarCarrito, agregarAlCarrito, calcularVuelto, cambiarCantidad, totalCarrito } from './carrito';

const producto = (id: number, stock: number, precio = 1000): Producto => ({
  id_producto: id,
  id_minimarket: 1,
  nombre_producto: `Producto ${id}`,
  categoria: 'Abarrotes',
  precio_venta_actual: precio,
  precio_compra_actual: null,
  stock,
  codigo_barra: `78000${id}`,
  unidad: 'unidad',
  codigo_plu: null,
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

  it('keeps only digits and removes the line at 0 or empty', () => {
    const { items } = agregarAlCarrito([], producto(1, 50));
    expect(cambiarCantidad(items, 1, '3a').items[0].cantidad).toBe(3);
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
