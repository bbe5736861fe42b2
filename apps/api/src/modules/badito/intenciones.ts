// What a question asks, worked out from its words alone (pure: no database, unit-tested beside).
// Each concept is a list of terms; a term matches a word by its Spanish stem, by a prefix or with a
// typo or two (normalizar.ts). The intent follows from the concepts found, in a fixed order of
// precedence: how-to questions first (they name an action), then the figures, then greetings.
import type { IntencionBadito } from '@minimarket/contracts/badito';
import { palabras, parecida, pliegue, raiz } from './normalizar.js';

/**
 * A term, written in plain words:
 * - 'hoy': that word, with the typos its length allows;
 * - '=hola': that word exactly (hola and hora are one typo apart);
 * - '~vender': any word with the same Spanish stem (vendí, vendimos, vende), or the word with typos;
 * - 'agot*': any word starting so;
 * - 'sin stock': consecutive words, each a term as above.
 */
type Termino = string;

function coincide(palabra: string, termino: Termino): boolean {
  if (termino.endsWith('*')) return palabra.startsWith(termino.slice(0, -1));
  if (termino.startsWith('=')) return palabra === termino.slice(1);
  if (termino.startsWith('~')) {
    const base = termino.slice(1);
    return raiz(palabra) === raiz(base) || raiz(pliegue(palabra)) === raiz(base) || parecida(palabra, base);
  }
  return parecida(palabra, termino);
}

/** The positions where a term (one word or several in a row) starts. */
function posiciones(ws: readonly string[], termino: Termino): number[] {
  const partes = termino.split(' ');
  const encontradas: number[] = [];
  for (let i = 0; i + partes.length <= ws.length; i++) {
    if (partes.every((p, k) => coincide(ws[i + k]!, p))) encontradas.push(i);
  }
  return encontradas;
}

/** Slang and texting shorthand, replaced word for word before anything else. */
const SINONIMOS: Record<string, string> = {
  q: 'que',
  k: 'que',
  ke: 'que',
  xq: 'porque',
  pq: 'porque',
  cuant: 'cuanto',
  cnto: 'cuanto',
  ma: 'mas',
  wena: 'hola',
  wenas: 'hola',
  holi: 'hola',
  ola: 'hola',
  alo: 'hola',
  exel: 'excel',
  tiket: 'ticket',
  tickets: 'ticket',
  agotao: 'agotado',
  agotaos: 'agotados',
  acabao: 'acabado',
  aller: 'ayer',
  oy: 'hoy',
  hoi: 'hoy',
  mez: 'mes',
};

const CONCEPTOS = {
  hoy: ['hoy', 'dia', 'diaria', 'jornada'],
  ayer: ['ayer'],
  semana: ['semana', 'semanal', 'semanas'],
  mes: ['mes', 'mensual', 'meses'],
  /** Periods Badito does not compute: it says so instead of answering for another period. */
  otroPeriodo: ['pasada', 'pasado', 'anterior', 'anteayer', 'antier', 'ano', 'anio', 'anual', 'trimestre'],

  cuanto: ['cuanto', 'cuanta', 'cuantos', 'cuantas', 'total', 'monto'],
  como: ['como', 'donde', 'pasos', 'tutorial', 'ensename', 'explicame', 'ayudame', 'instrucciones', 'puedo', 'hago', 'hacer', 'debo'],

  ventas: [
    '~vender',
    '~venta',
    'hice',
    'hize',
    'hicimos',
    'hizo',
    'hecho',
    '~facturar',
    '~recaudar',
    'recaudacion',
    '~ganar',
    'ganancia',
    'llevo',
    'llevamos',
    'plata',
    'caja',
    '~boleta',
    'ingresos',
    'movimiento',
    'me fue',
    'nos fue',
  ],
  /** "¿Cómo me fue?", "¿cómo van las ventas?": how the shop is doing, not how to sell. */
  desempeno: ['me fue', 'nos fue', 'fue', 'van', 'va', 'vamos', 'anda', 'andan', 'andamos', 'vendiendo'],
  ticket: ['ticket', '~promedio', 'por cliente', 'cada cliente'],
  masVendido: ['top', 'estrella', 'ranking', 'mas popular', 'mejor producto', 'mejor vendido', 'mas rotacion'],
  stockBajo: [
    'stock bajo',
    'bajo stock',
    'bajos de stock',
    'poco stock',
    'queda poco',
    'quedan pocos',
    'quedan pocas',
    'quedando poco',
    'quedando sin',
    'por agotarse',
    'por acabarse',
    'por terminarse',
    'a punto de',
    'esta =acabando',
    'estan =acabando',
    'esta =agotando',
    'estan =agotando',
    '~reponer',
    'reposicion',
    'critico',
    'criticos',
    'escaso',
    'escasos',
    'umbral',
  ],
  agotados: [
    'agot*',
    '~acabar',
    'acabo',
    '~terminar',
    'sin stock',
    'quiebre',
    'no queda',
    'no quedan',
    'no hay',
    'stock cero',
    'en cero',
    'cero',
    'stock 0',
    'no tienen stock',
    'no tiene stock',
    'no tengo stock',
    'falta',
    'faltan',
  ],
  producto: [
    '~precio',
    'cuesta',
    'cuestan',
    'vale',
    'valen',
    'stock',
    'queda',
    'quedan',
    'quedo',
    'hay',
    'tengo',
    'tienes',
    'unidades',
    'existencias',
  ],
  metodoPago: [
    'metodo de pago',
    'metodos de pago',
    'medio de pago',
    'medios de pago',
    'forma de pago',
    'formas de pago',
    'metodo',
    'metodos',
    '~pagar',
    'pagan',
    'tarjeta',
    'efectivo',
    'transferencia',
    'debito',
    'credito',
  ],
  cargar: [
    '~cargar',
    'subo',
    'subir',
    'sube',
    '~importar',
    'excel',
    'csv',
    'xml',
    'xlsx',
    'archivo',
    'archivos',
    'planilla',
    'plantilla',
    'masiva',
  ],
  recomendaciones: ['~recomendacion', '~recomendar', 'recomiendas', 'sugerencia', 'sugerencias', 'consejo', 'consejos', 'abc'],
  accionProducto: ['~agregar', '~crear', 'creo', '~ingresar', '~registrar', '~anadir', 'dar de alta', 'nuevo', 'nueva', 'meter', 'meto'],
  palabraProducto: ['~producto', 'articulo', 'articulos', 'item'],
  accionVender: ['~vender', '~venta', '~cobrar', 'escanear', 'escaneo', 'lector', 'pos', 'carrito', 'boleta'],
  capacidades: [
    'que puedes',
    'que sabes',
    'que haces',
    'para que sirves',
    'para que sirve',
    'en que me ayudas',
    'en que me puedes',
    'que puedo preguntar',
    'que te puedo preguntar',
    'quien eres',
    'que eres',
    'como funcionas',
    'ayuda',
    'help',
    'funciones',
    'opciones',
    'comandos',
    'menu',
  ],
  saludo: [
    '=hola',
    'hello',
    'hi',
    'hey',
    'buenas',
    'buenos dias',
    'buen dia',
    'buenas tardes',
    'buenas noches',
    'que tal',
    'saludos',
    'badito',
  ],
  gracias: ['gracias', 'grax', 'vale gracias', 'muchas gracias', 'ok gracias'],
} satisfies Record<string, Termino[]>;

type Concepto = keyof typeof CONCEPTOS;

/** Words that say what is asked, not which product: left out of a product's name. */
const VACIAS = new Set([
  'a',
  'al',
  'con',
  'cual',
  'cuales',
  'de',
  'del',
  'dame',
  'dime',
  'el',
  'en',
  'es',
  'esta',
  'estan',
  'favor',
  'info',
  'informacion',
  'la',
  'las',
  'le',
  'lo',
  'los',
  'me',
  'mi',
  'mis',
  'muestrame',
  'necesito',
  'o',
  'para',
  'por',
  'porfa',
  'porfavor',
  'producto',
  'productos',
  'que',
  'quiero',
  'saber',
  'se',
  'son',
  'su',
  'tiene',
  'tienen',
  'todavia',
  'aun',
  'un',
  'una',
  'unidad',
  'unidades',
  'ver',
  'xfa',
  'y',
  'actual',
  'ahora',
  'inventario',
  'sale',
]);

/** Verbs that, next to 'más', mean "sold the most": lo que más salió, el más vendido, qué se vende más. */
const VERBOS_MAS_VENDIDO = [
  '~vender',
  'vendido',
  'vendida',
  'vendidos',
  'vendidas',
  '~salir',
  'salio',
  'sale',
  'salen',
  '~pedir',
  'pedido',
  '~comprar',
  'compran',
  '~llevar',
  'llevan',
  'mueve',
  'rota',
];
const DISTANCIA_MAS_VENDIDO = 3;

export type Periodo = 'hoy' | 'ayer' | 'semana' | 'mes';

export interface Clasificacion {
  intencion: IntencionBadito;
  /** For 'producto' (or an unknown question that may be a product's name): the words that name it. */
  consultaProducto: string[];
  /** The question named a period Badito does not compute (last week, the year...). */
  periodoNoSoportado: boolean;
  /** A thank-you rather than a greeting (the same intent, another answer). */
  agradecimiento: boolean;
}

/** The words of a question after normalizing and replacing slang. */
export function palabrasPregunta(texto: string): string[] {
  return palabras(texto).map((w) => SINONIMOS[w] ?? w);
}

function periodo(tiene: (c: Concepto) => boolean): Periodo | null {
  if (tiene('ayer')) return 'ayer';
  if (tiene('semana')) return 'semana';
  if (tiene('mes')) return 'mes';
  if (tiene('hoy')) return 'hoy';
  return null;
}

/** 'más' within a few words of a selling verb, either side. */
function preguntaMasVendido(ws: readonly string[]): boolean {
  const mas = ws.flatMap((w, i) => (w === 'mas' || w === 'mayor' ? [i] : []));
  return mas.some((i) =>
    ws.some((w, j) => j !== i && Math.abs(j - i) <= DISTANCIA_MAS_VENDIDO && VERBOS_MAS_VENDIDO.some((t) => coincide(w, t))),
  );
}

export function clasificar(texto: string): Clasificacion {
  const ws = palabrasPregunta(texto);
  const usadas = new Set<number>();
  const encontrados = new Set<Concepto>();
  for (const [concepto, terminos] of Object.entries(CONCEPTOS) as [Concepto, Termino[]][]) {
    for (const t of terminos) {
      const largo = t.split(' ').length;
      for (const i of posiciones(ws, t)) {
        encontrados.add(concepto);
        for (let k = 0; k < largo; k++) usadas.add(i + k);
      }
    }
  }
  const tiene = (c: Concepto) => encontrados.has(c);
  const consultaProducto = ws.filter((w, i) => !usadas.has(i) && !VACIAS.has(w));
  const resultado = (intencion: IntencionBadito, extra: Partial<Clasificacion> = {}): Clasificacion => ({
    intencion,
    consultaProducto,
    periodoNoSoportado: false,
    agradecimiento: false,
    ...extra,
  });
  if (ws.length === 0) return resultado('desconocida');

  const p = periodo(tiene);
  const otroPeriodo = tiene('otroPeriodo');
  const accionProducto = (tiene('accionProducto') && tiene('palabraProducto')) || /\bnuevo producto\b/.test(ws.join(' '));

  // How-to questions name an action; they win over the figures their words also mention.
  if (tiene('cargar')) return resultado('ayuda_cargar');
  if (tiene('recomendaciones')) return resultado('ayuda_recomendaciones');
  if (accionProducto && !tiene('cuanto')) return resultado('ayuda_producto');
  if (tiene('accionVender') && tiene('como') && !tiene('cuanto') && !tiene('desempeno') && !p) return resultado('ayuda_vender');

  // Figures.
  if (tiene('metodoPago')) return resultado('metodo_pago_mes', { periodoNoSoportado: otroPeriodo });
  if (tiene('masVendido') || preguntaMasVendido(ws))
    return resultado(p === 'mes' ? 'mas_vendido_mes' : 'mas_vendido_semana', { periodoNoSoportado: otroPeriodo });
  if (tiene('ticket')) return resultado(`ticket_${p ?? 'hoy'}`, { periodoNoSoportado: otroPeriodo });
  if (tiene('stockBajo')) return resultado('stock_bajo');
  if (tiene('agotados')) return resultado('agotados');
  if (tiene('ventas')) return resultado(`ventas_${p ?? 'hoy'}`, { periodoNoSoportado: otroPeriodo });
  if (tiene('producto')) return resultado('producto');

  // Conversation.
  if (tiene('capacidades')) return resultado('capacidades');
  if (tiene('gracias')) return resultado('saludo', { agradecimiento: true });
  if (tiene('saludo') && consultaProducto.length === 0) return resultado('saludo');

  // Only a period ("¿y ayer?"): the figure people ask for most, sales.
  if (p && consultaProducto.length === 0) return resultado(`ventas_${p}`, { periodoNoSoportado: otroPeriodo });
  return resultado('desconocida');
}
