import { INTENCIONES_BADITO, type IntencionBadito } from '@minimarket/contracts/badito';
import { describe, expect, it } from 'vitest';
import { clasificar } from './intenciones.js';
import { buscarProducto } from './productos.js';
import { TODAS_LAS_SUGERENCIAS } from './respuestas.js';

const CASOS: Array<[string, IntencionBadito]> = [
  ['¿Cuánto vendí hoy?', 'ventas_hoy'],
  ['cuanto vendi hoy', 'ventas_hoy'],
  ['cuánto hice hoy', 'ventas_hoy'],
  ['CUANTO VENDI', 'ventas_hoy'],
  ['cuanto bendi oy', 'ventas_hoy'],
  ['cómo me fue hoy', 'ventas_hoy'],
  ['cómo van las ventas', 'ventas_hoy'],
  ['y ayer?', 'ventas_ayer'],
  ['cuánto vendí ayer', 'ventas_ayer'],
  ['cuanto hicimos aller', 'ventas_ayer'],
  ['ventas de la semana', 'ventas_semana'],
  ['cuanto llevo esta semana', 'ventas_semana'],
  ['cuánto facturé este mes', 'ventas_mes'],
  ['ventas del mez', 'ventas_mes'],
  ['ticket promedio de hoy', 'ticket_hoy'],
  ['cual es mi tiket promedio', 'ticket_hoy'],
  ['promedio por boleta ayer', 'ticket_ayer'],
  ['ticket promedio semanal', 'ticket_semana'],
  ['gasto promedio por cliente del mes', 'ticket_mes'],
  ['lo que más salió', 'mas_vendido_semana'],
  ['qué es lo más vendido esta semana', 'mas_vendido_semana'],
  ['producto estrella del mes', 'mas_vendido_mes'],
  ['que se vende mas este mes', 'mas_vendido_mes'],
  ['qué se me acabó', 'agotados'],
  ['productos agotados', 'agotados'],
  ['que productos estan agotaos', 'agotados'],
  ['qué productos no tienen stock', 'agotados'],
  ['stock bajo', 'stock_bajo'],
  ['qué se está acabando', 'stock_bajo'],
  ['qué tengo que reponer', 'stock_bajo'],
  ['productos con poco stock', 'stock_bajo'],
  ['cuánto cuesta la coca cola', 'producto'],
  ['precio del pan', 'producto'],
  ['cuantas quedan de leche', 'producto'],
  ['stock de arroz', 'producto'],
  ['método de pago más usado', 'metodo_pago_mes'],
  ['cómo me pagan más, tarjeta o efectivo', 'metodo_pago_mes'],
  ['cómo subo un excel', 'ayuda_cargar'],
  ['como cargo mis productos desde un archivo', 'ayuda_cargar'],
  ['importar ventas csv', 'ayuda_cargar'],
  ['cómo registro una venta', 'ayuda_vender'],
  ['como vendo con el lector', 'ayuda_vender'],
  ['cómo agrego un producto', 'ayuda_producto'],
  ['crear nuevo producto', 'ayuda_producto'],
  ['cómo leo las recomendaciones', 'ayuda_recomendaciones'],
  ['qué me recomiendas', 'ayuda_recomendaciones'],
  ['hola badito', 'saludo'],
  ['wena', 'saludo'],
  ['buenos días', 'saludo'],
  ['gracias!', 'saludo'],
  ['qué puedes hacer', 'capacidades'],
  ['ayuda', 'capacidades'],
  ['q sabes hacer', 'capacidades'],
  ['cuál es la capital de Francia', 'desconocida'],
  ['🤔🤔🤔', 'desconocida'],
  ['???!!!', 'desconocida'],
  ['a qué hora abre el banco', 'desconocida'],
];

describe('clasificar', () => {
  it.each(CASOS)('%s → %s', (texto, intencion) => {
    expect(clasificar(texto).intencion).toBe(intencion);
  });

  it('keeps the words that name a product', () => {
    expect(clasificar('¿cuánto cuesta la Coca-Cola?').consultaProducto).toEqual(['coca', 'cola']);
    expect(clasificar('cuantas quedan de leche entera').consultaProducto).toEqual(['leche', 'entera']);
  });

  it('says when a period is one it does not compute', () => {
    expect(clasificar('cuánto vendí la semana pasada')).toMatchObject({ intencion: 'desconocida', motivo: 'periodo' });
    expect(clasificar('cuánto vendí esta semana')).toMatchObject({ intencion: 'ventas_semana', motivo: null });
  });

  it('never fails on odd text', () => {
    for (const t of ['', ' ', '\u0000', 'a'.repeat(500), '¿¿??', '💸'.repeat(200), 'ñandú ÑANDÚ', '<script>alert(1)</script>', '%%%']) {
      expect(INTENCIONES_BADITO).toContain(clasificar(t).intencion);
    }
  });

  it('understands every follow-up question it offers', () => {
    for (const [intencion, sugerencias] of Object.entries(TODAS_LAS_SUGERENCIAS)) {
      expect(sugerencias.length, intencion).toBeGreaterThanOrEqual(2);
      expect(sugerencias.length, intencion).toBeLessThanOrEqual(4);
      for (const s of sugerencias) expect(clasificar(s).intencion, s).not.toBe('desconocida');
    }
  });
});

describe('buscarProducto', () => {
  const catalogo = [
    { id_producto: 1, nombre_producto: 'Coca-Cola 1.5L', stock: 12, precio_venta_actual: 1990 },
    { id_producto: 2, nombre_producto: 'Coca-Cola Zero 1.5L', stock: 4, precio_venta_actual: 1990 },
    { id_producto: 3, nombre_producto: 'Leche Entera 1L', stock: 3, precio_venta_actual: 1100 },
    { id_producto: 4, nombre_producto: 'Leche Descremada 1L', stock: 8, precio_venta_actual: 1150 },
    { id_producto: 5, nombre_producto: 'Pan Amasado', stock: 30, precio_venta_actual: 200 },
  ];
  const nombres = (b: ReturnType<typeof buscarProducto>) =>
    b.tipo === 'uno' ? [b.producto.nombre_producto] : b.tipo === 'varios' ? b.candidatos.map((p) => p.nombre_producto) : [];

  it('one clear match, with typos, plurals and joined words', () => {
    expect(nombres(buscarProducto(['coca', 'cola', 'zero'], catalogo))).toEqual(['Coca-Cola Zero 1.5L']);
    expect(nombres(buscarProducto(['lehce', 'entera'], catalogo))).toEqual(['Leche Entera 1L']);
    expect(nombres(buscarProducto(['panes'], catalogo))).toEqual(['Pan Amasado']);
    expect(nombres(buscarProducto(['cocacola', 'zero'], catalogo))).toEqual(['Coca-Cola Zero 1.5L']);
  });

  it('the best candidates when ambiguous, none when nothing fits', () => {
    const leche = buscarProducto(['leche'], catalogo);
    expect(leche.tipo).toBe('varios');
    expect(nombres(leche).sort()).toEqual(['Leche Descremada 1L', 'Leche Entera 1L']);
    expect(nombres(buscarProducto(['coca'], catalogo))).toEqual(['Coca-Cola 1.5L', 'Coca-Cola Zero 1.5L']);
    expect(buscarProducto(['detergente'], catalogo).tipo).toBe('ninguno');
  });
});
