import type { Producto } from '@minimarket/contracts/productos';
import { describe, expect, it } from 'vitest';
import {
  actualizarCarrito,
  agregarAlCarrito,
  agregarEtiquetaAlCarrito,
  agregarVentaLibre,
  calcularCarrito,
  calcularVuelto,
  claveLinea,
  fijarDescuentoLinea,
  cambiarCantidad,
  detalleLinea,
  detallesVenta,
  resumenCarrito,
  bruto,
  totalCarrito,
  type ItemCarrito,
  type LineaProducto,
} from './carrito';

/** The product line of a cart (these tests add only products): its quantity and product. */
const linea = (items: ItemCarrito[], n = 0) => items[n] as LineaProducto;

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
    expect(linea(r.items).cantidad).toBe(2);
    r = agregarAlCarrito(r.items, producto(1, 2));
    expect(linea(r.items).cantidad).toBe(2);
    expect(r.error).toMatch(/^Stock máximo alcanzado/);
  });

  it('clamps an edited quantity to the stock with the spec message', () => {
    const { items } = agregarAlCarrito([], producto(1, 5));
    const r = cambiarCantidad(items, 'producto:1', '12');
    expect(linea(r.items).cantidad).toBe(5);
    expect(r.error).toBe('No hay suficiente stock para "Producto 1". Disponible: 5');
  });

  it('reads whole units, refuses decimals with the reason and removes the line at 0 or empty', () => {
    const { items } = agregarAlCarrito([], producto(1, 50));
    expect(linea(cambiarCantidad(items, 'producto:1', '3').items).cantidad).toBe(3);
    const decimal = cambiarCantidad(items, 'producto:1', '1,5');
    expect(linea(decimal.items).cantidad).toBe(1);
    expect(decimal.error).toBe(
      'Este producto se vende por unidad: la cantidad va en unidades enteras, sin decimales (ej: 2); se encontró "1,5".',
    );
    expect(cambiarCantidad(items, 'producto:1', '3a').error).toBeTruthy();
    expect(cambiarCantidad(items, 'producto:1', '0').items).toHaveLength(0);
    expect(cambiarCantidad(items, 'producto:1', '').items).toHaveLength(0);
  });

  it('totals whole pesos and gives change never below zero', () => {
    let r = agregarAlCarrito([], producto(1, 9, 990));
    r = agregarAlCarrito(r.items, producto(2, 9, 1500));
    r = cambiarCantidad(r.items, 'producto:2', '2');
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
    r = cambiarCantidad(r.items, 'producto:1', '5');
    const frescos = new Map([
      [1, producto(1, 3, 1100)],
      [2, null],
      [3, producto(3, 0, 700)],
    ]);
    const items = actualizarCarrito(r.items, frescos);
    expect(items).toHaveLength(1);
    expect(linea(items).cantidad).toBe(3);
    expect(linea(items).producto.precio_venta_actual).toBe(1100);
  });
});

describe('kg lines (grams, price per kilo)', () => {
  // Jamón at $8.990/kg with 2 kg on the shelf.
  const jamon = (stock = 2000, precio = 8990) => producto(7, stock, precio, 'kg');

  it('adds a weight as grams and charges montoPorPeso, half a peso up', () => {
    const r = agregarAlCarrito([], jamon(), 350);
    expect(r.error).toBeUndefined();
    expect(linea(r.items).cantidad).toBe(350);
    // 8.990 × 0,350 = 3.146,5 → $3.147.
    expect(bruto(r.items[0]!)).toBe(3147);
    expect(detalleLinea(r.items[0])).toBe('0,350 kg × $8.990/kg');
  });

  it('merges a second weighing of the same product into its line by adding grams', () => {
    let r = agregarAlCarrito([], jamon(), 350);
    r = agregarAlCarrito(r.items, jamon(), 125);
    expect(r.items).toHaveLength(1);
    expect(linea(r.items).cantidad).toBe(475);
    // montoPorPeso of the sum (8.990 × 0,475 = 4.270,25 → $4.270), what the server checks.
    expect(bruto(r.items[0]!)).toBe(4270);
  });

  it('refuses a weight beyond the stock whole, in kilos, and names the product for a correction', () => {
    let r = agregarAlCarrito([], jamon(240), 200);
    r = agregarAlCarrito(r.items, jamon(240), 50);
    expect(linea(r.items).cantidad).toBe(200);
    expect(r.error).toBe('No hay suficiente stock para "Producto 7". Disponible: 0,240 kg');
    expect(r.sinStock?.id_producto).toBe(7);
  });

  it('does not add a kg product without a weight', () => {
    expect(agregarAlCarrito([], jamon()).items).toHaveLength(0);
    expect(agregarAlCarrito([], jamon(), 0).items).toHaveLength(0);
  });

  it('re-weighs a line with leerPeso: kilos with a comma or grams, its messages as they are', () => {
    const { items } = agregarAlCarrito([], jamon(), 350);
    expect(linea(cambiarCantidad(items, 'producto:7', '1,5').items).cantidad).toBe(1500);
    expect(linea(cambiarCantidad(items, 'producto:7', '250 g').items).cantidad).toBe(250);
    const punto = cambiarCantidad(items, 'producto:7', '0.5');
    expect(linea(punto.items).cantidad).toBe(350);
    expect(punto.error).toBe('Escribe los decimales del peso con coma (ej: 1,250 kg) o indica gramos (ej: 1.250 g); se encontró "0.5".');
    const mucho = cambiarCantidad(items, 'producto:7', '3');
    expect(linea(mucho.items).cantidad).toBe(350);
    expect(mucho.error).toBe('No hay suficiente stock para "Producto 7". Disponible: 2,000 kg');
    expect(cambiarCantidad(items, 'producto:7', '0').items).toHaveLength(0);
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
    expect(linea(actualizarCarrito(items, new Map([[7, jamon(300)]]))).cantidad).toBe(300);
  });
});

describe('scale labels (issue 32): each label a line charged its amount', () => {
  const jamon = (stock = 2000, precio = 8990) => producto(7, stock, precio, 'kg');

  it('a price label of $3.000 at $8.990/kg is charged $3.000 with its 334 g, never the $3.003 of the grams', () => {
    const r = agregarEtiquetaAlCarrito([], jamon(), { codigo: '2000007030002', gramos: 334, monto: 3000 }, 'a');
    expect(r.error).toBeUndefined();
    expect(bruto(r.items[0]!)).toBe(3000);
    expect(detallesVenta(r.items)).toEqual([
      {
        id_producto: 7,
        num_unidades: 334,
        precio_unitario: 8990,
        subtotal: 3000,
        nombre_producto: 'Producto 7',
        codigo_etiqueta: '2000007030002',
      },
    ]);
  });

  it('two labels of one product are two lines; a weighing by hand stays its own line; the stock counts them all', () => {
    let r = agregarEtiquetaAlCarrito([], jamon(1000), { codigo: '2000007030002', gramos: 334, monto: 3000 }, 'a');
    r = agregarEtiquetaAlCarrito(r.items, jamon(1000), { codigo: '2000007030002', gramos: 334, monto: 3000 }, 'b');
    r = agregarAlCarrito(r.items, jamon(1000), 300);
    expect(r.items.map(claveLinea)).toEqual(['etiqueta:a', 'etiqueta:b', 'producto:7']);
    expect(totalCarrito(r.items)).toBe(3000 + 3000 + 2697);
    // 334 + 334 + 300 = 968 g of 1.000: 40 g more do not fit.
    const mas = agregarAlCarrito(r.items, jamon(1000), 40);
    expect(mas.error).toBe('No hay suficiente stock para "Producto 7". Disponible: 1,000 kg');
    const otra = agregarEtiquetaAlCarrito(r.items, jamon(1000), { codigo: '2000007001254', gramos: 125, monto: 1124 }, 'c');
    expect(otra.items).toHaveLength(3);
    expect(otra.sinStock?.id_producto).toBe(7);
  });

  it('a label line takes the label read again after a refusal, and leaves when it no longer reads', () => {
    const { items } = agregarEtiquetaAlCarrito([], jamon(), { codigo: '2000007030002', gramos: 334, monto: 3000 }, 'a');
    const releida = actualizarCarrito(
      items,
      new Map([[7, jamon(2000, 9990)]]),
      new Map([['etiqueta:a', { producto: jamon(2000, 9990), gramos: 300, monto: 3000 }]]),
    );
    expect(linea(releida)).toMatchObject({ cantidad: 300, etiqueta: { monto: 3000 } });
    expect(actualizarCarrito(items, new Map([[7, jamon()]]), new Map([['etiqueta:a', null]]))).toHaveLength(0);
    // Not read again: kept at the same price, dropped at another.
    expect(actualizarCarrito(items, new Map([[7, jamon()]]))).toHaveLength(1);
    expect(actualizarCarrito(items, new Map([[7, jamon(2000, 9990)]]))).toHaveLength(0);
  });
});

describe('venta libre (issue 32)', () => {
  it('is one unit at its amount with no product, «Varios» when it has no name, and moves no stock', () => {
    let items = agregarVentaLibre([], { nombre: '  ', monto: 1500, categoria: null }, 'x');
    items = agregarVentaLibre(items, { nombre: 'Bolsa', monto: 100, categoria: 'Abarrotes' }, 'y');
    expect(totalCarrito(items)).toBe(1600);
    expect(resumenCarrito(items)).toBe('2 unidades');
    expect(detallesVenta(items)).toEqual([
      { id_producto: null, num_unidades: 1, precio_unitario: 1500, subtotal: 1500 },
      { id_producto: null, num_unidades: 1, precio_unitario: 100, subtotal: 100, nombre_producto: 'Bolsa', categoria: 'Abarrotes' },
    ]);
    // The server refused the sale: a loose sale has no product to refresh and stays.
    expect(actualizarCarrito(items, new Map())).toEqual(items);
  });
});

describe('discounts (issue 32): per line and on the whole cart, to the peso', () => {
  // Three lines: $1.990, $2 × $990 = $1.980 and 0,350 kg of jamón = $3.147.
  const carrito = () => {
    let r = agregarAlCarrito([], producto(1, 9, 1990));
    r = agregarAlCarrito(r.items, producto(2, 9, 990));
    r = agregarAlCarrito(r.items, producto(2, 9, 990));
    r = agregarAlCarrito(r.items, producto(7, 2000, 8990, 'kg'), 350);
    return r.items;
  };

  it('a line discount in pesos or percent: gross, discount and net', () => {
    let items = fijarDescuentoLinea(carrito(), 'producto:1', { tipo: 'pesos', valor: 490 });
    items = fijarDescuentoLinea(items, 'producto:7', { tipo: 'porcentaje', valor: 10 });
    const m = calcularCarrito(items);
    // 10 % of $3.147 = $314,7 → $315 (half a peso up).
    expect(m.lineas.map((l) => [l.bruto, l.descuento, l.subtotal])).toEqual([
      [1990, 490, 1500],
      [1980, 0, 1980],
      [3147, 315, 2832],
    ]);
    expect([m.bruto, m.descuento, m.total, m.error]).toEqual([7117, 805, 6312, null]);
  });

  it('a cart discount is spread over the lines by largest remainder, adding up to it exactly', () => {
    // 10 % of $7.117 = $711,7 → $712, over 1.990 / 1.980 / 3.147: 199,08 / 198,08 / 314,69 → 199 + 198 + 315.
    const m = calcularCarrito(carrito(), { tipo: 'porcentaje', valor: 10 });
    expect(m.lineas.map((l) => l.descuentoCarrito)).toEqual([199, 198, 315]);
    expect(m.descuento).toBe(712);
    expect(m.total).toBe(7117 - 712);
    const detalles = detallesVenta(carrito(), { tipo: 'porcentaje', valor: 10 });
    expect(detalles.map((d) => [d.subtotal, d.descuento])).toEqual([
      [1791, 199],
      [1782, 198],
      [2832, 315],
    ]);
    expect(detalles.reduce((s, d) => s + d.subtotal, 0)).toBe(m.total);
  });

  it('spreads the cart discount over what each line costs after its own', () => {
    const items = fijarDescuentoLinea(carrito(), 'producto:7', { tipo: 'pesos', valor: 1147 });
    // Nets 1.990 / 1.980 / 2.000 = 5.970; $597 over them: 199 / 198 / 200.
    const m = calcularCarrito(items, { tipo: 'pesos', valor: 597 });
    expect(m.lineas.map((l) => [l.descuentoLinea, l.descuentoCarrito, l.subtotal])).toEqual([
      [0, 199, 1791],
      [0, 198, 1782],
      [1147, 200, 1800],
    ]);
  });

  it('says so when a discount would leave a line or the cart at $0, and leaves it out', () => {
    const linea0 = calcularCarrito(fijarDescuentoLinea(carrito(), 'producto:1', { tipo: 'pesos', valor: 1990 }));
    expect(linea0.error).toBe('El descuento de "Producto 1" debe ser menor que su monto ($1.990).');
    expect(linea0.total).toBe(7117);
    const todo = calcularCarrito(carrito(), { tipo: 'porcentaje', valor: 100 });
    expect(todo.error).toBe('El descuento al total debe ser menor que el total ($7.117).');
    expect(todo.total).toBe(7117);
  });
});
