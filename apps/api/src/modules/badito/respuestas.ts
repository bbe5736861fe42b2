// What Badito says (pure): each answer's Spanish sentence from its figures, and the follow-up
// questions offered as chips. Amounts go through the one CLP formatter of the contracts; a product
// sold by weight is said in kilos (formatPeso: "12,350 kg de Tomate", "$1.990 el kilo"), and its
// kilos are never added to units.
import { DIAS_SIN_VENTAS } from '@minimarket/contracts/analitica';
import type { IntencionBadito } from '@minimarket/contracts/badito';
import type { MetodoPago } from '@minimarket/contracts/comunes';
import { contarCantidad } from '@minimarket/contracts/cantidad';
import { contar, formatClp } from '@minimarket/contracts/formato';
import type { UnidadVenta } from '@minimarket/contracts/granel';
import type { Motivo, Periodo } from './intenciones/index.js';
import type { CifrasVentas, ProductoSinVentas, ProductoVendido, UsoMetodoPago } from './lecturas.js';
import type { ProductoCatalogo } from './productos.js';

/** How many product names an answer lists before saying "y N más". */
export const MAX_NOMBRES_EN_RESPUESTA = 10;
/** How many products, each with its price and stock, an answer lists before saying "y N más". */
export const MAX_PRODUCTOS_EN_RESPUESTA = 8;

/** The screens, as the menu names them. */
export const PANTALLAS = {
  cargar: 'Cargar Información',
  nuevaVenta: 'POS › Nueva venta',
  nuevoProducto: 'POS › Nuevo producto',
  inventario: 'POS › Buscar producto',
  recomendaciones: 'Visualizar › Recomendaciones',
  caja: 'POS › Caja',
  datosEnBruto: 'Visualizar › Datos en bruto',
} as const;

const fecha = (dia: string) => dia.split('-').reverse().join('-');

/** "hoy", "ayer", "esta semana (desde el lunes 23-11-2026)", "este mes (desde el 01-11-2026)". */
function nombrePeriodo(p: Periodo, desde: string): string {
  switch (p) {
    case 'hoy':
      return 'hoy';
    case 'ayer':
      return 'ayer';
    case 'semana':
      return `esta semana (desde el lunes ${fecha(desde)})`;
    case 'mes':
      return `este mes (desde el ${fecha(desde)})`;
  }
}

const mayuscula = (t: string) => t.charAt(0).toLocaleUpperCase('es-CL') + t.slice(1);

/** "pan, leche y 3 más". */
function lista(nombres: readonly string[], maximo = MAX_NOMBRES_EN_RESPUESTA): string {
  const vistos = nombres.slice(0, maximo);
  const resto = nombres.length - vistos.length;
  if (resto > 0) return `${vistos.join(', ')} y ${contar(resto, 'más', 'más')}`;
  if (vistos.length <= 1) return vistos.join('');
  return `${vistos.slice(0, -1).join(', ')} y ${vistos.at(-1)}`;
}

const unidades = (u: number) => contar(u, 'unidad', 'unidades');
/** '3 unidades' or '0,800 kg'. */
const cantidad = (c: number, unidad: UnidadVenta = 'unidad') => contarCantidad(c, unidad);
/** A price as the shelf says it: '$1.990', or '$1.990 el kilo' for a product sold by weight. */
const precio = (pesos: number, unidad: UnidadVenta = 'unidad') => `${formatClp(pesos)}${unidad === 'kg' ? ' el kilo' : ''}`;
/** A stock in a list: '3', or '0,800 kg'. */
const stockCorto = (x: { stock: number; unidad?: UnidadVenta }) => (x.unidad === 'kg' ? cantidad(x.stock, 'kg') : String(x.stock));

/** "en efectivo", "con tarjeta (débito o crédito)", "al fiado", "en efectivo, por transferencia o al fiado". */
export function nombreMetodos(metodos: readonly MetodoPago[]): string {
  const debito = metodos.includes('Tarjeta de Débito');
  const credito = metodos.includes('Tarjeta de Crédito');
  const partes = [
    ...(metodos.includes('Efectivo') ? ['en efectivo'] : []),
    ...(debito && credito
      ? ['con tarjeta (débito o crédito)']
      : debito
        ? ['con tarjeta de débito']
        : credito
          ? ['con tarjeta de crédito']
          : []),
    ...(metodos.includes('Transferencia Bancaria') ? ['por transferencia'] : []),
    ...(metodos.includes('Fiado') ? ['al fiado'] : []),
  ];
  return partes.length <= 1 ? partes.join('') : `${partes.slice(0, -1).join(', ')} o ${partes.at(-1)}`;
}

export function ventas(p: Periodo, desde: string, c: CifrasVentas, metodos: readonly MetodoPago[] | null = null): string {
  const cuando = nombrePeriodo(p, desde);
  const como = metodos ? ` ${nombreMetodos(metodos)}` : '';
  if (c.ventas === 0) return `${mayuscula(cuando)} no registras ventas completadas${como}.`;
  const verbo = p === 'ayer' ? 'hiciste' : 'llevas';
  return `${mayuscula(cuando)}${como} ${verbo} ${contar(c.ventas, 'venta')} por ${formatClp(c.ingresos)} en total.`;
}

export function ticketPromedio(p: Periodo, desde: string, c: CifrasVentas, metodos: readonly MetodoPago[] | null = null): string {
  const cuando = nombrePeriodo(p, desde);
  const como = metodos ? ` ${nombreMetodos(metodos)}` : '';
  if (c.ventas === 0) return `${mayuscula(cuando)} no hay ventas completadas${como}, así que todavía no hay ticket promedio.`;
  return `Tu ticket promedio ${p === 'hoy' || p === 'ayer' ? 'de ' : ''}${cuando}${como} es ${formatClp(c.ticket)}: ${contar(c.ventas, 'venta')} por ${formatClp(c.ingresos)}.`;
}

/**
 * The best sellers by units, and apart the ones sold by weight by kilos ("vendiste 12,350 kg de
 * Tomate"): units and kilos are never ranked together.
 */
export function masVendido(
  p: Periodo,
  desde: string,
  top: { porUnidad: readonly ProductoVendido[]; aGranel: readonly ProductoVendido[] },
): string {
  const cuando = nombrePeriodo(p, desde);
  const siguen = (resto: readonly ProductoVendido[]) =>
    resto.length === 0
      ? ''
      : ` Le ${resto.length === 1 ? 'sigue' : 'siguen'} ${lista(resto.map((s) => `${s.nombre_producto} (${cantidad(s.cantidad, s.unidad)})`))}.`;
  const [primero, ...otros] = top.porUnidad;
  const [granel, ...otrosGranel] = top.aGranel;
  if (!primero && !granel) return `${mayuscula(cuando)} todavía no hay ventas completadas.`;
  const porUnidad = primero
    ? `Lo más vendido ${cuando} es ${primero.nombre_producto}: ${unidades(primero.cantidad)} por ${formatClp(primero.ingresos)}.${siguen(otros)}`
    : '';
  if (!granel) return porUnidad;
  const verbo = p === 'ayer' ? 'vendiste' : 'llevas';
  const aGranel = `${primero ? 'A granel' : `${mayuscula(cuando)}, a granel`} ${verbo} ${cantidad(granel.cantidad, 'kg')} de ${granel.nombre_producto} por ${formatClp(granel.ingresos)}.${siguen(otrosGranel)}`;
  return primero ? `${porUnidad} ${aGranel}` : aGranel;
}

export function agotados(productos: readonly ProductoCatalogo[]): string {
  if (productos.length === 0) return 'No tienes productos agotados: todos tus productos activos tienen stock.';
  const cuantos = productos.length === 1 ? 'Tienes 1 producto agotado' : `Tienes ${contar(productos.length, 'producto')} agotados`;
  return `${cuantos}: ${lista(productos.map((x) => x.nombre_producto))}. Cuando recibas mercadería, súmala en ${PANTALLAS.inventario} con «Agregar stock».`;
}

export function stockBajo(umbral: number, productos: readonly ProductoCatalogo[], agotados: number): string {
  // The threshold counts kilos for a product sold by weight (esStockBajo): said when one is listed.
  const granel = productos.some((x) => x.unidad === 'kg');
  const limite = `menos de ${unidades(umbral)}${granel ? `, o de ${contar(umbral, 'kilo')} a granel` : ''}`;
  const extra =
    agotados > 0 ? ` Además, ${agotados === 1 ? 'hay 1 producto agotado' : `hay ${contar(agotados, 'producto')} agotados`}.` : '';
  if (productos.length === 0) return `Ningún producto tiene stock bajo (${limite}).${extra}`;
  const cuantos = productos.length === 1 ? '1 producto tiene' : `${contar(productos.length, 'producto')} tienen`;
  return `${cuantos} stock bajo (${limite}): ${lista(productos.map((x) => `${x.nombre_producto} (${stockCorto(x)})`))}.${extra}`;
}

export function sinVentas(productos: readonly ProductoSinVentas[]): string {
  const dias = `${DIAS_SIN_VENTAS} días`;
  if (productos.length === 0) return `Todos tus productos con stock se vendieron al menos una vez en los últimos ${dias}.`;
  const cuantos =
    productos.length === 1 ? '1 producto con stock no se vende' : `${contar(productos.length, 'producto')} con stock no se venden`;
  return `${cuantos} hace ${dias} o más: ${lista(productos.map((x) => `${x.nombre_producto} (${cantidad(x.stock, x.unidad)})`))}. En ${PANTALLAS.recomendaciones} verás cuánto capital tienen inmovilizado.`;
}

const compra = (x: ProductoCatalogo) =>
  x.precio_compra_actual === null || x.precio_compra_actual === undefined
    ? 'sin precio de compra registrado'
    : `precio de compra ${precio(x.precio_compra_actual, x.unidad)}`;

/** One product's stock and price (and purchase price when asked). */
export function producto(x: ProductoCatalogo, conCosto = false): string {
  const stock = x.stock > 0 ? `quedan ${cantidad(x.stock, x.unidad)}` : 'está agotado';
  return `${x.nombre_producto}: ${stock} y su precio de venta es ${precio(x.precio_venta_actual, x.unidad)}${conCosto ? ` (${compra(x)})` : ''}.`;
}

const enLista = (x: ProductoCatalogo, conCosto: boolean) =>
  `${x.nombre_producto} (${precio(x.precio_venta_actual, x.unidad)}${conCosto ? `, ${compra(x)}` : ''}, ${x.stock > 0 ? `stock ${stockCorto(x)}` : 'agotado'})`;

/** One product named, and the others that also fit the words asked. */
export function productoYOtros(consulta: string, x: ProductoCatalogo, otros: readonly ProductoCatalogo[], conCosto = false): string {
  if (otros.length === 0) return producto(x, conCosto);
  const hay = otros.length === 1 ? 'También hay 1 producto más' : `También hay ${contar(otros.length, 'producto')} más`;
  return `${producto(x, conCosto)} ${hay} con «${consulta}» en el nombre: ${lista(
    otros.map((o) => enLista(o, conCosto)),
    MAX_PRODUCTOS_EN_RESPUESTA,
  )}.`;
}

/**
 * Every product that fits, each with its price and stock (the first MAX_PRODUCTOS_EN_RESPUESTA and
 * "y N más"); `completos` false: only near misses, offered as a question. `hayMas`: the database
 * handed only the first candidates, there may be more.
 */
export function variosProductos(
  consulta: string,
  candidatos: readonly ProductoCatalogo[],
  completos: boolean,
  conCosto = false,
  hayMas = false,
): string {
  const opciones = lista(
    candidatos.map((x) => enLista(x, conCosto)),
    MAX_PRODUCTOS_EN_RESPUESTA,
  );
  if (!completos) return `No encontré exactamente «${consulta}». ¿Quisiste decir ${opciones}?`;
  const cuantos = hayMas ? `al menos ${contar(candidatos.length, 'producto')}` : contar(candidatos.length, 'producto');
  const afinar = candidatos.length > MAX_PRODUCTOS_EN_RESPUESTA ? ' Para ver uno, escribe más de su nombre.' : '';
  return `Encontré ${cuantos} para «${consulta}»: ${opciones}.${afinar}`;
}

export const productoNoEncontrado = (consulta: string) =>
  `No encontré un producto activo llamado «${consulta}» en tu inventario. Revisa el nombre o búscalo en ${PANTALLAS.inventario}.`;

export const PRODUCTO_SIN_NOMBRE = '¿De qué producto? Escríbeme su nombre, por ejemplo: «¿cuánto stock queda de pan?».';

/** The most used payment method of the period, then every other one with its sales and pesos. */
export function metodoPago(p: Periodo, desde: string, usos: readonly UsoMetodoPago[]): string {
  const cuando = nombrePeriodo(p, desde);
  const [primero, ...siguen] = usos;
  if (!primero) return `${mayuscula(cuando)} todavía no hay ventas completadas.`;
  const total = usos.reduce((s, u) => s + u.ventas, 0);
  const base = `${mayuscula(cuando)} el método de pago más usado es ${primero.metodo_pago}: ${primero.ventas} de ${contar(total, 'venta')} (${formatClp(primero.ingresos)}).`;
  if (siguen.length === 0) return base;
  return `${base} Le ${siguen.length === 1 ? 'sigue' : 'siguen'} ${lista(siguen.map((u) => `${u.metodo_pago}: ${contar(u.ventas, 'venta')} (${formatClp(u.ingresos)})`))}.`;
}

export const AYUDA = {
  ayuda_cargar: `Para subir un archivo entra a ${PANTALLAS.cargar}: elige si son Productos o Ventas, descarga la plantilla (Excel, CSV o XML) si la necesitas, arrastra tu archivo (.csv, .xlsx o .xml) y presiona «Continuar». Al terminar verás cuántas filas se guardaron y podrás descargar las filas con errores para corregirlas.`,
  ayuda_vender: `Para registrar una venta entra a ${PANTALLAS.nuevaVenta}: escanea los productos con el lector (o búscalos por nombre en la tabla), revisa el carrito, presiona «Proceder al Pago», elige el método de pago (si es Fiado, también el cliente) y finaliza la venta. El stock se descuenta al instante.`,
  ayuda_producto: `Para agregar un producto entra a ${PANTALLAS.nuevoProducto}: escanea su código de barras o escríbelo, completa nombre, categoría, precio de venta y stock, y guárdalo. Si tienes muchos, súbelos de una vez en ${PANTALLAS.cargar}.`,
  ayuda_recomendaciones: `En ${PANTALLAS.recomendaciones} verás, calculado con tus ventas: qué reponer pronto (y cuánto), qué no se vende hace 30 días, qué productos dejan poco margen, la clasificación ABC de tus productos y tus horas peak.`,
} as const;

export const SALUDO =
  '¡Hola! Soy Badito, el asistente de tu minimarket. Pregúntame por tus ventas, lo más vendido, lo que se te acabó o cómo usar el sistema.';
export const AGRADECIMIENTO = '¡De nada! Si necesitas algo más, pregúntame.';

export const CAPACIDADES = [
  'Puedo responderte con los datos de tu tienda:',
  '• Ventas y ticket promedio de hoy, ayer, esta semana o este mes, también por método de pago (efectivo, tarjeta, transferencia o fiado).',
  '• Lo más vendido y los métodos de pago de hoy, ayer, la semana o el mes.',
  '• Qué productos están agotados, con stock bajo o sin ventas hace 30 días.',
  '• El stock y el precio de un producto (de todos los que se llamen así).',
  '• La libreta de fiado: cuánto te deben en total, quién te debe más y cuánto te debe un cliente («¿cuánto me debe la señora Juana?»).',
  'También te explico cómo cargar un archivo, registrar una venta, agregar un producto o leer las recomendaciones.',
].join('\n');

/** The offer that ends every fallback: the panel shows 'Hablar con soporte' beside it. */
const OFERTA_SOPORTE = '¿Quieres que se la pase a soporte? Una persona del equipo te responderá por el chat.';
/** What Badito can say, in one sentence, for the fallbacks. */
const LO_QUE_SE =
  'Puedo decirte tus ventas y ticket promedio (hoy, ayer, esta semana o este mes, también por método de pago), lo más vendido, qué está agotado, con stock bajo o sin ventas, el precio y stock de un producto, y cuánto te deben tus clientes fiado.';

export const DESCONOCIDA = `No entendí tu pregunta y prefiero no adivinar. ${LO_QUE_SE} ${OFERTA_SOPORTE}`;

export const PERIODO_NO_SOPORTADO = `Por ahora calculo las cifras de hoy, ayer, esta semana (desde el lunes) y este mes (desde el día 1), no de otros períodos. Para otros rangos usa ${PANTALLAS.datosEnBruto}. ${OFERTA_SOPORTE}`;

/** What the fallback was about, for "entendí que preguntas por…". */
const TEMA: Partial<Record<string, string>> = {
  por_cobrar: 'lo que te deben tus clientes',
  mas_vendido: 'lo más vendido',
  agotados: 'los productos agotados',
  stock_bajo: 'los productos con stock bajo',
  sin_ventas: 'los productos sin ventas',
  producto: 'un producto',
};

/**
 * The honest answer when Badito did not understand, or understood something it does not do: what it
 * can say instead, and the offer of support. Never a figure.
 */
export function noEntendi(motivo: Motivo, desconocidas: readonly string[] = [], casi: IntencionBadito | null = null): string {
  const tema = casi ? TEMA[casi.replace(/_(hoy|ayer|semana|mes)$/, '')] : undefined;
  switch (motivo) {
    case 'desconocidas':
      return `No entendí «${desconocidas.join(' ')}» en tu pregunta, así que prefiero no adivinar. ${LO_QUE_SE} ${OFERTA_SOPORTE}`;
    case 'larga':
      return `Tu mensaje es muy largo para mí: hazme una pregunta corta, de a una (por ejemplo «¿cuánto vendí hoy?»). ${OFERTA_SOPORTE}`;
    case 'fuera_de_alcance':
      return `Eso no lo sé responder: conozco solo los datos de tu tienda (ventas, stock y precios) y no doy consejos, pronósticos ni datos de afuera. ${OFERTA_SOPORTE}`;
    case 'caja':
      return `El efectivo de la caja lo ves en ${PANTALLAS.caja}: el turno abierto muestra cuánto debería haber y sus ventas por método de pago. Yo te digo cuánto vendiste, por ejemplo «¿cuánto vendí hoy en efectivo?». ${OFERTA_SOPORTE}`;
    case 'ganancia':
      return `Todavía no calculo tu ganancia (lo que queda después del costo), y no quiero darte lo vendido como si fuera ganancia. Puedo decirte cuánto vendiste («¿cuánto vendí hoy?»); en ${PANTALLAS.recomendaciones} verás los productos que dejan poco margen. ${OFERTA_SOPORTE}`;
    case 'cambio_precio':
      return `No cambio precios ni aconsejo sobre ellos. Para cambiar un precio entra a ${PANTALLAS.inventario}, busca el producto y edítalo. Si quieres, te digo el precio actual: «¿cuánto cuesta el pan?». ${OFERTA_SOPORTE}`;
    case 'periodo':
      return PERIODO_NO_SOPORTADO;
    case 'comparacion':
      return `Todavía no comparo períodos. Pregúntame por cada uno (por ejemplo «¿cuánto vendí hoy?» y «¿cuánto vendí ayer?»); para comparar rangos usa ${PANTALLAS.datosEnBruto}. ${OFERTA_SOPORTE}`;
    case 'periodo_stock':
      return `El stock lo conozco solo como está ahora, no el de otros días. Pregúntame, por ejemplo, «¿qué productos están agotados?». ${OFERTA_SOPORTE}`;
    case 'periodo_deuda':
      return `Lo que te deben tus clientes lo sé solo como está ahora, no el de otros días. Pregúntame «¿cuánto me deben?» o «¿quién me debe más?»; cada compra y abono está en el estado de cuenta del cliente. ${OFERTA_SOPORTE}`;
    case 'periodo_sin_ventas':
      return `Sé qué productos con stock no se venden hace ${DIAS_SIN_VENTAS} días o más, no los de otro período: pregúntame «¿qué productos no se venden?». ${OFERTA_SOPORTE}`;
    case 'metodo_no_aplica':
      return `Entendí que preguntas por ${tema ?? 'algo'} por método de pago, y eso no lo separo por método. Por método de pago te digo las ventas y el ticket promedio («¿cuánto vendí hoy en efectivo?»). ${OFERTA_SOPORTE}`;
    case 'negacion':
      return `Tu pregunta tiene un «no» o un «sin» que no sé leer bien, y no quiero responderte lo contrario de lo que preguntas. ${LO_QUE_SE} ${OFERTA_SOPORTE}`;
    case 'menos_vendido':
      return `Todavía no llevo un ranking de lo menos vendido. Sí sé qué productos con stock no se venden hace ${DIAS_SIN_VENTAS} días o más: pregúntame «¿qué productos no se venden?». ${OFERTA_SOPORTE}`;
    case 'sin_intencion':
    case 'producto_largo':
      return DESCONOCIDA;
  }
}

/** A how-to answer to a question that reports a problem: the steps, and support. */
export const CON_PROBLEMA = 'Si te aparece un error o algo no funciona, te puedo pasar con soporte.';

export const ELIGE_MINIMARKET = 'Para responder con datos, primero elige el minimarket sobre el que preguntas.';
export const SIN_MINIMARKET =
  'Todavía no tienes un minimarket asociado, así que no tengo datos que mostrarte. Escríbele a soporte para crearlo.';

const SUGERENCIAS: Record<IntencionBadito, string[]> = {
  ventas_hoy: [
    '¿Cuánto vendí hoy en efectivo?',
    '¿Cuánto vendí ayer?',
    '¿Cuál es mi ticket promedio de hoy?',
    '¿Qué es lo más vendido hoy?',
  ],
  ventas_ayer: ['¿Cuánto vendí hoy?', '¿Cuánto vendí ayer con tarjeta?', '¿Cuál fue mi ticket promedio de ayer?'],
  ventas_semana: ['¿Cuánto vendí este mes?', '¿Cuánto entró por transferencia esta semana?', '¿Qué fue lo más vendido esta semana?'],
  ventas_mes: [
    '¿Qué fue lo más vendido este mes?',
    '¿Cuál es el método de pago más usado este mes?',
    '¿Cuál es mi ticket promedio del mes?',
  ],
  ticket_hoy: ['¿Cuánto vendí hoy?', '¿Cuál es mi ticket promedio de la semana?', '¿Cuál es mi ticket promedio del mes?'],
  ticket_ayer: ['¿Cuánto vendí ayer?', '¿Cuál es mi ticket promedio de hoy?'],
  ticket_semana: ['¿Cuánto llevo esta semana?', '¿Cuál es mi ticket promedio del mes?'],
  ticket_mes: ['¿Cuánto vendí este mes?', '¿Cuál es el método de pago más usado este mes?'],
  mas_vendido_hoy: ['¿Qué fue lo más vendido ayer?', '¿Qué fue lo más vendido esta semana?', '¿Qué productos están agotados?'],
  mas_vendido_ayer: ['¿Qué es lo más vendido hoy?', '¿Qué fue lo más vendido esta semana?', '¿Cuánto vendí ayer?'],
  mas_vendido_semana: ['¿Qué fue lo más vendido este mes?', '¿Qué productos no se venden?', '¿Qué productos tienen stock bajo?'],
  mas_vendido_mes: ['¿Qué fue lo más vendido esta semana?', '¿Cuánto vendí este mes?', '¿Qué productos no se venden?'],
  metodo_pago_hoy: ['¿Cuánto vendí hoy en efectivo?', '¿Cuál es el método de pago más usado este mes?'],
  metodo_pago_ayer: ['¿Cuánto vendí ayer?', '¿Cuál es el método de pago más usado esta semana?'],
  metodo_pago_semana: ['¿Cuánto entró por transferencia esta semana?', '¿Cuál es el método de pago más usado este mes?'],
  metodo_pago_mes: ['¿Cuánto vendí este mes?', '¿Cuál es mi ticket promedio del mes?'],
  descuentos_hoy: ['¿Cuánto he descontado este mes?', '¿Cuánto vendí hoy?'],
  descuentos_ayer: ['¿Cuánto he descontado esta semana?', '¿Cuánto vendí ayer?'],
  descuentos_semana: ['¿Cuánto he descontado este mes?', '¿Cuánto vendí esta semana?'],
  descuentos_mes: ['¿Cuánto he descontado esta semana?', '¿Cuánto vendí este mes?'],
  agotados: ['¿Qué productos tienen stock bajo?', '¿Qué productos no se venden?', '¿Qué fue lo más vendido esta semana?'],
  stock_bajo: ['¿Qué productos están agotados?', '¿Cómo leo las recomendaciones?', '¿Qué fue lo más vendido esta semana?'],
  sin_ventas: ['¿Qué fue lo más vendido este mes?', '¿Qué productos están agotados?', '¿Cómo leo las recomendaciones?'],
  producto: ['¿Qué productos tienen stock bajo?', '¿Qué productos están agotados?', '¿Cómo agrego un producto?'],
  por_cobrar: ['¿Quién me debe más?', '¿Cuánto vendí hoy?'],
  mayores_deudores: ['¿Cuánto me deben en total?', '¿Cuánto vendí este mes?'],
  deuda_cliente: ['¿Quién me debe más?', '¿Cuánto me deben en total?'],
  ayuda_cargar: ['¿Cómo agrego un producto?', '¿Cómo registro una venta?', '¿Qué puedes hacer?'],
  ayuda_vender: ['¿Cuánto vendí hoy?', '¿Cómo agrego un producto?', '¿Cómo subo un archivo?'],
  ayuda_producto: ['¿Cómo subo un archivo?', '¿Cómo registro una venta?', '¿Qué productos tienen stock bajo?'],
  ayuda_recomendaciones: ['¿Qué productos tienen stock bajo?', '¿Qué productos no se venden?', '¿Qué fue lo más vendido este mes?'],
  saludo: ['¿Cuánto vendí hoy?', '¿Qué productos están agotados?', '¿Qué fue lo más vendido esta semana?', '¿Qué puedes hacer?'],
  capacidades: ['¿Cuánto vendí hoy?', '¿Cuánto vendí ayer en efectivo?', '¿Qué productos no se venden?', '¿Cómo subo un archivo?'],
  desconocida: ['¿Qué puedes hacer?', '¿Cuánto vendí hoy?', '¿Qué productos están agotados?'],
};

/** 2–4 follow-up questions, each one Badito understands. */
export const sugerencias = (intencion: IntencionBadito): string[] => SUGERENCIAS[intencion];

export { SUGERENCIAS as TODAS_LAS_SUGERENCIAS };

// La libreta de fiado (docs/fiado.md): every figure from the view cuenta_cliente (por-cobrar.ts).

/** A customer as Badito names them, with what they owe (0: nothing; below 0: the shop owes them). */
export interface DeudaCliente {
  nombre: string;
  saldo: number;
  /** Days since the oldest purchase not yet paid (Santiago days); null when nothing is owed. */
  dias: number | null;
}

/** How many debtors "¿quién me debe más?" names. */
export const MAX_DEUDORES_EN_RESPUESTA = 5;

const hace = (dias: number) => (dias === 0 ? 'desde hoy' : `desde hace ${contar(dias, 'día', 'días')}`);

/** "Juana Pérez te debe $12.500 desde hace 31 días." and the other cases, said plainly. */
export function deudaDe(c: DeudaCliente): string {
  if (c.saldo === 0) return `${c.nombre} no te debe nada: su cuenta está al día.`;
  if (c.saldo < 0) return `${c.nombre} no te debe nada: tiene ${formatClp(-c.saldo)} a su favor (tú le debes ese monto).`;
  return `${c.nombre} te debe ${formatClp(c.saldo)}${c.dias === null ? '' : ` ${hace(c.dias)}`}.`;
}

/** The customers a name fits: each one with what they owe, never one picked among them. */
export function variasDeudas(consulta: string, clientes: readonly DeudaCliente[], hayMas: boolean): string {
  const cuantos = hayMas ? `más de ${clientes.length} clientes` : contar(clientes.length, 'cliente');
  return `Encontré ${cuantos} que se llaman «${consulta}»: ${clientes.map((c) => deudaDe(c).replace(/\.$/, '')).join('; ')}.${hayMas ? ' Escríbeme el nombre completo para ver a los demás.' : ''}`;
}

export const clienteNoEncontrado = (consulta: string) =>
  `No encontré un cliente llamado «${consulta}» en tu libreta, así que no sé cuánto te debe. Revisa el nombre o búscalo en la pestaña Clientes.`;

/** Cuentas por cobrar: the shop's total, how many owe, and since when the oldest unpaid purchase. */
export function porCobrar(total: number, clientes: number, dias: number | null): string {
  if (clientes === 0 && total <= 0) return 'Nadie te debe: la libreta de fiado está al día.';
  const base = `Tus clientes te deben ${formatClp(total)} en total (${contar(clientes, 'cliente', 'clientes')} con saldo en la libreta).`;
  return dias === null ? base : `${base} La compra impaga más antigua es ${hace(dias).replace('desde ', 'de ')}.`;
}

/** Who owes most, most first: at most MAX_DEUDORES_EN_RESPUESTA, and the total. */
export function mayoresDeudores(deudores: readonly DeudaCliente[], total: number, clientes: number): string {
  if (deudores.length === 0) return 'Nadie te debe: la libreta de fiado está al día.';
  const [primero, ...siguen] = deudores;
  const resto = clientes - deudores.length;
  const base = `Quien más te debe es ${deudaDe(primero!).replace(/ te debe /, ': ')}`;
  const otros =
    siguen.length === 0
      ? ''
      : ` Le ${siguen.length === 1 ? 'sigue' : 'siguen'} ${lista(siguen.map((c) => `${c.nombre} (${formatClp(c.saldo)})`))}${resto > 0 ? ` y ${contar(resto, 'cliente más', 'clientes más')}` : ''}.`;
  return `${base}${otros} En total te deben ${formatClp(total)}.`;
}

/** A cashier asking for a figure that is the owner's (docs/cajeros.md): what they may ask instead. */
export const SOLO_DUENO =
  'Esa cifra es solo para el dueño de la tienda. Puedo decirte cuánto llevas vendido tú hoy, el stock y el precio de un producto, o cómo vender.';

/** A cashier's own sales today. */
export function ventasPropias(c: CifrasVentas): string {
  if (c.ventas === 0) return 'Hoy todavía no registras ventas completadas.';
  return `Hoy llevas ${contar(c.ventas, 'venta')} por ${formatClp(c.ingresos)} en total.`;
}

/** Discounts given in a period (issue 32): their pesos and in how many of the sales that count. */
export function descuentos(p: Periodo, desde: string, c: { descuento: number; ventas: number }): string {
  const cuando = nombrePeriodo(p, desde);
  if (c.ventas === 0) return `${mayuscula(cuando)} no ${p === 'ayer' ? 'diste' : 'has dado'} descuentos.`;
  return `${mayuscula(cuando)} ${p === 'ayer' ? 'diste' : 'llevas'} ${formatClp(c.descuento)} en descuentos, en ${contar(c.ventas, 'venta')}.`;
}
