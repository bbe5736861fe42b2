// POST /api/badito against a fixture shop whose sales sit at days counted back from today. The
// expected figures are summed here, by hand, from the rows inserted below (never by Badito's own
// code), for the periods as the issue defines them: today, yesterday, this week from Monday and
// this month from day 1, in Santiago. Every row's units are a different power of two, so no two
// products can tie in any window.
import { MAX_MENSAJE_BADITO, MENSAJE_BADITO_VACIO } from '@minimarket/contracts/badito';
import type { MetodoPago } from '@minimarket/contracts/comunes';
import { contar, formatClp } from '@minimarket/contracts/formato';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearTestUsuario, diaSemana, hace, hoy, insertarVentasDeHistorial, instante } from './analitica-fixture.js';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
let tienda: number;
let cliente: Awaited<ReturnType<TestContext['as']>>;
const lunes = hace(diaSemana(hoy) - 1);
const primeroDelMes = `${hoy.slice(0, 7)}-01`;

// clave: [nombre, categoría, precio, stock, estado]. The shop's threshold is the default, 5.
const PRODUCTOS = {
  pan: ['Pan amasado', 'Panadería', 1000, 5, 'activo'], // exactly at the threshold: not low (esStockBajo: fewer than it)
  entera: ['Leche entera 1L', 'Lácteos y Quesos', 1500, 3, 'activo'], // low
  descremada: ['Leche descremada 1L', 'Lácteos y Quesos', 1600, 10, 'activo'],
  arroz: ['Arroz grado 1', 'Abarrotes', 2000, 0, 'activo'], // out of stock
  bebida: ['Bebida cola 3L', 'Botillería', 2500, 0, 'activo'], // out of stock
  galletas: ['Galletas de agua', 'Abarrotes', 800, 20, 'activo'],
  fideos: ['Fideos spaghetti', 'Abarrotes', 900, 4, 'activo'], // low
  detergente: ['Detergente líquido', 'Limpieza', 3000, 6, 'activo'], // one above the threshold
  aceite: ['Aceite maravilla', 'Abarrotes', 1800, 0, 'inactivo'], // inactive: in no list
} as const;
type P = keyof typeof PRODUCTOS;
const id = {} as Record<P, number>;
const nombre = (p: P) => PRODUCTOS[p][0];
const precio = (p: P) => PRODUCTOS[p][2];

interface Venta {
  dias: number;
  hora: number;
  metodo: MetodoPago;
  lineas: Array<[P, number]>;
  anulada?: boolean;
}
const VENTAS: Venta[] = [
  {
    dias: 0,
    hora: 9,
    metodo: 'Efectivo',
    lineas: [
      ['pan', 1],
      ['entera', 2],
    ],
  },
  { dias: 0, hora: 10, metodo: 'Efectivo', lineas: [['galletas', 4]] },
  { dias: 0, hora: 11, metodo: 'Tarjeta de Débito', lineas: [['arroz', 8]] },
  { dias: 0, hora: 12, metodo: 'Efectivo', lineas: [['bebida', 1024]], anulada: true }, // never counts
  { dias: 1, hora: 18, metodo: 'Efectivo', lineas: [['pan', 16]] },
  { dias: 1, hora: 19, metodo: 'Transferencia Bancaria', lineas: [['descremada', 32]] },
  { dias: 2, hora: 10, metodo: 'Efectivo', lineas: [['galletas', 64]] },
  { dias: 3, hora: 10, metodo: 'Efectivo', lineas: [['entera', 128]] },
  { dias: 5, hora: 13, metodo: 'Efectivo', lineas: [['fideos', 256]] },
  { dias: 9, hora: 13, metodo: 'Tarjeta de Crédito', lineas: [['pan', 512]] },
  { dias: 20, hora: 13, metodo: 'Efectivo', lineas: [['arroz', 2048]] },
  { dias: 40, hora: 13, metodo: 'Efectivo', lineas: [['descremada', 4096]] }, // before this month, always
];

// The expected figures, summed from the rows above.
const completadasEntre = (desde: string, hasta: string) =>
  VENTAS.filter((v) => !v.anulada && hace(v.dias) >= desde && hace(v.dias) <= hasta);
const pesos = (vs: Venta[]) => vs.reduce((s, v) => s + v.lineas.reduce((t, [p, u]) => t + precio(p) * u, 0), 0);
const RANGOS = {
  hoy: [hoy, hoy],
  ayer: [hace(1), hace(1)],
  semana: [lunes, hoy],
  mes: [primeroDelMes, hoy],
} as const;
type Periodo = keyof typeof RANGOS;
const ventasDe = (p: Periodo) => completadasEntre(...RANGOS[p]);
/** "3 ventas por $23.200" as Badito writes it. */
const cifraVentas = (p: Periodo) => `${contar(ventasDe(p).length, 'venta')} por ${formatClp(pesos(ventasDe(p)))}`;
const cifraTicket = (p: Periodo) => formatClp(Math.round(pesos(ventasDe(p)) / ventasDe(p).length));
function masVendido(p: Periodo): string {
  const unidades = new Map<P, number>();
  for (const v of ventasDe(p)) for (const [prod, u] of v.lineas) unidades.set(prod, (unidades.get(prod) ?? 0) + u);
  const [mejor] = [...unidades].sort((a, b) => b[1] - a[1]);
  return `${nombre(mejor![0])}: ${contar(mejor![1], 'unidad', 'unidades')}`;
}
function metodoMasUsado(): string {
  const usos = new Map<string, number>();
  for (const v of ventasDe('mes')) usos.set(v.metodo, (usos.get(v.metodo) ?? 0) + 1);
  const [mejor] = [...usos].sort((a, b) => b[1] - a[1]);
  return `${mejor![0]}: ${mejor![1]} de ${contar(ventasDe('mes').length, 'venta')}`;
}
const AGOTADOS = `Tienes 2 productos agotados: ${nombre('arroz')} y ${nombre('bebida')}`;
const BAJOS = `2 productos tienen stock bajo (menos de 5 unidades): ${nombre('entera')} (3) y ${nombre('fideos')} (4)`;

beforeAll(async () => {
  // Far more questions than a person asks in a minute: the throttle has its own test (badito-limite).
  ctx = await createTestContext({ BADITO_PREGUNTAS_POR_MINUTO: '100000' });
  const f = await crearTestUsuario(ctx, 'badito');
  tienda = f.idMinimarket;
  cliente = f.cliente;
  for (const [clave, [nombre_producto, categoria, venta, stock, estado]] of Object.entries(PRODUCTOS)) {
    const p = await ctx.db.producto.create({
      data: {
        id_minimarket: tienda,
        nombre_producto,
        categoria,
        precio_venta_actual: venta,
        precio_compra_actual: Math.round(venta * 0.7),
        stock,
        estado,
        codigo_barra: `BD-${clave}`,
      },
    });
    id[clave as P] = p.id_producto;
  }
  await insertarVentasDeHistorial(
    ctx,
    tienda,
    VENTAS.map((v) => ({
      fecha: instante(hace(v.dias), v.hora),
      metodo: v.metodo,
      anulada: v.anulada,
      lineas: v.lineas.map(([p, u]) => ({
        id_producto: id[p],
        num_unidades: u,
        precio_unitario: precio(p),
        nombre_producto: nombre(p),
        costo_unitario: Math.round(precio(p) * 0.7),
        categoria: PRODUCTOS[p][1],
      })),
    })),
  );
});
afterAll(() => ctx.close());

async function preguntar(mensaje: unknown, como = cliente, id_minimarket?: number) {
  return como.request({ method: 'POST', url: '/api/badito', payload: { mensaje, ...(id_minimarket ? { id_minimarket } : {}) } });
}

/** [pregunta, intención, lo que la respuesta debe decir]. */
const TABLA: Array<[string, string, () => string[]]> = [
  // Sales, today.
  ['¿Cuánto vendí hoy?', 'ventas_hoy', () => [cifraVentas('hoy')]],
  ['cuanto vendi hoy', 'ventas_hoy', () => [cifraVentas('hoy')]],
  ['cuánto hice hoy', 'ventas_hoy', () => [cifraVentas('hoy')]],
  ['CUANTO VENDÍ HOY???', 'ventas_hoy', () => [cifraVentas('hoy')]],
  ['cuanto bendi oy', 'ventas_hoy', () => [cifraVentas('hoy')]],
  ['cuánto llevo vendido', 'ventas_hoy', () => [cifraVentas('hoy')]],
  ['ventas del dia', 'ventas_hoy', () => [cifraVentas('hoy')]],
  ['cómo me fue hoy', 'ventas_hoy', () => [cifraVentas('hoy')]],
  ['cuanta plata hice hoy', 'ventas_hoy', () => [cifraVentas('hoy')]],
  ['cuántas boletas llevo hoy', 'ventas_hoy', () => [cifraVentas('hoy')]],
  ['hola badito, cuanto vendí hoy?', 'ventas_hoy', () => [cifraVentas('hoy')]],
  // Yesterday.
  ['cuánto vendí ayer', 'ventas_ayer', () => [cifraVentas('ayer')]],
  ['cuanto vendi ayer', 'ventas_ayer', () => [cifraVentas('ayer')]],
  ['y ayer?', 'ventas_ayer', () => [cifraVentas('ayer')]],
  ['cuanto hicimos aller', 'ventas_ayer', () => [cifraVentas('ayer')]],
  ['ventas de ayer', 'ventas_ayer', () => [cifraVentas('ayer')]],
  // This week.
  ['ventas de la semana', 'ventas_semana', () => [cifraVentas('semana')]],
  ['cuánto llevo esta semana', 'ventas_semana', () => [cifraVentas('semana')]],
  ['cuanto vendimos en la semana', 'ventas_semana', () => [cifraVentas('semana')]],
  ['ventas semanales', 'ventas_semana', () => [cifraVentas('semana')]],
  // This month.
  ['cuánto vendí este mes', 'ventas_mes', () => [cifraVentas('mes')]],
  ['cuanto facture este mes', 'ventas_mes', () => [cifraVentas('mes')]],
  ['ventas del mez', 'ventas_mes', () => [cifraVentas('mes')]],
  ['cómo van las ventas del mes', 'ventas_mes', () => [cifraVentas('mes')]],
  // Average ticket.
  ['ticket promedio de hoy', 'ticket_hoy', () => [cifraTicket('hoy')]],
  ['cual es mi tiket promedio', 'ticket_hoy', () => [cifraTicket('hoy')]],
  ['promedio por boleta ayer', 'ticket_ayer', () => [cifraTicket('ayer')]],
  ['ticket promedio de la semana', 'ticket_semana', () => [cifraTicket('semana')]],
  ['ticket promedio del mes', 'ticket_mes', () => [cifraTicket('mes')]],
  ['gasto promedio por cliente este mes', 'ticket_mes', () => [cifraTicket('mes')]],
  // Best sellers.
  ['lo que más salió', 'mas_vendido_semana', () => [masVendido('semana')]],
  ['qué es lo más vendido esta semana', 'mas_vendido_semana', () => [masVendido('semana')]],
  ['producto mas vendido de la semana', 'mas_vendido_semana', () => [masVendido('semana')]],
  ['que se vende mas', 'mas_vendido_semana', () => [masVendido('semana')]],
  ['cuál es mi producto estrella este mes', 'mas_vendido_mes', () => [masVendido('mes')]],
  ['lo mas vendido del mes', 'mas_vendido_mes', () => [masVendido('mes')]],
  ['qué salió más este mes', 'mas_vendido_mes', () => [masVendido('mes')]],
  // Out of stock.
  ['qué se me acabó', 'agotados', () => [AGOTADOS]],
  ['que se me acabo', 'agotados', () => [AGOTADOS]],
  ['productos agotados', 'agotados', () => [AGOTADOS]],
  ['que productos estan agotaos', 'agotados', () => [AGOTADOS]],
  ['qué productos no tienen stock', 'agotados', () => [AGOTADOS]],
  ['que cosas me faltan', 'agotados', () => [AGOTADOS]],
  // Low stock.
  ['stock bajo', 'stock_bajo', () => [BAJOS]],
  ['qué se está acabando', 'stock_bajo', () => [BAJOS]],
  ['qué tengo que reponer', 'stock_bajo', () => [BAJOS]],
  ['productos con poco stock', 'stock_bajo', () => [BAJOS, 'hay 2 productos agotados']],
  ['que esta por agotarse', 'stock_bajo', () => [BAJOS]],
  // A product's stock and price.
  ['cuánto cuesta el pan', 'producto', () => [`${nombre('pan')}: quedan 5 unidades`, formatClp(1000)]],
  ['precio del pan amasado', 'producto', () => [nombre('pan'), formatClp(1000)]],
  ['cuantos panes me quedan', 'producto', () => [`${nombre('pan')}: quedan 5 unidades`]],
  ['stock de arroz', 'producto', () => [`${nombre('arroz')}: está agotado`, formatClp(2000)]],
  ['cuanto vale la lehce entera', 'producto', () => [`${nombre('entera')}: quedan 3 unidades`, formatClp(1500)]],
  ['cuantas quedan de leche', 'producto', () => ['Encontré 2 productos para «leche»', nombre('entera'), nombre('descremada')]],
  ['galletas de agua', 'producto', () => [`${nombre('galletas')}: quedan 20 unidades`, formatClp(800)]],
  ['precio de la coca cola', 'producto', () => ['No encontré exactamente «coca cola»', nombre('bebida')]],
  ['precio del detergente en polvo', 'producto', () => ['No encontré exactamente «detergente polvo»', nombre('detergente')]],
  ['cuanto cuesta el champú', 'producto', () => ['No encontré un producto activo llamado «champu»']],
  // Payment method.
  ['método de pago más usado', 'metodo_pago_mes', () => [metodoMasUsado()]],
  ['como me pagan mas, tarjeta o efectivo?', 'metodo_pago_mes', () => [metodoMasUsado()]],
  ['forma de pago que mas usan este mes', 'metodo_pago_mes', () => [metodoMasUsado()]],
  // How-to.
  ['cómo subo un excel', 'ayuda_cargar', () => ['Cargar Información']],
  ['como cargo mis productos desde un archivo', 'ayuda_cargar', () => ['Cargar Información']],
  ['quiero importar ventas en csv', 'ayuda_cargar', () => ['Cargar Información']],
  ['cómo registro una venta', 'ayuda_vender', () => ['POS › Nueva venta']],
  ['como vendo con el lector', 'ayuda_vender', () => ['POS › Nueva venta']],
  ['cómo agrego un producto', 'ayuda_producto', () => ['POS › Nuevo producto']],
  ['crear producto nuevo', 'ayuda_producto', () => ['POS › Nuevo producto']],
  ['cómo leo las recomendaciones', 'ayuda_recomendaciones', () => ['Visualizar › Recomendaciones']],
  ['que me recomiendas', 'ayuda_recomendaciones', () => ['Visualizar › Recomendaciones']],
  // Conversation.
  ['hola badito', 'saludo', () => ['Soy Badito']],
  ['wena', 'saludo', () => ['Soy Badito']],
  ['buenas tardes', 'saludo', () => ['Soy Badito']],
  ['muchas gracias', 'saludo', () => ['De nada']],
  ['qué puedes hacer', 'capacidades', () => ['Ventas y ticket promedio']],
  ['q sabes hacer?', 'capacidades', () => ['Ventas y ticket promedio']],
  ['ayuda', 'capacidades', () => ['Ventas y ticket promedio']],
  // What it cannot answer.
  ['cuál es la capital de Francia', 'desconocida', () => ['pase a soporte']],
  ['cuánto vendí la semana pasada', 'desconocida', () => ['hoy, ayer, esta semana']],
];

describe('POST /api/badito', () => {
  it('the table has at least 60 phrasings', () => {
    expect(TABLA.length).toBeGreaterThanOrEqual(60);
  });

  it('the fixture spans the periods (sanity of the hand sums)', () => {
    expect(pesos(ventasDe('hoy'))).toBe(1000 + 2 * 1500 + 4 * 800 + 8 * 2000);
    expect(ventasDe('hoy')).toHaveLength(3);
    expect(ventasDe('ayer')).toHaveLength(2);
    expect(ventasDe('mes').length).toBeGreaterThanOrEqual(3);
  });

  it.each(TABLA)('«%s» → %s with the figure', async (pregunta, intencion, esperado) => {
    const res = await preguntar(pregunta);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.intencion).toBe(intencion);
    for (const texto of esperado()) expect(r.respuesta).toContain(texto);
    expect(r.derivar_a_soporte).toBe(intencion === 'desconocida');
    expect(r.sugerencias.length).toBeGreaterThanOrEqual(2);
    expect(r.sugerencias.length).toBeLessThanOrEqual(4);
  });

  it('an empty or blank question is refused with the contract message', async () => {
    for (const mensaje of ['', '   ', '\n\t']) {
      const res = await preguntar(mensaje);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe(MENSAJE_BADITO_VACIO);
    }
  });

  it('another shop is refused (403), whatever the question', async () => {
    const ajena = await ctx.shopOf(DEMO.pyme.correo);
    for (const mensaje of ['¿cuánto vendí hoy?', 'hola']) {
      const res = await preguntar(mensaje, cliente, ajena);
      expect(res.statusCode).toBe(403);
    }
  });

  it('an administrador without a shop gets how-to answers, and is asked to choose one for figures', async () => {
    const admin = await ctx.as(DEMO.admin);
    const hola = (await preguntar('hola', admin)).json();
    expect(hola.intencion).toBe('saludo');
    const como = (await preguntar('cómo subo un archivo', admin)).json();
    expect(como.respuesta).toContain('Cargar Información');
    const res = await preguntar('cuánto vendí hoy', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ intencion: 'ventas_hoy', derivar_a_soporte: false });
    expect(res.json().respuesta).toContain('elige el minimarket');
    const conTienda = (await preguntar('cuánto vendí hoy', admin, tienda)).json();
    expect(conTienda.respuesta).toContain(cifraVentas('hoy'));
  });

  it('an unknown question offers support', async () => {
    const r = (await preguntar('el sistema me cobró dos veces la mensualidad')).json();
    expect(r.intencion).toBe('desconocida');
    expect(r.derivar_a_soporte).toBe(true);
  });

  it('never a 500, whatever the text', async () => {
    const raros = [
      '🤔🤔🤔',
      '💸'.repeat(100),
      '?!?!¿¡.,;',
      'a'.repeat(MAX_MENSAJE_BADITO),
      '<script>alert(1)</script>',
      "'; DROP TABLE venta; --",
      '\u0001\u0002\u200b',
      'ñandú ÑANDÚ',
      '%s %d {{x}}',
      'pan '.repeat(120),
    ];
    for (const mensaje of raros) {
      const res = await preguntar(mensaje);
      expect(res.statusCode, mensaje).toBe(200);
      expect(typeof res.json().respuesta).toBe('string');
    }
    expect((await preguntar('a'.repeat(MAX_MENSAJE_BADITO + 1))).statusCode).toBe(422);
    expect((await preguntar(42)).statusCode).toBe(422);
    // The NUL character is refused app-wide (plugins/app/sin-nulos.ts), before Badito.
    expect((await preguntar('hola\u0000')).statusCode).toBe(400);
  });
});
