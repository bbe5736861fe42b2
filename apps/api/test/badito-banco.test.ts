// Badito never bluffs: a bank of questions written as Chilean shop owners type them (no accents,
// typos, slang, "q", "x", "plata", "lucas"), each with the intent it asks for, put to POST /api/badito
// against a fixture shop whose every figure is summed here by hand from the rows inserted below.
//
// For every question the answer is either the intent expected, with the right figure (and the
// payment methods it is limited to), or the honest fallback ('desconocida': support offered, no
// figure at all). Any other intent is a confident wrong answer and fails. The clear questions must
// hit their intent (only the few marked `puede` may fall back), the out-of-scope ones must fall back,
// and the share that hits has a floor.
import type { IntencionBadito } from '@minimarket/contracts/badito';
import type { MetodoPago } from '@minimarket/contracts/comunes';
import { contar, formatClp } from '@minimarket/contracts/formato';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearTestUsuario, diaSemana, hace, hoy, insertarVentasDeHistorial, instante } from './analitica-fixture.js';
import { createTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
let tienda: number;
let cliente: Awaited<ReturnType<TestContext['as']>>;
const RANGOS = {
  hoy: [hoy, hoy],
  ayer: [hace(1), hace(1)],
  semana: [hace(diaSemana(hoy) - 1), hoy],
  mes: [`${hoy.slice(0, 7)}-01`, hoy],
} as const;
type Periodo = keyof typeof RANGOS;

const EFECTIVO: MetodoPago = 'Efectivo';
const DEBITO: MetodoPago = 'Tarjeta de Débito';
const CREDITO: MetodoPago = 'Tarjeta de Crédito';
const TRANSFERENCIA: MetodoPago = 'Transferencia Bancaria';
// A sale on credit (la libreta): "sin tarjeta" and "menos efectivo" leave it in.
const FIADO: MetodoPago = 'Fiado';
const TARJETA = [DEBITO, CREDITO];

// clave: [nombre, precio de venta, precio de compra, stock, marca?]. The shop's low-stock threshold is the default, 5.
const PRODUCTOS = {
  coca15: ['Coca-Cola 1.5L', 1990, 1300, 12],
  coca3: ['Coca-Cola 3L', 2990, 2000, 5],
  cocaZero: ['Coca-Cola Zero 1.5L', 1990, 1300, 0],
  cocaLata: ['Coca-Cola lata 350ml', 900, 550, 24],
  coca2: ['Coca-Cola 2L retornable', 1790, 1100, 8],
  cocaZeroLata: ['Coca-Cola Zero lata 350ml', 900, 550, 2],
  pan: ['Pan amasado', 1500, 1000, 40],
  molde: ['Pan de molde', 2200, 1500, 6],
  entera: ['Leche entera 1L', 1100, 800, 0],
  descremada: ['Leche descremada 1L', 1150, 820, 3],
  arroz: ['Arroz grado 1', 1800, 1200, 0],
  galletas: ['Galletas de agua', 800, 450, 20],
  aceite: ['Aceite maravilla 1L', 2500, 1900, 7],
  fideos: ['Fideos spaghetti', 900, 600, 4],
  // Its brand is Coca-Cola, its name is not: no answer to "la coca cola" lists it.
  sprite: ['Sprite 1.5L', 1890, 1200, 10, 'Coca-Cola'],
} as const;
type P = keyof typeof PRODUCTOS;
const id = {} as Record<P, number>;
const nombre = (p: P) => PRODUCTOS[p][0];
const precio = (p: P) => PRODUCTOS[p][1];
const COCAS: P[] = ['coca15', 'coca3', 'cocaZero', 'cocaLata', 'coca2', 'cocaZeroLata'];

// La libreta (docs/fiado.md): customers of the fixture shop, their sales on credit and their abonos.
// Rosa's two recent ones (today and yesterday, paid today) are the figures of «¿cuánto vendí fiado?»;
// the others are older than a month.
const CLIENTES = { juana: 'Juana Pérez', mariaJose: 'María José Pérez', pedro: 'Pedro Soto', rosa: 'Rosa Muñoz' } as const;
type C = keyof typeof CLIENTES;
const idCliente = {} as Record<C, number>;

interface Venta {
  dias: number;
  hora: number;
  metodo: MetodoPago;
  lineas: Array<[P, number]>;
  anulada?: boolean;
  /** A sale on credit: whose. */
  cliente?: C;
}
const VENTAS: Venta[] = [
  { dias: 0, hora: 9, metodo: EFECTIVO, lineas: [['pan', 2]] },
  { dias: 0, hora: 10, metodo: DEBITO, lineas: [['coca15', 1]] },
  { dias: 0, hora: 11, metodo: TRANSFERENCIA, lineas: [['cocaLata', 3]] },
  { dias: 0, hora: 12, metodo: CREDITO, lineas: [['molde', 1]] },
  { dias: 0, hora: 13, metodo: EFECTIVO, lineas: [['fideos', 2]] },
  { dias: 0, hora: 14, metodo: EFECTIVO, lineas: [['arroz', 10]], anulada: true }, // never counts
  { dias: 1, hora: 18, metodo: EFECTIVO, lineas: [['pan', 4]] },
  { dias: 1, hora: 19, metodo: EFECTIVO, lineas: [['coca2', 1]] },
  { dias: 1, hora: 20, metodo: DEBITO, lineas: [['descremada', 2]] },
  { dias: 1, hora: 21, metodo: TRANSFERENCIA, lineas: [['cocaLata', 1]] },
  { dias: 2, hora: 12, metodo: CREDITO, lineas: [['coca15', 2]] },
  { dias: 3, hora: 12, metodo: EFECTIVO, lineas: [['entera', 5]] },
  { dias: 6, hora: 12, metodo: DEBITO, lineas: [['pan', 8]] },
  { dias: 12, hora: 12, metodo: EFECTIVO, lineas: [['cocaZero', 6]] },
  { dias: 20, hora: 12, metodo: TRANSFERENCIA, lineas: [['sprite', 1]] },
  { dias: 25, hora: 12, metodo: TRANSFERENCIA, lineas: [['cocaZeroLata', 3]] },
  { dias: 40, hora: 12, metodo: EFECTIVO, lineas: [['aceite', 2]] },
  { dias: 45, hora: 12, metodo: FIADO, cliente: 'juana', lineas: [['aceite', 5]] }, // $12.500
  { dias: 35, hora: 12, metodo: FIADO, cliente: 'juana', lineas: [['arroz', 2]] }, // $3.600
  { dias: 40, hora: 10, metodo: FIADO, cliente: 'mariaJose', lineas: [['molde', 4]] }, // $8.800
  { dias: 33, hora: 12, metodo: FIADO, cliente: 'pedro', lineas: [['pan', 2]] }, // $3.000
  { dias: 50, hora: 12, metodo: FIADO, cliente: 'rosa', lineas: [['galletas', 5]] }, // $4.000
  { dias: 1, hora: 11, metodo: FIADO, cliente: 'rosa', lineas: [['cocaLata', 2]] }, // $1.800
  { dias: 0, hora: 8, metodo: FIADO, cliente: 'rosa', lineas: [['molde', 1]] }, // $2.200
];
// [cliente, monto, hace cuántos días]: Juana pays her newer purchase's worth (the oldest stays
// unpaid: 45 days), María José $800, Rosa all of it (her old purchase, then today her two recent ones).
const ABONOS: Array<[C, number, number]> = [
  ['juana', 3600, 30],
  ['mariaJose', 800, 20],
  ['rosa', 4000, 10],
  ['rosa', 4000, 0],
];
// By hand: Juana $12.500 since 45 days, María José $8.000 since 40, Pedro $3.000 since 33, Rosa nothing.
const DEUDA = {
  juana: 'Juana Pérez te debe $12.500 desde hace 45 días.',
  mariaJose: 'María José Pérez te debe $8.000 desde hace 40 días.',
  pedro: 'Pedro Soto te debe $3.000 desde hace 33 días.',
  rosa: 'Rosa Muñoz no te debe nada: su cuenta está al día.',
} as const;
const POR_COBRAR =
  'Tus clientes te deben $23.500 en total (3 clientes con saldo en la libreta). La compra impaga más antigua es de hace 45 días.';
const MAYORES_DEUDORES =
  'Quien más te debe es Juana Pérez: $12.500 desde hace 45 días. Le siguen María José Pérez ($8.000) y Pedro Soto ($3.000). En total te deben $23.500.';

// The expected figures, summed from the rows above.
const pesos = (v: Venta) => v.lineas.reduce((s, [p, u]) => s + precio(p) * u, 0);
const ventasDe = (p: Periodo, metodos: readonly MetodoPago[] | null = null) =>
  VENTAS.filter(
    (v) => !v.anulada && hace(v.dias) >= RANGOS[p][0] && hace(v.dias) <= RANGOS[p][1] && (!metodos || metodos.includes(v.metodo)),
  );
const suma = (vs: Venta[]) => vs.reduce((s, v) => s + pesos(v), 0);
function cifraVentas(p: Periodo, metodos: readonly MetodoPago[] | null): string {
  const vs = ventasDe(p, metodos);
  return vs.length === 0 ? 'no registras ventas completadas' : `${contar(vs.length, 'venta')} por ${formatClp(suma(vs))}`;
}
function cifraTicket(p: Periodo, metodos: readonly MetodoPago[] | null): string {
  const vs = ventasDe(p, metodos);
  return vs.length === 0 ? 'todavía no hay ticket promedio' : formatClp(Math.round(suma(vs) / vs.length));
}
function masVendido(p: Periodo): string {
  const por = new Map<P, [number, number]>();
  for (const v of ventasDe(p))
    for (const [prod, u] of v.lineas) {
      const [uu, pp] = por.get(prod) ?? [0, 0];
      por.set(prod, [uu + u, pp + u * precio(prod)]);
    }
  const [mejor] = [...por].sort((a, b) => b[1][0] - a[1][0] || b[1][1] - a[1][1]);
  return `${nombre(mejor![0])}: ${contar(mejor![1][0], 'unidad', 'unidades')}`;
}
function metodoMasUsado(p: Periodo): string {
  const por = new Map<string, [number, number]>();
  for (const v of ventasDe(p)) {
    const [n, s] = por.get(v.metodo) ?? [0, 0];
    por.set(v.metodo, [n + 1, s + pesos(v)]);
  }
  const [mejor] = [...por].sort((a, b) => b[1][0] - a[1][0] || b[1][1] - a[1][1] || a[0].localeCompare(b[0]));
  return `${mejor![0]}: ${mejor![1][0]} de ${contar(ventasDe(p).length, 'venta')}`;
}
/** Active, with stock, no sale that counts in the last 30 days (all created long before): most capital first. */
const SIN_VENTAS = (Object.keys(PRODUCTOS) as P[])
  .filter((p) => PRODUCTOS[p][3] > 0 && !VENTAS.some((v) => !v.anulada && v.dias < 30 && v.lineas.some(([x]) => x === p)))
  .sort((a, b) => PRODUCTOS[b][3] * PRODUCTOS[b][2] - PRODUCTOS[a][3] * PRODUCTOS[a][2]);
const AGOTADOS = `Tienes 3 productos agotados: ${nombre('arroz')}, ${nombre('cocaZero')} y ${nombre('entera')}`;
const BAJOS = `3 productos tienen stock bajo (menos de 5 unidades): ${nombre('cocaZeroLata')} (2), ${nombre('descremada')} (3) y ${nombre('fideos')} (4)`;

interface Extra {
  /** The payment methods the figure is limited to. */
  metodos?: MetodoPago[];
  /** For a product question: the products the answer names (all of them). */
  nombres?: P[];
  /** For a product, a customer or a sales question: words the answer says (besides names and the figure). */
  dice?: string[];
  /** An ambiguous phrasing: the honest fallback is as good as the intent. */
  puede?: true;
}
type Fila = [string, IntencionBadito, Extra?];

const BANCO: Fila[] = [
  // Sales, today.
  ['cuanto vendi hoy', 'ventas_hoy'],
  ['¿Cuánto vendí hoy?', 'ventas_hoy'],
  ['CUANTO VENDI HOY???', 'ventas_hoy'],
  ['cnto vendi hoy', 'ventas_hoy'],
  ['cuanto bendi oy', 'ventas_hoy'],
  ['cuanto ise hoy', 'ventas_hoy'],
  ['cuánto llevo hoy', 'ventas_hoy'],
  ['cuanto llevamos vendido', 'ventas_hoy'],
  ['como voy hoy', 'ventas_hoy'],
  ['como nos fue hoy', 'ventas_hoy'],
  ['ventas de hoy', 'ventas_hoy'],
  ['ventaz de oy', 'ventas_hoy'],
  ['venta del dia', 'ventas_hoy'],
  ['q tal las ventas hoy', 'ventas_hoy'],
  ['cuanta plata hice hoy', 'ventas_hoy'],
  ['cuantas lucas llevo hoy', 'ventas_hoy'],
  ['cuantas ventas llevo', 'ventas_hoy'],
  ['cuantas boletas van hoy', 'ventas_hoy'],
  ['wena badito cuanto vendi hoy', 'ventas_hoy'],
  ['hola q tal, cuanto llevo hoy', 'ventas_hoy'],
  ['no vendi nada hoy?', 'ventas_hoy'],
  ['vendi algo hoy?', 'ventas_hoy'],
  ['gracias, y cuanto vendi ayer?', 'ventas_ayer'],
  ['que tal el mes', 'ventas_mes'],
  ['como estuvo ayer', 'ventas_ayer'],
  // Yesterday, this week, this month.
  ['cuanto vendimos ayer', 'ventas_ayer'],
  ['ventas de ayer', 'ventas_ayer'],
  ['cuanto se vendio ayer', 'ventas_ayer'],
  ['plata de ayer', 'ventas_ayer'],
  ['cuanto hice aller', 'ventas_ayer'],
  ['y ayer?', 'ventas_ayer'],
  ['ventas del dia de ayer', 'ventas_ayer'],
  ['cuanto llevo en la semana', 'ventas_semana'],
  ['como va la semana', 'ventas_semana'],
  ['ventas semanales', 'ventas_semana'],
  ['cuanto vendi esta semana', 'ventas_semana'],
  ['cuanto vendi esta semna', 'ventas_semana'],
  ['cuanto facture este mes', 'ventas_mes'],
  ['ventas del mes', 'ventas_mes'],
  ['ventas del mez', 'ventas_mes'],
  ['como vamos este mes', 'ventas_mes'],
  ['cuanto llevo del mes', 'ventas_mes'],
  ['recaudacion del mes', 'ventas_mes'],
  // Sales of a period and a payment method.
  ['¿cuánto vendí ayer en efectivo?', 'ventas_ayer', { metodos: [EFECTIVO] }],
  ['cuanto vendi ayer en efetivo', 'ventas_ayer', { metodos: [EFECTIVO] }],
  ['CUANTO VENDI AYER EN EFECTIVO', 'ventas_ayer', { metodos: [EFECTIVO] }],
  ['ventas de hoy con tarjeta', 'ventas_hoy', { metodos: TARJETA }],
  ['cuanto vendí hoy con tarjeta', 'ventas_hoy', { metodos: TARJETA }],
  ['cuanto vendi hoy con targeta', 'ventas_hoy', { metodos: TARJETA }],
  ['¿cuánto entró por transferencia esta semana?', 'ventas_semana', { metodos: [TRANSFERENCIA] }],
  ['cuanto entro x transferencia hoy', 'ventas_hoy', { metodos: [TRANSFERENCIA] }],
  ['transferencias de la semana', 'ventas_semana', { metodos: [TRANSFERENCIA] }],
  ['cuanto llevo x trasferencia', 'ventas_hoy', { metodos: [TRANSFERENCIA] }],
  ['plata de ayer en efectivo', 'ventas_ayer', { metodos: [EFECTIVO] }],
  ['plata en efectivo de hoy', 'ventas_hoy', { metodos: [EFECTIVO] }],
  ['cuanto me pagaron con tarjeta hoy', 'ventas_hoy', { metodos: TARJETA }],
  ['ventas con debito de hoy', 'ventas_hoy', { metodos: [DEBITO] }],
  ['cuanto vendi oy con debito', 'ventas_hoy', { metodos: [DEBITO] }],
  ['ventas redcompra hoy', 'ventas_hoy', { metodos: [DEBITO] }],
  ['cuanto en efectivo hoy', 'ventas_hoy', { metodos: [EFECTIVO] }],
  ['efectivo de ayer', 'ventas_ayer', { metodos: [EFECTIVO] }],
  ['y en efectivo?', 'ventas_hoy', { metodos: [EFECTIVO] }],
  ['y con tarjeta?', 'ventas_hoy', { metodos: TARJETA }],
  ['cuanto vendi con credito este mes', 'ventas_mes', { metodos: [CREDITO] }],
  ['ventas en efectivo del mes', 'ventas_mes', { metodos: [EFECTIVO] }],
  ['cuanto hice en transferencias ayer', 'ventas_ayer', { metodos: [TRANSFERENCIA] }],
  ['ventas con tarjeta de debito esta semana', 'ventas_semana', { metodos: [DEBITO] }],
  ['cuanto recaude en efectivo esta semana', 'ventas_semana', { metodos: [EFECTIVO] }],
  ['cuanto entro en efectivo ayer', 'ventas_ayer', { metodos: [EFECTIVO] }],
  ['cuanta plata en efectivo llevo', 'ventas_hoy', { metodos: [EFECTIVO] }],
  ['cuanta plata entro hoy en tarjeta', 'ventas_hoy', { metodos: TARJETA }],
  ['ventas tarjeta de credito ayer', 'ventas_ayer', { metodos: [CREDITO] }],
  // Negated methods: the others.
  ['ventas sin tarjeta hoy', 'ventas_hoy', { metodos: [EFECTIVO, TRANSFERENCIA, FIADO] }],
  ['cuanto vendi hoy que no fue en efectivo', 'ventas_hoy', { metodos: [DEBITO, TRANSFERENCIA, CREDITO, FIADO] }],
  ['ventas de ayer menos efectivo', 'ventas_ayer', { metodos: [DEBITO, TRANSFERENCIA, CREDITO, FIADO] }],
  // Sales on credit: Fiado is a payment method like the others (what is owed now is below).
  ['cuanto vendi fiado hoy', 'ventas_hoy', { metodos: [FIADO] }],
  ['¿Cuánto vendí fiado hoy?', 'ventas_hoy', { metodos: [FIADO], dice: ['Hoy al fiado llevas 1 venta por $2.200 en total.'] }],
  ['cuanto fie este mes', 'ventas_mes', { metodos: [FIADO] }],
  ['¿cuánto fié este mes?', 'ventas_mes', { metodos: [FIADO] }],
  ['ventas fiadas de la semana', 'ventas_semana', { metodos: [FIADO] }],
  ['¿cuánto vendí al fiado ayer?', 'ventas_ayer', { metodos: [FIADO] }],
  ['cuanto vendi fiao ayer', 'ventas_ayer', { metodos: [FIADO] }],
  ['cuanto se vendio fiado esta semana', 'ventas_semana', { metodos: [FIADO] }],
  ['cuantas boletas fiadas hoy', 'ventas_hoy', { metodos: [FIADO] }],
  ['cuanto se fio ayer', 'ventas_ayer', { metodos: [FIADO] }],
  ['ticket promedio fiado del mes', 'ticket_mes', { metodos: [FIADO] }],
  [
    'ventas de hoy sin fiado',
    'ventas_hoy',
    {
      metodos: [EFECTIVO, DEBITO, TRANSFERENCIA, CREDITO],
      dice: ['Hoy en efectivo, con tarjeta (débito o crédito) o por transferencia llevas'],
    },
  ],
  ['cuanto vendi hoy que no fue fiado', 'ventas_hoy', { metodos: [EFECTIVO, DEBITO, TRANSFERENCIA, CREDITO] }],
  // Average ticket.
  ['ticket promedio de hoy', 'ticket_hoy'],
  ['cual es mi tiket promedio', 'ticket_hoy'],
  ['ticket promedio de ayer', 'ticket_ayer'],
  ['cual es el ticket promedio de la semana', 'ticket_semana'],
  ['promedio por boleta del mes', 'ticket_mes'],
  ['cuanto gasta cada cliente', 'ticket_hoy'],
  ['gasto promedio por cliente ayer', 'ticket_ayer'],
  ['ticket promedio con tarjeta', 'ticket_hoy', { metodos: TARJETA }],
  ['ticket promedio en efectivo este mes', 'ticket_mes', { metodos: [EFECTIVO] }],
  // Best sellers.
  ['que es lo mas vendido', 'mas_vendido_semana'],
  ['lo mas vendido hoy', 'mas_vendido_hoy'],
  ['que fue lo que mas se vendio ayer', 'mas_vendido_ayer'],
  ['producto estrella de la semana', 'mas_vendido_semana'],
  ['top productos del mes', 'mas_vendido_mes'],
  ['que se vende mas', 'mas_vendido_semana'],
  ['cual es el producto que mas sale', 'mas_vendido_semana'],
  ['lo que mas salio este mes', 'mas_vendido_mes'],
  ['ranking de productos de la semana', 'mas_vendido_semana'],
  ['que me compran mas', 'mas_vendido_semana'],
  ['que es lo que mas se llevan', 'mas_vendido_semana'],
  ['q es lo q mas se vende hoy', 'mas_vendido_hoy'],
  // Payment methods.
  ['metodo de pago mas usado', 'metodo_pago_mes'],
  ['como me pagan mas, tarjeta o efectivo?', 'metodo_pago_mes'],
  ['como me pagaron hoy', 'metodo_pago_hoy'],
  ['forma de pago mas usada esta semana', 'metodo_pago_semana'],
  ['medios de pago de ayer', 'metodo_pago_ayer'],
  ['cuanto en efectivo y cuanto en tarjeta ayer', 'metodo_pago_ayer'],
  ['cuanto vendi hoy en efectivo y cuanto con tarjeta', 'metodo_pago_hoy'],
  ['cuanto vendi en efectivo y cuanto fiado hoy', 'metodo_pago_hoy'],
  ['desglose por metodo de pago del mes', 'metodo_pago_mes'],
  // Out of stock, negations included.
  ['que productos estan agotados', 'agotados'],
  ['que se me acabo', 'agotados'],
  ['¿qué productos no tengo?', 'agotados'],
  ['¿qué me falta?', 'agotados'],
  ['productos sin stock', 'agotados'],
  ['que no hay', 'agotados'],
  ['que cosas no tengo', 'agotados'],
  ['q se agoto', 'agotados'],
  ['q tengo agotao', 'agotados'],
  ['cuales estan en cero', 'agotados'],
  ['que productos no tienen stock', 'agotados'],
  ['que no me queda', 'agotados'],
  ['cuantos productos agotados tengo', 'agotados'],
  // Low stock.
  ['stock bajo', 'stock_bajo'],
  ['que se esta acabando', 'stock_bajo'],
  ['que tengo que reponer', 'stock_bajo'],
  ['que me falta por reponer', 'stock_bajo'],
  ['productos con poco stock', 'stock_bajo'],
  ['que esta por agotarse', 'stock_bajo'],
  ['que productos quedan pocos', 'stock_bajo'],
  ['que esta casi agotado', 'stock_bajo'],
  ['productos criticos', 'stock_bajo'],
  ['que tengo que comprar', 'stock_bajo'],
  ['que le pido al proveedor', 'stock_bajo'],
  // Dead stock: the negation of selling, never the best sellers.
  ['¿qué no se vende?', 'sin_ventas'],
  ['que productos no se venden', 'sin_ventas'],
  ['que productos no se mueven', 'sin_ventas'],
  ['que no sale', 'sin_ventas'],
  ['productos sin ventas', 'sin_ventas'],
  ['que tengo parado', 'sin_ventas'],
  ['productos que nadie compra', 'sin_ventas'],
  ['que no he vendido', 'sin_ventas'],
  ['stock muerto', 'sin_ventas'],
  ['que productos estan clavados', 'sin_ventas'],
  // A product's price and stock: every product that fits.
  ['precio de la coca cola', 'producto', { nombres: COCAS }],
  ['precio d la coca', 'producto', { nombres: COCAS }],
  ['cuanto cuesta la coca', 'producto', { nombres: COCAS }],
  ['q me queda de coca', 'producto', { nombres: COCAS }],
  ['cuanta coca cola me queda', 'producto', { nombres: COCAS }],
  ['coca cola', 'producto', { nombres: COCAS }],
  ['cuanto sale la coca cola lata', 'producto', { nombres: ['cocaLata', 'cocaZeroLata'] }],
  ['precio coca cola lata', 'producto', { nombres: ['cocaLata', 'cocaZeroLata'] }],
  ['tengo coca cola zero?', 'producto', { nombres: ['cocaZero', 'cocaZeroLata'] }],
  ['cuanto cuesta la cocacola zero', 'producto', { nombres: ['cocaZero', 'cocaZeroLata'] }],
  ['cuanto vale el pan', 'producto', { nombres: ['pan', 'molde'] }],
  ['precio del pan amasado', 'producto', { nombres: ['pan'], dice: ['quedan 40 unidades', formatClp(1500)] }],
  ['pan de molde', 'producto', { nombres: ['molde'], dice: ['quedan 6 unidades'] }],
  ['stock de arroz', 'producto', { nombres: ['arroz'], dice: ['está agotado'] }],
  ['stok de arroz', 'producto', { nombres: ['arroz'], dice: ['está agotado'] }],
  ['hay leche entera?', 'producto', { nombres: ['entera'], dice: ['está agotado'] }],
  ['no hay arroz?', 'producto', { nombres: ['arroz'], dice: ['está agotado'] }],
  ['se acabo la leche?', 'producto', { nombres: ['entera', 'descremada'] }],
  ['cuantas galletas de agua quedan', 'producto', { nombres: ['galletas'], dice: ['quedan 20 unidades'] }],
  ['precio leche descremada', 'producto', { nombres: ['descremada'], dice: [formatClp(1150)] }],
  ['cuanto vale la lehce entera', 'producto', { nombres: ['entera'] }],
  ['y la leche?', 'producto', { nombres: ['entera', 'descremada'] }],
  ['me queda leche?', 'producto', { nombres: ['entera', 'descremada'] }],
  ['cuantas unidades de fideos hay', 'producto', { nombres: ['fideos'], dice: ['quedan 4 unidades'] }],
  ['precio de compra del pan amasado', 'producto', { nombres: ['pan'], dice: [`precio de compra ${formatClp(1000)}`] }],
  ['cuanto cuesta el champu', 'producto', { dice: ['No encontré un producto activo llamado «champu»'] }],
  ['cuantos empleados tengo', 'producto', { dice: ['No encontré un producto activo llamado «empleados»'], puede: true }],
  // La libreta: what one customer owes (every customer a name fits, or none, said so).
  ['cuanto me debe la señora juana', 'deuda_cliente', { dice: [DEUDA.juana] }],
  ['¿Cuánto me debe la señora Juana?', 'deuda_cliente', { dice: [DEUDA.juana] }],
  ['CUANTO ME DEBE LA SEÑORA JUANA', 'deuda_cliente', { dice: [DEUDA.juana] }],
  ['cuanto me debe juana perez', 'deuda_cliente', { dice: [DEUDA.juana] }],
  ['cuanto me debe la juana', 'deuda_cliente', { dice: [DEUDA.juana] }],
  ['la juana me debe algo?', 'deuda_cliente', { dice: [DEUDA.juana] }],
  ['cuanto debe juana', 'deuda_cliente', { dice: [DEUDA.juana] }],
  ['deuda de la sra juana', 'deuda_cliente', { dice: [DEUDA.juana] }],
  ['cuanto tiene fiado la juana', 'deuda_cliente', { dice: [DEUDA.juana] }],
  ['cnto me debe la juana', 'deuda_cliente', { dice: [DEUDA.juana] }],
  ['cuanto me debe la señora maria jose', 'deuda_cliente', { dice: [DEUDA.mariaJose] }],
  ['cuanto me debe don pedro', 'deuda_cliente', { dice: [DEUDA.pedro] }],
  ['cuanto me debe pedro soto', 'deuda_cliente', { dice: [DEUDA.pedro] }],
  ['cuanto me debe la tia rosa', 'deuda_cliente', { dice: [DEUDA.rosa] }],
  [
    'cuanto me debe la señora perez',
    'deuda_cliente',
    { dice: ['Encontré 2 clientes que se llaman «perez»', DEUDA.juana.slice(0, -1), DEUDA.mariaJose.slice(0, -1)] },
  ],
  ['cuanto me debe don carlos', 'deuda_cliente', { dice: ['No encontré un cliente llamado «carlos»'] }],
  // Who owes most, and the total.
  ['quien me debe mas', 'mayores_deudores'],
  ['¿Quién me debe más?', 'mayores_deudores'],
  ['kien me debe mas', 'mayores_deudores'],
  ['quienes me deben', 'mayores_deudores'],
  ['quien es el que mas me debe', 'mayores_deudores'],
  ['lista de deudores', 'mayores_deudores'],
  ['cuanto me debe cada cliente', 'mayores_deudores'],
  ['cuanto me deben', 'por_cobrar'],
  ['¿Cuánto me deben?', 'por_cobrar'],
  ['cuanto me deben en total', 'por_cobrar'],
  ['cuanta plata me deben', 'por_cobrar'],
  ['cuentas por cobrar', 'por_cobrar'],
  ['cuanto tengo por cobrar', 'por_cobrar'],
  ['cuanto tengo fiado', 'por_cobrar'],
  ['¿cuánto tengo fiado?', 'por_cobrar'],
  ['cuanta plata tengo fiada', 'por_cobrar'],
  ['cuanto me deben los clientes', 'por_cobrar'],
  // How-to.
  ['como subo un excel', 'ayuda_cargar'],
  ['como cargo mis productos', 'ayuda_cargar'],
  ['como importo ventas', 'ayuda_cargar'],
  ['no puedo subir el archivo, me da error', 'ayuda_cargar'],
  ['como registro una venta', 'ayuda_vender'],
  ['como vendo con el lector', 'ayuda_vender'],
  ['como vendo fiado', 'ayuda_vender'],
  ['como agrego un producto', 'ayuda_producto'],
  ['como creo un producto nuevo', 'ayuda_producto'],
  ['que me recomiendas', 'ayuda_recomendaciones'],
  ['como leo las recomendaciones', 'ayuda_recomendaciones'],
  // Conversation.
  ['hola', 'saludo'],
  ['hola badito', 'saludo'],
  ['buenas tardes', 'saludo'],
  ['gracias', 'saludo'],
  ['vale, gracias', 'saludo'],
  ['que puedes hacer', 'capacidades'],
  ['q sabes hacer', 'capacidades'],
  ['ayuda', 'capacidades'],
  // What it cannot answer: the honest fallback, never a figure.
  ['¿me conviene subirle el precio al pan?', 'desconocida'],
  ['¿va a llover mañana?', 'desconocida'],
  ['¿cómo está el dólar?', 'desconocida'],
  ['que precio le pongo al pan', 'desconocida'],
  ['quiero subir el precio del pan', 'desconocida'],
  ['cuanto vendi la semana pasada', 'desconocida'],
  ['cuanto vendi el lunes', 'desconocida'],
  ['ventas de marzo', 'desconocida'],
  ['cuanto vendi este año', 'desconocida'],
  ['cuanto vendi anteayer', 'desconocida'],
  ['vendi mas hoy que ayer', 'desconocida'],
  ['cuanto vendi hoy y ayer', 'desconocida'],
  ['cuanto gane hoy', 'desconocida'],
  ['cual es mi ganancia del mes', 'desconocida'],
  ['cuanto hay en caja', 'desconocida'],
  ['cuanto vendi de pan hoy', 'desconocida'],
  ['cuanto vendi en la mañana', 'desconocida'],
  ['cuanto vendi en la tarde', 'desconocida'],
  ['cuanto vendi el otro dia', 'desconocida'],
  ['que es lo menos vendido', 'desconocida'],
  ['lo que menos se vende', 'desconocida'],
  ['mas vendido en efectivo', 'desconocida'],
  ['agotados de la semana pasada', 'desconocida'],
  ['que se vendio poco esta semana', 'desconocida'],
  ['cual es la capital de francia', 'desconocida'],
  ['a que hora abre el banco', 'desconocida'],
  ['el sistema me cobro dos veces', 'desconocida'],
  ['cuanto le debo al proveedor', 'desconocida'],
  ['cuantos clientes vinieron hoy', 'desconocida'],
  ['cuanto vendio mi vecino', 'desconocida'],
  ['por que vendi tan poco', 'desconocida'],
  ['cuando vendi mas', 'desconocida'],
  ['como anulo una venta', 'desconocida'],
  ['que dia es hoy', 'desconocida'],
  ['cuanto vale mi inventario', 'desconocida'],
  ['cuanto tengo en efectivo', 'desconocida'],
  ['ventas anuladas de hoy', 'desconocida'],
  ['cuanto vendi de coca cola hoy', 'desconocida'],
  ['boleta electronica', 'desconocida'],
  ['te amo badito', 'desconocida'],
  ['asdf qwer zxcv', 'desconocida'],
  ['cuanto me debia juana el mes pasado', 'desconocida'],
  ['cuanto me deben esta semana', 'desconocida'],
  ['cuanto me deben en efectivo', 'desconocida'],
  ['quien me debe menos', 'desconocida'],
  ['quien no me debe', 'desconocida'],
  ['cuanto le fie a la juana', 'desconocida'],
  ['cuanto vendi fiado a la juana', 'desconocida'],
  ['cuanto llevo fiado', 'desconocida'],
  ['cuanto vendi fiado la semana pasada', 'desconocida'],
  ['jajaja', 'desconocida'],
  ['no', 'desconocida'],
  ['ok', 'desconocida'],
];

/** What the answer must say when it answers the intent expected. */
function esperado(intencion: IntencionBadito, extra: Extra): string[] {
  const [familia, periodo] = (intencion.match(/^(.*)_(hoy|ayer|semana|mes)$/)?.slice(1) ?? [intencion, null]) as [string, Periodo | null];
  const metodos = extra.metodos ?? null;
  switch (familia) {
    case 'ventas':
      return [cifraVentas(periodo!, metodos), ...(extra.dice ?? [])];
    case 'ticket':
      return [cifraTicket(periodo!, metodos)];
    case 'mas_vendido':
      return [masVendido(periodo!)];
    case 'metodo_pago':
      return [metodoMasUsado(periodo!)];
    case 'agotados':
      return [AGOTADOS];
    case 'stock_bajo':
      return [BAJOS];
    case 'sin_ventas':
      return [
        `${contar(SIN_VENTAS.length, 'producto')} con stock no se venden hace 30 días o más`,
        ...SIN_VENTAS.map((p) => `${nombre(p)} (${contar(PRODUCTOS[p][3], 'unidad', 'unidades')})`),
      ];
    case 'por_cobrar':
      return [POR_COBRAR];
    case 'mayores_deudores':
      return [MAYORES_DEUDORES];
    case 'deuda_cliente':
      return extra.dice ?? [];
    case 'producto':
      return [
        ...(extra.nombres ?? []).map((p) => nombre(p)),
        ...(extra.nombres && extra.nombres.length > 1 ? [`Encontré ${contar(extra.nombres.length, 'producto')}`] : []),
        ...(extra.dice ?? []),
      ];
    default:
      return [];
  }
}

beforeAll(async () => {
  ctx = await createTestContext({ BADITO_PREGUNTAS_POR_MINUTO: '100000' });
  const f = await crearTestUsuario(ctx, 'badito-banco');
  tienda = f.idMinimarket;
  cliente = f.cliente;
  const creado = new Date(`${hace(90)}T12:00:00Z`);
  for (const [clave, [nombre_producto, venta, compra, stock, marca]] of Object.entries(PRODUCTOS) as [
    string,
    readonly [string, number, number, number, string?],
  ][]) {
    const p = await ctx.db.producto.create({
      data: {
        id_minimarket: tienda,
        nombre_producto,
        categoria: 'Abarrotes',
        precio_venta_actual: venta,
        precio_compra_actual: compra,
        stock,
        codigo_barra: `BB-${clave}`,
        marca: marca ?? null,
        fecha_creacion: creado,
      },
    });
    id[clave as P] = p.id_producto;
  }
  for (const [clave, nombreCliente] of Object.entries(CLIENTES) as [C, string][]) {
    const c = await ctx.db.cliente.create({ data: { id_minimarket: tienda, nombre: nombreCliente, fecha_creacion: creado } });
    idCliente[clave] = c.id_cliente;
  }
  await insertarVentasDeHistorial(
    ctx,
    tienda,
    VENTAS.map((v) => ({
      fecha: instante(hace(v.dias), v.hora),
      metodo: v.metodo,
      anulada: v.anulada,
      // A sale on credit names its customer (a CHECK), in the same row.
      id_cliente: v.cliente ? idCliente[v.cliente] : null,
      lineas: v.lineas.map(([p, u]) => ({
        id_producto: id[p],
        num_unidades: u,
        precio_unitario: precio(p),
        nombre_producto: nombre(p),
        costo_unitario: PRODUCTOS[p][2],
        categoria: 'Abarrotes',
      })),
    })),
  );
  for (const [c, monto, dias] of ABONOS)
    await ctx.db.abono.create({
      data: { id_minimarket: tienda, id_cliente: idCliente[c], monto, metodo_pago: EFECTIVO, fecha: instante(hace(dias), 12) },
    });
  // More than a week of history: the summaries are summed now (the worker is off in tests).
  await ctx.app.services.resumidor.vaciar();
});
afterAll(() => ctx.close());

const resultados: Array<{ pregunta: string; esperada: IntencionBadito; obtenida: IntencionBadito }> = [];

describe('the bank of questions', () => {
  it('has at least 150 phrasings, none twice', () => {
    expect(BANCO.length).toBeGreaterThanOrEqual(180);
    expect(new Set(BANCO.map(([p]) => p)).size).toBe(BANCO.length);
  });

  it('the fixture spans what the bank asks (sanity of the hand sums)', () => {
    expect(ventasDe('hoy')).toHaveLength(6);
    expect(ventasDe('ayer', [EFECTIVO])).toHaveLength(2);
    // Sold on credit: today Rosa's pan de molde, yesterday her two cans.
    expect(suma(ventasDe('hoy', [FIADO]))).toBe(2200);
    expect(suma(ventasDe('ayer', [FIADO]))).toBe(1800);
    expect(cifraVentas('hoy', [FIADO])).toBe('1 venta por $2.200');
    expect(SIN_VENTAS).toEqual(['aceite', 'coca3', 'galletas']);
  });

  it.each(BANCO)('«%s» → %s, or the honest fallback', async (pregunta, esperada, extra = {}) => {
    const res = await cliente.request({ method: 'POST', url: '/api/badito', payload: { mensaje: pregunta } });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    resultados.push({ pregunta, esperada, obtenida: r.intencion });
    if (r.intencion === 'desconocida') {
      // The fallback: support offered, and no figure of any other question.
      expect(r.derivar_a_soporte).toBe(true);
      expect(r.respuesta).not.toMatch(/\$\s?\d/);
      expect(r.metodos_pago).toBeUndefined();
      // A clear question must not fall back.
      if (esperada !== 'desconocida') expect(extra.puede, `«${pregunta}» fell back: ${r.respuesta}`).toBe(true);
      return;
    }
    // Any answer but the fallback is the intent expected, with its figure and its filter.
    expect(r.intencion, r.respuesta).toBe(esperada);
    expect(r.metodos_pago ?? null).toEqual(extra.metodos ?? null);
    for (const texto of esperado(esperada, extra)) expect(r.respuesta).toContain(texto);
    // A product answer names exactly the products that fit: not one picked among them, none besides.
    if (extra.nombres) {
      for (const p of Object.keys(PRODUCTOS) as P[]) if (!extra.nombres.includes(p)) expect(r.respuesta).not.toContain(nombre(p));
    }
    if (!esperada.startsWith('ayuda_')) expect(r.derivar_a_soporte).toBe(false);
  });

  it('most questions hit their intent, the rest fall back honestly', () => {
    const aciertos = resultados.filter((x) => x.obtenida === x.esperada && x.esperada !== 'desconocida').length;
    const honestas = resultados.filter((x) => x.obtenida === 'desconocida' && x.esperada !== 'desconocida').length;
    const fueraDeAlcance = resultados.filter((x) => x.esperada === 'desconocida' && x.obtenida === 'desconocida').length;
    const equivocadas = resultados.filter((x) => x.obtenida !== x.esperada && x.obtenida !== 'desconocida').length;
    console.info(
      `Badito, banco de ${resultados.length} preguntas: ${aciertos} aciertan su intención, ${honestas} caen en «no entendí», ` +
        `${fueraDeAlcance} fuera de alcance reciben «no entendí» y ${equivocadas} respuestas equivocadas.`,
    );
    expect(resultados).toHaveLength(BANCO.length);
    expect(equivocadas).toBe(0);
    expect(aciertos).toBeGreaterThanOrEqual(175);
    expect(aciertos / (aciertos + honestas)).toBeGreaterThanOrEqual(0.95);
  });
});
