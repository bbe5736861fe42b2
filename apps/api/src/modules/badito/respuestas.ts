// What Badito says (pure): each answer's Spanish sentence from its figures, and the follow-up
// questions offered as chips. Amounts go through the one CLP formatter of the contracts.
import { contar, formatClp } from '@minimarket/contracts/formato';
import type { IntencionBadito } from '@minimarket/contracts/badito';
import type { Periodo } from './intenciones.js';
import type { CifrasVentas, ProductoVendido, UsoMetodoPago } from './lecturas.js';
import type { ProductoCatalogo } from './productos.js';

/** How many product names an answer lists before saying "y N más". */
export const MAX_NOMBRES_EN_RESPUESTA = 10;

/** The screens, as the menu names them. */
export const PANTALLAS = {
  cargar: 'Cargar Información',
  nuevaVenta: 'POS › Nueva venta',
  nuevoProducto: 'POS › Nuevo producto',
  inventario: 'POS › Buscar producto',
  recomendaciones: 'Visualizar › Recomendaciones',
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
function lista(nombres: readonly string[]): string {
  const vistos = nombres.slice(0, MAX_NOMBRES_EN_RESPUESTA);
  const resto = nombres.length - vistos.length;
  if (resto > 0) return `${vistos.join(', ')} y ${contar(resto, 'más', 'más')}`;
  if (vistos.length <= 1) return vistos.join('');
  return `${vistos.slice(0, -1).join(', ')} y ${vistos.at(-1)}`;
}

const unidades = (u: number) => contar(u, 'unidad', 'unidades');

export function ventas(p: Periodo, desde: string, c: CifrasVentas): string {
  const cuando = nombrePeriodo(p, desde);
  if (c.ventas === 0) return `${mayuscula(cuando)} no registras ventas completadas.`;
  const verbo = p === 'ayer' ? 'hiciste' : 'llevas';
  return `${mayuscula(cuando)} ${verbo} ${contar(c.ventas, 'venta')} por ${formatClp(c.ingresos)} en total.`;
}

export function ticketPromedio(p: Periodo, desde: string, c: CifrasVentas): string {
  const cuando = nombrePeriodo(p, desde);
  if (c.ventas === 0) return `${mayuscula(cuando)} no hay ventas completadas, así que todavía no hay ticket promedio.`;
  return `Tu ticket promedio ${p === 'hoy' || p === 'ayer' ? 'de ' : ''}${cuando} es ${formatClp(c.ticket)}: ${contar(c.ventas, 'venta')} por ${formatClp(c.ingresos)}.`;
}

export function masVendido(p: 'semana' | 'mes', desde: string, top: readonly ProductoVendido[]): string {
  const cuando = nombrePeriodo(p, desde);
  const [primero, ...siguen] = top;
  if (!primero) return `${mayuscula(cuando)} todavía no hay ventas completadas.`;
  const base = `Lo más vendido ${cuando} es ${primero.nombre_producto}: ${unidades(primero.unidades)} por ${formatClp(primero.ingresos)}.`;
  if (siguen.length === 0) return base;
  return `${base} Le ${siguen.length === 1 ? 'sigue' : 'siguen'} ${lista(siguen.map((s) => `${s.nombre_producto} (${unidades(s.unidades)})`))}.`;
}

export function agotados(productos: readonly ProductoCatalogo[]): string {
  if (productos.length === 0) return 'No tienes productos agotados: todos tus productos activos tienen stock.';
  const cuantos = productos.length === 1 ? 'Tienes 1 producto agotado' : `Tienes ${contar(productos.length, 'producto')} agotados`;
  return `${cuantos}: ${lista(productos.map((x) => x.nombre_producto))}. Cuando recibas mercadería, súmala en ${PANTALLAS.inventario} con «Agregar stock».`;
}

export function stockBajo(umbral: number, productos: readonly ProductoCatalogo[], agotados: number): string {
  const limite = `menos de ${unidades(umbral)}`;
  const extra =
    agotados > 0 ? ` Además, ${agotados === 1 ? 'hay 1 producto agotado' : `hay ${contar(agotados, 'producto')} agotados`}.` : '';
  if (productos.length === 0) return `Ningún producto tiene stock bajo (${limite}).${extra}`;
  const cuantos = productos.length === 1 ? '1 producto tiene' : `${contar(productos.length, 'producto')} tienen`;
  return `${cuantos} stock bajo (${limite}): ${lista(productos.map((x) => `${x.nombre_producto} (${x.stock})`))}.${extra}`;
}

export function producto(x: ProductoCatalogo): string {
  const stock = x.stock > 0 ? `quedan ${unidades(x.stock)}` : 'está agotado';
  return `${x.nombre_producto}: ${stock} y su precio de venta es ${formatClp(x.precio_venta_actual)}.`;
}

export function variosProductos(consulta: string, candidatos: readonly ProductoCatalogo[], completos: boolean): string {
  const opciones = lista(candidatos.map((x) => `${x.nombre_producto} (${formatClp(x.precio_venta_actual)}, stock ${x.stock})`));
  return completos
    ? `Encontré varios productos para «${consulta}»: ${opciones}. ¿Cuál de ellos?`
    : `No encontré exactamente «${consulta}». ¿Quisiste decir ${opciones}?`;
}

export const productoNoEncontrado = (consulta: string) =>
  `No encontré un producto activo llamado «${consulta}» en tu inventario. Revisa el nombre o búscalo en ${PANTALLAS.inventario}.`;

export const PRODUCTO_SIN_NOMBRE = '¿De qué producto? Escríbeme su nombre, por ejemplo: «¿cuánto stock queda de pan?».';

export function metodoPago(desde: string, usos: readonly UsoMetodoPago[]): string {
  const cuando = nombrePeriodo('mes', desde);
  const [primero] = usos;
  if (!primero) return `${mayuscula(cuando)} todavía no hay ventas completadas.`;
  const total = usos.reduce((s, u) => s + u.ventas, 0);
  return `${mayuscula(cuando)} el método de pago más usado es ${primero.metodo_pago}: ${primero.ventas} de ${contar(total, 'venta')} (${formatClp(primero.ingresos)}).`;
}

export const AYUDA = {
  ayuda_cargar: `Para subir un archivo entra a ${PANTALLAS.cargar}: elige si son Productos o Ventas, descarga la plantilla (Excel, CSV o XML) si la necesitas, arrastra tu archivo (.csv, .xlsx o .xml) y presiona «Continuar». Al terminar verás cuántas filas se guardaron y podrás descargar las filas con errores para corregirlas.`,
  ayuda_vender: `Para registrar una venta entra a ${PANTALLAS.nuevaVenta}: escanea los productos con el lector (o búscalos por nombre en la tabla), revisa el carrito, presiona «Proceder al Pago», elige el método de pago y finaliza la venta. El stock se descuenta al instante.`,
  ayuda_producto: `Para agregar un producto entra a ${PANTALLAS.nuevoProducto}: escanea su código de barras o escríbelo, completa nombre, categoría, precio de venta y stock, y guárdalo. Si tienes muchos, súbelos de una vez en ${PANTALLAS.cargar}.`,
  ayuda_recomendaciones: `En ${PANTALLAS.recomendaciones} verás, calculado con tus ventas: qué reponer pronto (y cuánto), qué no se vende hace 30 días, qué productos dejan poco margen, la clasificación ABC de tus productos y tus horas peak.`,
} as const;

export const SALUDO =
  '¡Hola! Soy Badito, el asistente de tu minimarket. Pregúntame por tus ventas, lo más vendido, lo que se te acabó o cómo usar el sistema.';
export const AGRADECIMIENTO = '¡De nada! Si necesitas algo más, pregúntame.';

export const CAPACIDADES = [
  'Puedo responderte con los datos de tu tienda:',
  '• Ventas y ticket promedio de hoy, ayer, esta semana o este mes.',
  '• Lo más vendido de la semana o del mes.',
  '• Qué productos están agotados o con stock bajo.',
  '• El stock y el precio de un producto.',
  '• El método de pago más usado del mes.',
  'También te explico cómo cargar un archivo, registrar una venta, agregar un producto o leer las recomendaciones.',
].join('\n');

export const DESCONOCIDA =
  'No sé responder esa pregunta todavía. ¿Quieres que se la pase a soporte? Una persona del equipo te responderá por el chat.';

export const PERIODO_NO_SOPORTADO =
  'Por ahora calculo las cifras de hoy, ayer, esta semana (desde el lunes) y este mes (desde el día 1), no de otros períodos. Para otros rangos usa Visualizar › Datos en bruto. ¿Quieres que se lo pregunte a soporte?';

export const ELIGE_MINIMARKET = 'Para responder con datos, primero elige el minimarket sobre el que preguntas.';
export const SIN_MINIMARKET =
  'Todavía no tienes un minimarket asociado, así que no tengo datos que mostrarte. Escríbele a soporte para crearlo.';

const SUGERENCIAS: Record<IntencionBadito, string[]> = {
  ventas_hoy: ['¿Cuánto vendí ayer?', '¿Cuál es mi ticket promedio de hoy?', '¿Qué fue lo más vendido esta semana?'],
  ventas_ayer: ['¿Cuánto vendí hoy?', '¿Cuánto llevo esta semana?', '¿Cuál fue mi ticket promedio de ayer?'],
  ventas_semana: ['¿Cuánto vendí este mes?', '¿Qué fue lo más vendido esta semana?', '¿Cuál es mi ticket promedio de la semana?'],
  ventas_mes: [
    '¿Qué fue lo más vendido este mes?',
    '¿Cuál es el método de pago más usado este mes?',
    '¿Cuál es mi ticket promedio del mes?',
  ],
  ticket_hoy: ['¿Cuánto vendí hoy?', '¿Cuál es mi ticket promedio de la semana?', '¿Cuál es mi ticket promedio del mes?'],
  ticket_ayer: ['¿Cuánto vendí ayer?', '¿Cuál es mi ticket promedio de hoy?'],
  ticket_semana: ['¿Cuánto llevo esta semana?', '¿Cuál es mi ticket promedio del mes?'],
  ticket_mes: ['¿Cuánto vendí este mes?', '¿Cuál es el método de pago más usado este mes?'],
  mas_vendido_semana: ['¿Qué fue lo más vendido este mes?', '¿Qué productos están agotados?', '¿Qué productos tienen stock bajo?'],
  mas_vendido_mes: ['¿Qué fue lo más vendido esta semana?', '¿Cuánto vendí este mes?', '¿Qué productos tienen stock bajo?'],
  agotados: ['¿Qué productos tienen stock bajo?', '¿Cómo leo las recomendaciones?', '¿Qué fue lo más vendido esta semana?'],
  stock_bajo: ['¿Qué productos están agotados?', '¿Cómo leo las recomendaciones?', '¿Qué fue lo más vendido esta semana?'],
  producto: ['¿Qué productos tienen stock bajo?', '¿Qué productos están agotados?', '¿Cómo agrego un producto?'],
  metodo_pago_mes: ['¿Cuánto vendí este mes?', '¿Cuál es mi ticket promedio del mes?'],
  ayuda_cargar: ['¿Cómo agrego un producto?', '¿Cómo registro una venta?', '¿Qué puedes hacer?'],
  ayuda_vender: ['¿Cuánto vendí hoy?', '¿Cómo agrego un producto?', '¿Cómo subo un archivo?'],
  ayuda_producto: ['¿Cómo subo un archivo?', '¿Cómo registro una venta?', '¿Qué productos tienen stock bajo?'],
  ayuda_recomendaciones: ['¿Qué productos tienen stock bajo?', '¿Qué fue lo más vendido este mes?'],
  saludo: ['¿Cuánto vendí hoy?', '¿Qué productos están agotados?', '¿Qué fue lo más vendido esta semana?', '¿Qué puedes hacer?'],
  capacidades: ['¿Cuánto vendí hoy?', '¿Qué productos tienen stock bajo?', '¿Cómo subo un archivo?'],
  desconocida: ['¿Qué puedes hacer?', '¿Cuánto vendí hoy?', '¿Qué productos están agotados?'],
};

/** 2–4 follow-up questions, each one Badito understands. */
export const sugerencias = (intencion: IntencionBadito): string[] => SUGERENCIAS[intencion];

export { SUGERENCIAS as TODAS_LAS_SUGERENCIAS };
