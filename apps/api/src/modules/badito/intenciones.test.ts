import { INTENCIONES_BADITO, type IntencionBadito } from '@minimarket/contracts/badito';
import { describe, expect, it } from 'vitest';
import { clasificar, CONFIANZA_MINIMA, MAX_PALABRAS_PREGUNTA } from './intenciones/index.js';
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

  it('reads a period and payment methods together, a negated method as the others', () => {
    expect(clasificar('¿cuánto vendí ayer en efectivo?')).toMatchObject({ intencion: 'ventas_ayer', metodos: ['Efectivo'] });
    expect(clasificar('ventas de hoy con tarjeta')).toMatchObject({
      intencion: 'ventas_hoy',
      metodos: ['Tarjeta de Débito', 'Tarjeta de Crédito'],
    });
    expect(clasificar('¿cuánto entró por transferencia esta semana?')).toMatchObject({
      intencion: 'ventas_semana',
      metodos: ['Transferencia Bancaria'],
    });
    expect(clasificar('ventas con tarjeta de debito')).toMatchObject({ metodos: ['Tarjeta de Débito'] });
    // A sale on credit (Fiado) is not a card sale either.
    expect(clasificar('ventas sin tarjeta')).toMatchObject({ metodos: ['Efectivo', 'Transferencia Bancaria', 'Fiado'] });
    expect(clasificar('cuanto vendi hoy')).toMatchObject({ intencion: 'ventas_hoy', metodos: null });
    // Two methods named: each one, not their sum.
    expect(clasificar('cuanto en efectivo y cuanto con tarjeta ayer').intencion).toBe('metodo_pago_ayer');
    // A method where it does not apply: the fallback, not the figure without it.
    expect(clasificar('lo mas vendido en efectivo')).toMatchObject({ intencion: 'desconocida', motivo: 'metodo_no_aplica' });
  });

  it('answers a negation with its own answer, never the positive one', () => {
    expect(clasificar('¿qué productos no tengo?').intencion).toBe('agotados');
    expect(clasificar('¿qué me falta?').intencion).toBe('agotados');
    expect(clasificar('productos sin stock').intencion).toBe('agotados');
    expect(clasificar('¿qué no se vende?').intencion).toBe('sin_ventas');
    expect(clasificar('productos que nadie compra').intencion).toBe('sin_ventas');
    expect(clasificar('no vendi nada hoy?').intencion).toBe('ventas_hoy');
    expect(clasificar('no hay pan?')).toMatchObject({ intencion: 'producto', consultaProducto: ['pan'] });
    expect(clasificar('que es lo menos vendido')).toMatchObject({ intencion: 'desconocida', motivo: 'menos_vendido' });
    expect(clasificar('cuanto vendi sin contar las anuladas')).toMatchObject({ intencion: 'desconocida', motivo: 'negacion' });
  });

  it('a word it does not know changes the question: the fallback names it', () => {
    expect(clasificar('cuanto vendi de pan hoy')).toMatchObject({
      intencion: 'desconocida',
      motivo: 'desconocidas',
      desconocidas: ['pan'],
      casi: 'ventas_hoy',
    });
    expect(clasificar('cuanto vendi el otro dia').motivo).toBe('desconocidas');
    expect(clasificar('como anulo una venta')).toMatchObject({ intencion: 'desconocida', desconocidas: ['anulo'] });
  });

  it('a typo never decides an intent, and a real word is no typo of another', () => {
    // "lata" is one letter from "plata" (sales): not read so, it is part of the product's name.
    expect(clasificar('precio coca cola lata')).toMatchObject({ intencion: 'producto', consultaProducto: ['coca', 'cola', 'lata'] });
    expect(clasificar('q se agoto').intencion).toBe('agotados');
    expect(clasificar('tengo coca cola zero?').consultaProducto).toEqual(['coca', 'cola', 'zero']);
    expect(clasificar('cuando vendi mas').intencion).toBe('desconocida');
    for (const texto of ['cuanto vendi hoy', 'precio del pan', 'productos agotados']) {
      expect(clasificar(texto).confianza).toBeGreaterThanOrEqual(CONFIANZA_MINIMA);
    }
  });

  it.each([
    ['¿me conviene subirle el precio al pan?', 'fuera_de_alcance'],
    ['¿va a llover mañana?', 'fuera_de_alcance'],
    ['¿cómo está el dólar?', 'fuera_de_alcance'],
    ['cuanto hay en caja', 'caja'],
    ['cuanto gane hoy', 'ganancia'],
    ['quiero subir el precio del pan', 'cambio_precio'],
    ['vendi mas hoy que ayer', 'comparacion'],
    ['agotados de la semana pasada', 'periodo_stock'],
    ['que dia es hoy', 'sin_intencion'],
  ] as const)('«%s» is not answered with a figure (%s)', (texto, motivo) => {
    expect(clasificar(texto)).toMatchObject({ intencion: 'desconocida', motivo });
  });

  it('a long message is not read word by word', () => {
    expect(clasificar('pan '.repeat(MAX_PALABRAS_PREGUNTA + 1)).motivo).toBe('larga');
  });

  it('understands every follow-up question it offers', () => {
    for (const [intencion, sugerencias] of Object.entries(TODAS_LAS_SUGERENCIAS)) {
      expect(sugerencias.length, intencion).toBeGreaterThanOrEqual(2);
      expect(sugerencias.length, intencion).toBeLessThanOrEqual(4);
      for (const s of sugerencias) expect(clasificar(s).intencion, s).not.toBe('desconocida');
    }
  });
});

describe('la libreta de fiado', () => {
  const deuda = (t: string) => {
    const c = clasificar(t);
    return [c.intencion, c.consultaCliente.join(' ')];
  };
  it('names the customer asked about, without how one calls them', () => {
    expect(deuda('¿Cuánto me debe la señora Juana?')).toEqual(['deuda_cliente', 'juana']);
    expect(deuda('cuanto me debe juana perez')).toEqual(['deuda_cliente', 'juana perez']);
    expect(deuda('cuánto debe don Pedro')).toEqual(['deuda_cliente', 'pedro']);
    expect(deuda('la tía Rosa me debe algo?')).toEqual(['deuda_cliente', 'rosa']);
    expect(deuda('cuanto tiene fiado la sra marta')).toEqual(['deuda_cliente', 'marta']);
    expect(deuda('deuda de la caserita Juana')).toEqual(['deuda_cliente', 'juana']);
  });
  it('who owes most, and the total', () => {
    expect(deuda('¿Quién me debe más?')).toEqual(['mayores_deudores', '']);
    expect(deuda('quienes me deben')).toEqual(['mayores_deudores', '']);
    expect(deuda('lista de deudores')).toEqual(['mayores_deudores', '']);
    expect(deuda('cuanto me debe cada cliente')).toEqual(['mayores_deudores', '']);
    expect(deuda('¿Cuánto me deben?')).toEqual(['por_cobrar', '']);
    expect(deuda('cuanto me deben en total los clientes')).toEqual(['por_cobrar', '']);
    expect(deuda('cuentas por cobrar')).toEqual(['por_cobrar', '']);
    expect(deuda('cuanto tengo fiado')).toEqual(['por_cobrar', '']);
  });
  it('a sale on credit is a sale by payment method Fiado, like one in cash', () => {
    const fiado = ['Fiado'];
    expect(clasificar('¿cuánto vendí fiado hoy?')).toMatchObject({ intencion: 'ventas_hoy', metodos: fiado, motivo: null });
    expect(clasificar('¿cuánto fié este mes?')).toMatchObject({ intencion: 'ventas_mes', metodos: fiado });
    expect(clasificar('ventas fiadas de la semana')).toMatchObject({ intencion: 'ventas_semana', metodos: fiado });
    expect(clasificar('¿cuánto vendí al fiado ayer?')).toMatchObject({ intencion: 'ventas_ayer', metodos: fiado });
    expect(clasificar('cuanto vendi fiao')).toMatchObject({ intencion: 'ventas_hoy', metodos: fiado });
    expect(clasificar('cuantas boletas fiadas hoy')).toMatchObject({ intencion: 'ventas_hoy', metodos: fiado });
    expect(clasificar('cuanto se fio ayer')).toMatchObject({ intencion: 'ventas_ayer', metodos: fiado });
    expect(clasificar('ticket promedio fiado')).toMatchObject({ intencion: 'ticket_hoy', metodos: fiado });
    // Negated, the other methods; with another method, each one.
    const sinFiado = ['Efectivo', 'Tarjeta de Débito', 'Transferencia Bancaria', 'Tarjeta de Crédito'];
    expect(clasificar('cuanto vendi hoy que no fue fiado')).toMatchObject({ intencion: 'ventas_hoy', metodos: sinFiado });
    expect(clasificar('ventas sin fiado de hoy')).toMatchObject({ intencion: 'ventas_hoy', metodos: sinFiado });
    expect(clasificar('cuanto vendi en efectivo y fiado hoy').intencion).toBe('metodo_pago_hoy');
    // How to sell on credit is how to sell (the answer names the customer Fiado asks for).
    expect(clasificar('como vendo fiado').intencion).toBe('ayuda_vender');
    // What is owed now keeps its answers.
    expect(deuda('¿cuánto tengo fiado?')).toEqual(['por_cobrar', '']);
    expect(deuda('cuanta plata tengo fiada')).toEqual(['por_cobrar', '']);
    expect(deuda('cuanto tiene fiado la juana')).toEqual(['deuda_cliente', 'juana']);
  });
  it('a sale on credit it cannot read exactly falls back, never a figure', () => {
    for (const t of [
      // To whom, or owed and sold at once: another question.
      'cuanto le fie a la juana',
      'cuanto vendi fiado a la juana',
      'cuanto me deben de lo que vendi fiado',
      'cuanto me deben de lo que fie',
      // "Llevo fiado" may be sold or owed: not guessed.
      'cuanto llevo fiado',
      'cuanto vendi fiado el mes pasado',
      'lo mas vendido fiado',
    ])
      expect(clasificar(t).intencion, t).toBe('desconocida');
  });
  it('never guesses: another period, a payment method, a negation or a word of another question', () => {
    for (const t of [
      'cuanto me debia juana el mes pasado',
      'cuanto me deben esta semana',
      'cuanto me deben en efectivo',
      'quien no me debe',
      'cuanto vendi fiado hoy',
      'quien me debe menos',
      'quien me debe mas juana',
      'cuanto le debo al proveedor',
      'cuanto me debe mi vecino',
      'precio de la libreta',
    ])
      expect(clasificar(t).intencion, t).not.toMatch(/por_cobrar|mayores_deudores|deuda_cliente/);
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

  it('every product that fits, not one picked among them', () => {
    const cocas = [
      ...catalogo.slice(0, 2),
      { id_producto: 6, nombre_producto: 'Coca-Cola lata 350ml', stock: 24, precio_venta_actual: 900 },
      { id_producto: 7, nombre_producto: 'Coca-Cola 3L', stock: 0, precio_venta_actual: 2990 },
      { id_producto: 8, nombre_producto: 'Bebida cola 3L', stock: 2, precio_venta_actual: 1990 },
      { id_producto: 9, nombre_producto: 'Panqueques', stock: 2, precio_venta_actual: 1990 },
      // Its brand says "Coca-Cola", its name does not: not a coca cola.
      { id_producto: 10, nombre_producto: 'Sprite 1.5L', marca: 'Coca-Cola', stock: 2, precio_venta_actual: 1890 },
      ...catalogo.slice(2),
    ];
    const todas = buscarProducto(['coca', 'cola'], cocas);
    expect(todas).toMatchObject({ tipo: 'varios', completos: true });
    expect(nombres(todas)).toHaveLength(4);
    expect(nombres(todas)).not.toContain('Sprite 1.5L');
    // A brand alone still finds its products.
    expect(nombres(buscarProducto(['sprite'], cocas))).toEqual(['Sprite 1.5L']);
    // "pan" lists what is surely pan, not the Panqueques that only start so.
    expect(nombres(buscarProducto(['pan'], cocas))).toEqual(['Pan Amasado']);
    // A name written out whole is that product; the others that fit are named too.
    const exacto = buscarProducto(['coca', 'cola', '3l'], cocas);
    expect(exacto.tipo).toBe('uno');
    // A bare name (no question around it) counts only names said word by word.
    expect(buscarProducto(['lehce', 'entera'], catalogo, { soloSeguros: true }).tipo).toBe('ninguno');
    expect(buscarProducto(['lehce', 'entera'], catalogo).tipo).toBe('uno');
  });

  it('the best candidates when ambiguous, none when nothing fits', () => {
    const leche = buscarProducto(['leche'], catalogo);
    expect(leche.tipo).toBe('varios');
    expect(nombres(leche).sort()).toEqual(['Leche Descremada 1L', 'Leche Entera 1L']);
    expect(nombres(buscarProducto(['coca'], catalogo))).toEqual(['Coca-Cola 1.5L', 'Coca-Cola Zero 1.5L']);
    expect(buscarProducto(['detergente'], catalogo).tipo).toBe('ninguno');
  });
});
