// What a question asks, worked out from its words alone (pure: no database, unit-tested beside, and
// bounded: a message of more than MAX_PALABRAS_PREGUNTA words is not read word by word at all).
//
// Badito never bluffs: it answers a question only when it understood all of it. Each concept is a
// list of terms; a term matches a word with a quality (exact 1, same stem 0.95, prefix or spelt as it
// sounds 0.9, a typo less: normalizar.ts). Then:
// 1. the slots: the period (hoy, ayer, semana, mes), the payment methods (efectivo, tarjeta…, or
//    "sin tarjeta"), the negations ("no", "sin", "nunca") and what each one negates;
// 2. the intent, in a fixed order of precedence (how-to questions, then figures, then conversation),
//    chosen only by words that match well (CONFIANZA_MINIMA: never by a typo alone);
// 3. the check: every word must be explained by the intent (its concepts, its slots, or words that
//    say nothing). A word left over changes the meaning ("¿cuánto vendí de pan?" is not "¿cuánto
//    vendí?"), so the answer is the honest fallback, never another question's figure. Only a
//    product question takes its left-over words: they are the product's name.
import type { IntencionBadito } from '@minimarket/contracts/badito';
import { METODOS_PAGO, type MetodoPago } from '@minimarket/contracts/comunes';
import { calidadTipeo, palabras, pliegue, raiz } from './normalizar.js';

/** A question of more words is not one question: the fallback, without reading it. */
export const MAX_PALABRAS_PREGUNTA = 30;
/** A longer "word" is a paste or a code, not a word: it matches nothing. */
export const MAX_LARGO_PALABRA = 25;
/** A product's name is looked up with at most this many words (more: it is not a name). */
export const MAX_PALABRAS_PRODUCTO = 6;
/** A word matches a term from this quality on: a typo of a word of 6 letters or more, not less. */
export const CALIDAD_MINIMA = 0.82;
/** The words that choose an intent match at least this well: exact, stem, prefix or as it sounds; never a typo. */
export const CONFIANZA_MINIMA = 0.9;

/**
 * A term, written in plain words:
 * - 'hoy': that word, spelt as it sounds or with the typos its length allows;
 * - '=hola': that word exactly (hola and hora are one typo apart);
 * - '~vender': any word with the same Spanish stem (vendí, vendimos, vende), or as above;
 * - 'agot*': any word starting so;
 * - 'sin stock': consecutive words, each a term as above (the phrase matches as its worst word).
 */
type Termino = string;

interface Parte {
  tipo: 'palabra' | 'exacta' | 'raiz' | 'prefijo';
  base: string;
  pliegue: string;
  raiz: string;
}

const parte = (t: string): Parte => {
  const tipo = t.startsWith('=') ? 'exacta' : t.startsWith('~') ? 'raiz' : t.endsWith('*') ? 'prefijo' : 'palabra';
  const base = tipo === 'exacta' || tipo === 'raiz' ? t.slice(1) : tipo === 'prefijo' ? t.slice(0, -1) : t;
  return { tipo, base, pliegue: pliegue(base), raiz: raiz(base) };
};

/** A word of the question with what its matching needs, computed once. */
interface Palabra {
  texto: string;
  pliegue: string;
  raiz: string;
  raizPliegue: string;
}

const palabra = (texto: string): Palabra => {
  const p = pliegue(texto);
  return { texto, pliegue: p, raiz: raiz(texto), raizPliegue: raiz(p) };
};

/** How well a word reads as one part of a term: 0 when it does not. */
function calidad(w: Palabra, t: Parte): number {
  if (w.texto === t.base) return 1;
  switch (t.tipo) {
    case 'exacta':
      return 0;
    case 'prefijo':
      return w.texto.startsWith(t.base) ? 0.9 : 0;
    case 'raiz':
      if (w.raiz === t.raiz) return 0.95;
      if (w.raizPliegue === t.raiz) return 0.9;
      break;
  }
  if (w.texto.length >= 3 && w.pliegue === t.pliegue) return 0.9;
  return calidadTipeo(w.texto, t.base);
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
  cto: 'cuanto',
  cunto: 'cuanto',
  cuato: 'cuanto',
  kien: 'quien',
  kienes: 'quienes',
  qien: 'quien',
  cuamto: 'cuanto',
  ma: 'mas',
  wena: 'hola',
  wenas: 'hola',
  holi: 'hola',
  ola: 'hola',
  alo: 'hola',
  exel: 'excel',
  tiket: 'ticket',
  tickets: 'ticket',
  tiquet: 'ticket',
  agotao: 'agotado',
  agotaos: 'agotados',
  acabao: 'acabado',
  aller: 'ayer',
  ayel: 'ayer',
  oy: 'hoy',
  hoi: 'hoy',
  mez: 'mes',
  stok: 'stock',
  estock: 'stock',
  xfa: 'porfa',
  pls: 'porfa',
  plis: 'porfa',
  vendi: 'vendi',
  tb: 'tambien',
  tmb: 'tambien',
  d: 'de',
  x: 'por',
  efect: 'efectivo',
  efec: 'efectivo',
  transf: 'transferencia',
  transfe: 'transferencia',
};

const CONCEPTOS = {
  // Periods.
  hoy: ['hoy', 'hoy dia', 'diaria', 'diario', 'jornada'],
  /** "del día": today, unless another period is named ("el día de ayer"). */
  dia: ['dia'],
  ayer: ['ayer'],
  semana: ['semana', 'semanal', 'semanales', 'semanas'],
  mes: ['mes', 'mensual', 'mensuales', 'meses'],
  /** Periods Badito does not compute: it says so instead of answering for another period. */
  otroPeriodo: [
    'pasada',
    'pasado',
    'anterior',
    'anteayer',
    'antier',
    'antes de ayer',
    'ano',
    'anio',
    'anual',
    'trimestre',
    'semestre',
    'quincena',
    'finde',
    'fin de semana',
    'ultimos',
    'ultimas',
    'lunes',
    'martes',
    'miercoles',
    'jueves',
    'viernes',
    'sabado',
    'domingo',
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'setiembre',
    'octubre',
    'noviembre',
    'diciembre',
    'navidad',
    'fecha',
  ],

  // Payment methods: "tarjeta" is both cards unless one is named.
  efectivo: ['efectivo', 'cash', 'contado', 'billete', 'billetes', 'lucas en mano'],
  tarjeta: ['tarjeta', 'tarjetas', 'transbank', 'maquinita'],
  debito: ['debito', 'redcompra', 'debit'],
  credito: ['credito', 'credit'],
  transferencia: ['transferencia', 'transferencias', 'transfer', 'transferido', 'transferidos', 'transferida', 'transferidas'],
  /**
   * Fiado, the payment method of la libreta. Next to a sale ("¿cuánto vendí fiado?", "ventas fiadas",
   * "al fiado") it is a method like efectivo; without one ("¿cuánto tengo fiado?") it is what customers
   * owe now (ventaFiada in clasificar).
   */
  fiado: ['=fiado', '=fiados', '=fiada', '=fiadas', '=fiao', '=fiaos'],
  /**
   * The words of `ventas` that surely say selling: "¿cuánto vendí fiado?" is a sale, while "¿cuánto llevo
   * fiado?" or "¿cuánta plata fiada?" may be what is owed (not guessed: the libreta's answer).
   */
  vender: ['~vender', '~venta', 'vendido', 'vendida', 'vendidos', 'vendidas', '~boleta', '~facturar', 'facture'],
  /** Selling on credit said with its own verb ("¿cuánto fié este mes?"): a sale, paid with Fiado. */
  fiar: ['=fie', '=fiamos', '=fiaron', '=fio', '=fiaste', '=fiar', '=fiando'],
  /** The payment methods themselves as the question ("¿cómo me pagan?"). */
  metodoGenerico: [
    'metodo',
    'metodos',
    'metodo de pago',
    'metodos de pago',
    'medio de pago',
    'medios de pago',
    'forma de pago',
    'formas de pago',
    'como me pagan',
    'como pagan',
    'como me pagaron',
    'como pagaron',
    'con que pagan',
    'con que me pagan',
    'con que me pagaron',
    'desglose',
    'usan',
    'usa',
    'usado',
    'usada',
    'usados',
    'usadas',
    'uso',
    'ocupan',
  ],

  cuanto: ['cuanto', 'cuanta', 'cuantos', 'cuantas', 'total', 'monto', 'que tanto', 'numero', 'cifra', 'resumen'],
  como: [
    'como',
    'donde',
    'pasos',
    'tutorial',
    'ensename',
    'explicame',
    'ayudame',
    'instrucciones',
    'puedo',
    'hago',
    'hacer',
    'debo',
    'tengo que',
    'leo',
    'leer',
    'veo',
    'entiendo',
    'interpreto',
    'usar',
    'funciona',
    'funcionan',
  ],

  ventas: [
    '~vender',
    '~venta',
    'vendido',
    'vendida',
    'vendidos',
    'vendidas',
    'hice',
    'hize',
    'hicimos',
    'hizo',
    'hecho',
    '~facturar',
    'facture',
    '~recaudar',
    'recaudacion',
    'recaude',
    'llevo',
    'llevamos',
    'plata',
    'lucas',
    '~boleta',
    'ingresos',
    'ingreso',
    'entro',
    'entrado',
    'entraron',
    'movimiento',
    'me fue',
    'nos fue',
    '~cobrar',
    'cobre',
    'pagaron',
    'me pagaron',
    'pago',
    'pagos',
  ],
  /** "¿Cómo me fue?", "¿cómo van las ventas?": how the shop is doing, not how to sell. */
  desempeno: [
    'me fue',
    'nos fue',
    'fue',
    'van',
    'va',
    'vamos',
    'anda',
    'andan',
    'andamos',
    'vendiendo',
    'voy',
    'como voy',
    'como vamos',
    'que tal',
    'estuvo',
    'estuvieron',
  ],
  ticket: ['ticket', '~promedio', 'por cliente', 'cada cliente', 'gasto', 'gastan', 'gasta'],
  // Discounts given (issue 32): "¿cuánto he descontado este mes?".
  descuento: ['descuento', 'descuentos', 'descontado', 'descontamos', 'descontaste', 'desconte', 'rebaja', 'rebajas', 'rebajado'],
  masVendido: [
    'top',
    'estrella',
    'ranking',
    'mas popular',
    'mas populares',
    'mejor producto',
    'mejores productos',
    'mejor vendido',
    'mas vendido',
    'mas vendidos',
    'mas vendida',
    'mas vendidas',
    'mas rotacion',
  ],
  /** Verbs of selling besides "vender": next to "más" they ask for the best sellers, after "no" for the dead stock. */
  verbosSalida: [
    '~salir',
    'salio',
    'sale',
    'salen',
    'salieron',
    '~pedir',
    'piden',
    '~comprar',
    'compran',
    'compra',
    '~llevar',
    'llevan',
    'mueve',
    'mueven',
    'rota',
    'rotan',
  ],
  mas: ['mas', 'mayor', 'harto'],
  menos: ['menos', 'menor'],
  stockBajo: [
    'stock bajo',
    'bajo stock',
    'bajos de stock',
    'bajo de stock',
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
    'se esta acabando',
    '~reponer',
    'reposicion',
    'critico',
    'criticos',
    'escaso',
    'escasos',
    'umbral',
    'casi',
    // What to buy is what runs low.
    'tengo que comprar',
    'hay que comprar',
    'necesito comprar',
    'que comprar',
    'pedir al proveedor',
    'pido al proveedor',
    'pedirle al proveedor',
    'lista de compras',
    'lista de compra',
  ],
  agotados: [
    'agot*',
    '~acabar',
    'acabo',
    'acabado',
    'acabados',
    '~terminar',
    'sin stock',
    'sin existencias',
    'quiebre',
    'stock cero',
    'en cero',
    'stock 0',
    'falta',
    'faltan',
    'faltando',
  ],
  /** Dead stock, said outright; "no se vende" is found by its negation (negaciones below). */
  sinVentas: [
    'sin ventas',
    'sin venta',
    'sin vender',
    'sin movimiento',
    'sin salida',
    'stock muerto',
    'clavado',
    'clavados',
    'estancado',
    'estancados',
    'inmovilizado',
    'inmovilizados',
    'parado',
    'parados',
  ],
  /**
   * La libreta de fiado: what customers owe. Only words that say it outright choose it ("libreta" is
   * also a product; "debo" is the owner's own debt, not the libreta); "fiado" without a sale does too
   * (the concept fiado above).
   */
  deuda: [
    '=debe',
    '=deben',
    '=debia',
    '=debian',
    '=deba',
    '=deban',
    '=adeuda',
    '=adeudan',
    'deuda',
    'deudas',
    'deudor',
    'deudores',
    'deudora',
    'deudoras',
    'por cobrar',
    'cuentas por cobrar',
    'moroso',
    'morosos',
    'morosa',
    'morosas',
  ],
  /** A product's price. */
  precio: ['~precio', 'cuesta', 'cuestan', 'vale', 'valen', 'precio de venta', 'precio venta', 'cuanto sale', 'cuanto salen'],
  /** What a product costs the shop. */
  costo: ['costo', 'costos', 'precio de compra', 'precio compra', 'lo compro', 'compre', 'compro'],
  /** A product's stock. */
  existencias: [
    'stock',
    'queda',
    'quedan',
    'quedo',
    'hay',
    'tengo',
    'tenemos',
    'tienes',
    'tiene',
    'tienen',
    'unidades',
    'existencias',
    'inventario',
  ],
  // How-to.
  cargarFuerte: ['~importar', 'excel', 'csv', 'xml', 'xlsx', 'archivo', 'archivos', 'planilla', 'plantilla', 'masiva', 'carga masiva'],
  cargarVerbo: ['~cargar', 'subo', 'subir', 'sube'],
  cargarObjeto: ['datos', 'informacion', 'catalogo', 'inventario', 'productos', 'ventas', 'lista'],
  recomendaciones: ['~recomendacion', '~recomendar', 'recomiendas', 'sugerencia', 'sugerencias', 'consejo', 'consejos', 'abc'],
  accionProducto: ['~agregar', '~crear', 'creo', '~ingresar', '~registrar', '~anadir', 'dar de alta', 'nuevo', 'nueva', 'meter', 'meto'],
  palabraProducto: ['~producto', 'articulo', 'articulos', 'item', 'cosas', 'cosa'],
  accionVender: ['~vender', '~venta', '~cobrar', 'escanear', 'escaneo', 'lector', 'pos', 'carrito', 'boleta'],
  /** Something does not work: a how-to answer also offers support. */
  problema: [
    'error',
    'errores',
    'falla',
    'fallo',
    'problema',
    'problemas',
    'no puedo',
    'no me deja',
    'no funciona',
    'no carga',
    'no se carga',
    'no sube',
    'no se sube',
    'no anda',
    'se cayo',
    'reclamo',
  ],
  // Conversation.
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
    'como estas',
    'saludos',
    'badito',
  ],
  gracias: ['gracias', 'grax', 'vale gracias', 'muchas gracias', 'ok gracias', 'gracia'],

  // What Badito does not do: each has its honest answer (motivos below).
  /** Advice, forecasts and the world outside the shop. */
  fuera: [
    'conviene',
    'convendria',
    'conveniente',
    'deberia',
    'deberias',
    'deberian',
    'manana',
    'pronostico',
    'predecir',
    'prediccion',
    'proyeccion',
    'proyectar',
    'estimar',
    'estimacion',
    'futuro',
    'llover',
    'llueve',
    'llueva',
    'lluvia',
    'clima',
    'temperatura',
    'dolar',
    'dolares',
    'euro',
    'euros',
    'uf',
    'utm',
    'bencina',
    'inflacion',
    'ipc',
    'impuesto',
    'impuestos',
    'sii',
    'porque',
    'competencia',
    'vecino',
    'vale la pena',
  ],
  /** The shift's drawer: its own screen, its own figure (not the day's sales). */
  caja: ['en caja', 'en la caja', 'arqueo', 'cuadrar', 'cuadratura', 'turno', 'cierre', 'sencillo'],
  /** Profit is not revenue: Badito does not compute it. */
  ganancia: [
    'ganancia',
    'ganancias',
    '~ganar',
    'gane',
    'ganamos',
    'ganado',
    'utilidad',
    'utilidades',
    'margen',
    'rentabilidad',
    'rentable',
  ],
  /** Changing a price is done in the inventory, not asked of Badito. */
  cambioPrecio: [
    'subir',
    'subirle',
    'bajar',
    'bajarle',
    'cambiar',
    'cambiarle',
    'modificar',
    'aumentar',
    'aumentarle',
    'rebajar',
    'descuento',
    'oferta',
    'promocion',
    'editar',
    'actualizar',
    'ponerle',
    'poner',
    'pongo',
    'pongamos',
  ],
} satisfies Record<string, Termino[]>;

type Concepto = keyof typeof CONCEPTOS;

const TERMINOS = (Object.entries(CONCEPTOS) as [Concepto, Termino[]][]).flatMap(([concepto, terminos]) =>
  terminos.map((t) => ({ concepto, partes: t.split(' ').map(parte) })),
);

/** Words that say nothing about what is asked: articles, pronouns, courtesy, the shop itself. */
const VACIAS = new Set([
  'a',
  'al',
  'aca',
  'actual',
  'actualmente',
  'ahi',
  'ahora',
  'algo',
  'algun',
  'alguna',
  'alguno',
  'algunos',
  'algunas',
  'almacen',
  'altiro',
  'aqui',
  'aun',
  'bueno',
  'cada',
  'cachai',
  'con',
  'cual',
  'cuales',
  'da',
  'dame',
  'de',
  'decir',
  'decirme',
  'del',
  'desde',
  'dime',
  'dio',
  'e',
  'eh',
  'el',
  'ella',
  'en',
  'era',
  'es',
  'ese',
  'esa',
  'eso',
  'esos',
  'esas',
  'este',
  'esta',
  'estan',
  'estas',
  'esto',
  'estos',
  'favor',
  'fue',
  'fueron',
  'ha',
  'han',
  'has',
  'hasta',
  'he',
  'hemos',
  'info',
  'informacion',
  'la',
  'las',
  'le',
  'les',
  'lo',
  'los',
  'me',
  'mi',
  'mio',
  'minimarket',
  'mira',
  'mis',
  'momento',
  'mostrar',
  'muestrame',
  'nos',
  'negocio',
  'necesito',
  'nomas',
  'o',
  'ok',
  'oye',
  'oiga',
  'para',
  'pero',
  'po',
  'podrias',
  'por',
  'porfa',
  'porfavor',
  'producto',
  'productos',
  'puedes',
  'que',
  'queria',
  'quiero',
  'quisiera',
  'saber',
  'se',
  'ser',
  'si',
  'solo',
  'solamente',
  'son',
  'su',
  'sus',
  'tambien',
  'te',
  'tienda',
  'toda',
  'todas',
  'todavia',
  'todo',
  'todos',
  'tu',
  'tus',
  'un',
  'una',
  'uno',
  'unos',
  'unas',
  'unidad',
  'ver',
  'y',
  'ya',
  'yo',
]);

/** Words that negate. What each one negates decides the question (negaciones below). */
const NEGACIONES = new Set(['no', 'sin', 'nunca', 'jamas', 'ningun', 'ninguno', 'ninguna', 'nada', 'nadie', 'tampoco', 'ni']);
/** Words that exclude a payment method ("todo menos tarjeta", "sin tarjeta", "no en efectivo"). */
const EXCLUYEN_METODO = new Set(['no', 'sin', 'menos', 'excepto', 'salvo']);
/** Between a negation and what it negates: "no me queda", "no se han vendido", "no fue con tarjeta". */
const ENTRE_NEGACION = new Set([
  'me',
  'nos',
  'se',
  'le',
  'les',
  'te',
  'lo',
  'la',
  'los',
  'las',
  'ya',
  'han',
  'ha',
  'he',
  'hemos',
  'en',
  'con',
  'por',
  'de',
  'el',
  'fue',
  'fueron',
  'sea',
  'sean',
  'es',
  'son',
  'pago',
  'pagado',
  'pagados',
  'pagadas',
  'que',
]);
const MAX_ENTRE_NEGACION = 3;

/** Ask for a list before "más" (lo que más se vende, qué salió más, cuál es el producto que más…), not "vendí más que ayer". */
const PIDEN_LISTA = new Set(['que', 'lo', 'cual', 'cuales', 'producto', 'productos', 'articulo', 'articulos', 'top']);
const DISTANCIA_MAS_VENDIDO = 3;

export type Periodo = 'hoy' | 'ayer' | 'semana' | 'mes';

/** What each how-to question explains (besides the slots and courtesy). */
const AYUDA_ABSORBE = {
  ayuda_cargar: [
    'cargarFuerte',
    'cargarVerbo',
    'cargarObjeto',
    'como',
    'ventas',
    'palabraProducto',
    'problema',
    'accionProducto',
    'existencias',
  ],
  ayuda_recomendaciones: ['recomendaciones', 'como', 'ventas', 'mas', 'palabraProducto', 'problema', 'verbosSalida'],
  ayuda_producto: ['accionProducto', 'palabraProducto', 'como', 'problema', 'existencias', 'precio'],
  ayuda_vender: ['accionVender', 'ventas', 'como', 'accionProducto', 'palabraProducto', 'problema'],
} satisfies Partial<Record<IntencionBadito, Concepto[]>>;

/**
 * Words of a question about the libreta that say nothing about which customer: how one calls a
 * neighbour ("la señora Juana", "don Pedro", "la tía Rosa"), who ("¿quién me debe más?"), and what
 * is owed ("plata", "lucas"). Plain words, not concepts: "Don Vittorio" is still a product's name.
 */
const TRATO_DEUDA = new Set([
  'senora',
  'sra',
  'senor',
  'sr',
  'don',
  'dona',
  'srta',
  'senorita',
  'vecina',
  'tia',
  'tio',
  'casera',
  'casero',
  'caserita',
  'caserito',
  'cliente',
  'clientes',
  'gente',
  'persona',
  'personas',
  'plata',
  'dinero',
  'pesos',
  'total',
  'a',
]);
/** Who owes: a list of customers, not one ("¿quién me debe más?", "lista de deudores", "¿cuánto me debe cada cliente?"). */
const PIDEN_DEUDORES = new Set([
  'quien',
  'quienes',
  'cada',
  'lista',
  'listado',
  'ranking',
  'top',
  'deudores',
  'deudoras',
  'morosos',
  'morosas',
]);
/** A customer's name is looked up with at most this many words. */
export const MAX_PALABRAS_CLIENTE = 4;

/** Greetings, thanks and "ayuda" go with any question ("hola badito, ¿cuánto vendí hoy?"). */
const CORTESIA: Concepto[] = ['saludo', 'gracias', 'capacidades'];

/** Why a question gets the fallback: each has its honest answer (respuestas.ts). */
export type Motivo =
  /** No intent at all. */
  | 'sin_intencion'
  /** Words the intent does not explain (in `desconocidas`). */
  | 'desconocidas'
  /** More than MAX_PALABRAS_PREGUNTA words. */
  | 'larga'
  /** Advice, forecasts, the world outside the shop. */
  | 'fuera_de_alcance'
  | 'caja'
  | 'ganancia'
  | 'cambio_precio'
  /** A period Badito does not compute (last week, Monday, March…). */
  | 'periodo'
  /** Two periods: a comparison. */
  | 'comparacion'
  /** A period on stock, which is known only as it is now. */
  | 'periodo_stock'
  /** A period on dead stock, which is a fixed window. */
  | 'periodo_sin_ventas'
  /** A payment method on a figure that does not have one. */
  | 'metodo_no_aplica'
  /** A negation the intent cannot honour. */
  | 'negacion'
  | 'menos_vendido'
  /** A product's name too long to be one. */
  | 'producto_largo'
  /** A period on what customers owe, which is known only as it is now. */
  | 'periodo_deuda';

export interface Clasificacion {
  intencion: IntencionBadito;
  /** The period of a figure (its default when the question names none). */
  periodo: Periodo | null;
  /** The payment methods a sales or ticket figure is limited to; null: all. */
  metodos: MetodoPago[] | null;
  /** For 'producto' (or an unknown question that may be a product's bare name): the words that name it. */
  consultaProducto: string[];
  /** For 'deuda_cliente': the words that name the customer ("juana", "juana perez"). */
  consultaCliente: string[];
  /** For a product: its purchase price was asked too. */
  conCosto: boolean;
  /** A thank-you rather than a greeting (the same intent, another answer). */
  agradecimiento: boolean;
  /** A how-to question that reports a problem: answered, and support offered. */
  conProblema: boolean;
  /** Why the fallback ('desconocida' only). */
  motivo: Motivo | null;
  /** The intent the question leaned to before the fallback (what a 'metodo_no_aplica' was about). */
  casi: IntencionBadito | null;
  /** The words not understood ('desconocidas'). */
  desconocidas: string[];
  /** How well the deciding words matched (0–1); a fallback below CONFIANZA_MINIMA. */
  confianza: number;
}

/** The words of a question after normalizing and replacing slang. */
export function palabrasPregunta(texto: string): string[] {
  return palabras(texto).map((w) => SINONIMOS[w] ?? w);
}

/**
 * Every concept each word matches (best quality), and where each phrase was found. A word that
 * surely is one term (exact, stem, prefix, as it sounds) is not also read as a typo of another:
 * "agotó" is not "agosto", "parado" not "pasado".
 */
function coincidencias(ws: readonly string[]) {
  const leidas = ws.map((w) => (w.length <= MAX_LARGO_PALABRA ? palabra(w) : null));
  const todas: Array<{ concepto: Concepto; i: number; largo: number; q: number }> = [];
  const mejorDePalabra = ws.map(() => 0);
  for (const { concepto, partes } of TERMINOS) {
    for (let i = 0; i + partes.length <= ws.length; i++) {
      let q = 1;
      for (let k = 0; k < partes.length && q > 0; k++) {
        const w = leidas[i + k];
        q = w ? Math.min(q, calidad(w, partes[k]!)) : 0;
      }
      if (q < CALIDAD_MINIMA) continue;
      todas.push({ concepto, i, largo: partes.length, q });
      for (let k = 0; k < partes.length; k++) mejorDePalabra[i + k] = Math.max(mejorDePalabra[i + k]!, q);
    }
  }
  /** word index → concept → quality. */
  const porPalabra = ws.map(() => new Map<Concepto, number>());
  /** concept → best quality. */
  const mejor = new Map<Concepto, number>();
  /** concept → [start, length] of each match. */
  const donde = new Map<Concepto, Array<[number, number]>>();
  for (const { concepto, i, largo, q } of todas) {
    const tipeo = q < CONFIANZA_MINIMA;
    if (tipeo && Array.from({ length: largo }, (_, k) => mejorDePalabra[i + k]!).some((m) => m >= CONFIANZA_MINIMA)) continue;
    mejor.set(concepto, Math.max(mejor.get(concepto) ?? 0, q));
    donde.set(concepto, [...(donde.get(concepto) ?? []), [i, largo]]);
    for (let k = 0; k < largo; k++) {
      const m = porPalabra[i + k]!;
      m.set(concepto, Math.max(m.get(concepto) ?? 0, q));
    }
  }
  return { porPalabra, mejor, donde };
}

const METODOS_DE: Record<'efectivo' | 'debito' | 'credito' | 'transferencia' | 'fiado' | 'fiar', MetodoPago> = {
  efectivo: 'Efectivo',
  debito: 'Tarjeta de Débito',
  credito: 'Tarjeta de Crédito',
  transferencia: 'Transferencia Bancaria',
  fiado: 'Fiado',
  fiar: 'Fiado',
};

export function clasificar(texto: string): Clasificacion {
  const ws = palabrasPregunta(texto);
  const base: Clasificacion = {
    intencion: 'desconocida',
    periodo: null,
    metodos: null,
    consultaProducto: [],
    consultaCliente: [],
    conCosto: false,
    agradecimiento: false,
    conProblema: false,
    motivo: 'sin_intencion',
    casi: null,
    desconocidas: [],
    confianza: 0,
  };
  if (ws.length === 0) return base;
  // Bounded before any matching: a long message is not read word by word.
  if (ws.length > MAX_PALABRAS_PREGUNTA) return { ...base, motivo: 'larga' };

  const { porPalabra, mejor, donde } = coincidencias(ws);
  const tiene = (c: Concepto) => mejor.has(c);
  /** Found well enough to decide an intent (not through a typo). */
  const fuerte = (c: Concepto) => (mejor.get(c) ?? 0) >= CONFIANZA_MINIMA;
  const en = (i: number, c: Concepto) => porPalabra[i]?.has(c) ?? false;
  const indices = (c: Concepto) => (donde.get(c) ?? []).flatMap(([i, largo]) => Array.from({ length: largo }, (_, k) => i + k));
  const fallback = (motivo: Motivo, extra: Partial<Clasificacion> = {}): Clasificacion => ({ ...base, motivo, ...extra });

  /**
   * Fiado as a payment method: said with a sale or the average ticket ("¿cuánto vendí fiado hoy?",
   * "ventas fiadas de la semana") or with the verb itself ("¿cuánto fié este mes?"). Not when the
   * question is about what is owed now: a word of the libreta ("debe", "por cobrar") or of having
   * ("¿cuánto tengo fiado?", "¿cuánta plata tengo fiada?") makes it the libreta's question.
   */
  const ventaFiada =
    (fuerte('fiar') || (fuerte('fiado') && (fuerte('vender') || fuerte('ticket')))) && !tiene('deuda') && !tiene('existencias');

  /** Words already explained by a negation and what it negates. */
  const consumidas = new Set<number>();

  // Negations: what each one negates, found within a few linking words after it.
  const negadoTras = (i: number, es: (j: number) => boolean): number | null => {
    for (let j = i + 1, entre = 0; j < ws.length && entre <= MAX_ENTRE_NEGACION; j++) {
      if (es(j)) return j;
      if (!ENTRE_NEGACION.has(ws[j]!)) return null;
      entre++;
    }
    return null;
  };
  const consumir = (desde: number, hasta: number) => {
    for (let k = desde; k <= hasta; k++) consumidas.add(k);
  };
  const esMetodo = (j: number) =>
    en(j, 'efectivo') ||
    en(j, 'tarjeta') ||
    en(j, 'debito') ||
    en(j, 'credito') ||
    en(j, 'transferencia') ||
    (ventaFiada && (en(j, 'fiado') || en(j, 'fiar')));
  const esVerboVenta = (j: number) => en(j, 'ventas') || en(j, 'verbosSalida');
  const esExistencia = (j: number) => en(j, 'existencias');

  const excluidos = new Set<number>();
  let negacionVenta = false;
  let negacionExistencia = false;
  ws.forEach((w, i) => {
    if (EXCLUYEN_METODO.has(w)) {
      const j = negadoTras(i, esMetodo);
      if (j !== null) {
        excluidos.add(j);
        consumir(i, j);
        return;
      }
    }
    if (!NEGACIONES.has(w) || w === 'nada') return;
    const venta = negadoTras(i, esVerboVenta);
    if (venta !== null) {
      negacionVenta = true;
      consumir(i, venta);
      return;
    }
    const existencia = negadoTras(i, esExistencia);
    if (existencia !== null) {
      negacionExistencia = true;
      consumir(i, existencia);
    }
  });
  // "nada" emphasises a negation already read: "no vendí nada" asks whether anything sold (sales),
  // "no queda nada de pan" is about pan's stock.
  const hayNada = ws.includes('nada');
  const ventasEnfaticas = hayNada && (negacionVenta || tiene('ventas'));
  if (hayNada && (negacionVenta || negacionExistencia || tiene('ventas'))) ws.forEach((w, i) => w === 'nada' && consumidas.add(i));
  if (ventasEnfaticas) negacionVenta = false;
  // Negations inside a phrase ('sin stock', 'no puedo') are explained by it.
  for (const c of ['agotados', 'sinVentas', 'problema', 'stockBajo'] as const) for (const i of indices(c)) consumidas.add(i);
  const negacionesLibres = ws.flatMap((w, i) => (NEGACIONES.has(w) && !consumidas.has(i) ? [i] : []));

  // Periods.
  const periodos = (['ayer', 'semana', 'mes', 'hoy'] as const).filter((p) => tiene(p));
  const periodoDia = tiene('dia') && periodos.length === 0;
  const periodo: Periodo | null = periodos[0] ?? (periodoDia ? 'hoy' : null);
  const comparacion = periodos.length > 1 && !ws.includes('hasta');

  // Payment methods.
  const nombrados = (c: keyof typeof METODOS_DE | 'tarjeta', excluido: boolean) => indices(c).some((i) => excluidos.has(i) === excluido);
  const conceptosMetodo = ['efectivo', 'debito', 'credito', 'transferencia', ...(ventaFiada ? (['fiado', 'fiar'] as const) : [])] as const;
  const metodosDe = (excluido: boolean): Set<MetodoPago> => {
    const s = new Set<MetodoPago>();
    for (const c of conceptosMetodo) if (nombrados(c, excluido)) s.add(METODOS_DE[c]);
    if (nombrados('tarjeta', excluido) && !s.has('Tarjeta de Débito') && !s.has('Tarjeta de Crédito')) {
      s.add('Tarjeta de Débito');
      s.add('Tarjeta de Crédito');
    }
    return s;
  };
  const positivos = metodosDe(false);
  const negativos = metodosDe(true);
  const grupos = [
    positivos.has('Efectivo'),
    positivos.has('Tarjeta de Débito') || positivos.has('Tarjeta de Crédito'),
    positivos.has('Transferencia Bancaria'),
    positivos.has('Fiado'),
  ].filter(Boolean).length;
  const elegidos = METODOS_PAGO.filter((m) => (positivos.size > 0 ? positivos.has(m) : true) && !negativos.has(m));
  // "Sin efectivo, tarjeta ni transferencia" leaves nothing to count.
  if ((positivos.size > 0 || negativos.size > 0) && elegidos.length === 0) return fallback('negacion');
  const hayMetodo = positivos.size > 0 || negativos.size > 0;
  const metodos: MetodoPago[] | null = hayMetodo && elegidos.length < METODOS_PAGO.length ? elegidos : null;

  // What Badito does not do, said before anything else.
  if (fuerte('fuera') || (ws[0] === 'por' && ws[1] === 'que')) return fallback('fuera_de_alcance');
  if (fuerte('caja')) return fallback('caja');
  if (fuerte('ganancia')) return fallback('ganancia');
  if (fuerte('cambioPrecio') && fuerte('precio')) return fallback('cambio_precio');

  // La libreta: what customers owe, said outright ("¿cuánto me debe la señora Juana?", "¿cuánto tengo fiado?").
  if (fuerte('deuda') || (fuerte('fiado') && !ventaFiada)) return deuda();

  /**
   * What customers owe is known only as it is now, for no payment method. Every word is explained
   * (the libreta's words, "cuánto", "más", "tiene", courtesy, how one calls a neighbour) or is the
   * customer's name; a word that surely is another concept ("vendí", "menos") is not understood.
   */
  function deuda(): Clasificacion {
    const casi: Partial<Clasificacion> = { casi: 'por_cobrar' };
    if (hayMetodo) return fallback('metodo_no_aplica', casi);
    if (tiene('otroPeriodo') || comparacion || (periodo && periodo !== 'hoy')) return fallback('periodo_deuda', casi);
    if (negacionesLibres.length > 0) return fallback('negacion', casi);
    const absorbe: Concepto[] = ['deuda', 'fiado', 'cuanto', 'mas', 'existencias', 'hoy', 'dia', ...CORTESIA];
    const nombre: string[] = [];
    const desconocidas: string[] = [];
    ws.forEach((w, i) => {
      if (VACIAS.has(w) || consumidas.has(i) || TRATO_DEUDA.has(w) || PIDEN_DEUDORES.has(w)) return;
      const m = porPalabra[i]!;
      if (absorbe.some((c) => m.has(c))) return;
      // A word that surely is another concept changes the question ("¿cuánto vendí fiado?").
      if ([...m.values()].some((q) => q >= CONFIANZA_MINIMA)) desconocidas.push(w);
      else nombre.push(w);
    });
    if (desconocidas.length > 0) return fallback('desconocidas', { ...casi, desconocidas });
    const confianza = Math.max(mejor.get('deuda') ?? 0, mejor.get('fiado') ?? 0);
    const pideLista = ws.some((w) => PIDEN_DEUDORES.has(w)) || tiene('mas');
    if (nombre.length > 0) {
      // "¿Quién me debe más, Juana?" asks two things: not guessed.
      if (pideLista || nombre.length > MAX_PALABRAS_CLIENTE) return fallback('desconocidas', { ...casi, desconocidas: nombre });
      return { ...base, intencion: 'deuda_cliente', consultaCliente: nombre, motivo: null, confianza };
    }
    return { ...base, intencion: pideLista ? 'mayores_deudores' : 'por_cobrar', motivo: null, confianza };
  }

  // How-to questions name an action; they win over the figures their words also mention. Every
  // word explained here too: "¿cómo anulo una venta?" is not "¿cómo registro una venta?".
  const ayuda = (intencion: keyof typeof AYUDA_ABSORBE): Clasificacion => {
    const libres = sueltas(AYUDA_ABSORBE[intencion]);
    if (negacionesLibres.length > 0) return fallback('negacion', { casi: intencion });
    if (libres.length > 0) return fallback('desconocidas', { casi: intencion, desconocidas: libres });
    return { ...base, intencion, motivo: null, conProblema: tiene('problema'), confianza: 1 };
  };
  const cargar = fuerte('cargarFuerte') || (fuerte('cargarVerbo') && (tiene('cargarObjeto') || tiene('ventas')) && !tiene('precio'));
  if (cargar) return ayuda('ayuda_cargar');
  if (fuerte('recomendaciones')) return ayuda('ayuda_recomendaciones');
  const accionProducto = (fuerte('accionProducto') && tiene('palabraProducto')) || /\bnuevo producto\b/.test(ws.join(' '));
  if (accionProducto && !tiene('cuanto')) return ayuda('ayuda_producto');
  if (fuerte('accionVender') && tiene('como') && !tiene('cuanto') && !tiene('desempeno') && !periodo) return ayuda('ayuda_vender');

  // Figures.
  const masVendido = fuerte('masVendido') || preguntaMasVendido();
  const menosVendido = ws.some((_, i) => en(i, 'menos') && !consumidas.has(i) && cercaDeVerbo(i));
  const sinVentas = fuerte('sinVentas') || negacionVenta;
  const nombraProducto = hayPalabrasSueltas();

  type Eleccion = { intencion: IntencionBadito; decide: Concepto[] };
  const elegir = (): Eleccion | null => {
    if (menosVendido && !masVendido) return null;
    // "¿Cómo me pagan?" is about the month by default; "¿cuánto en efectivo y cuánto con tarjeta?", about today.
    if (fuerte('metodoGenerico')) return { intencion: `metodo_pago_${periodo ?? 'mes'}`, decide: ['metodoGenerico'] };
    if (grupos >= 2) return { intencion: `metodo_pago_${periodo ?? 'hoy'}`, decide: [] };
    if (masVendido) return { intencion: `mas_vendido_${periodo ?? 'semana'}`, decide: fuerte('masVendido') ? ['masVendido'] : ['mas'] };
    if (sinVentas) return { intencion: 'sin_ventas', decide: fuerte('sinVentas') ? ['sinVentas'] : [] };
    if (fuerte('ticket')) return { intencion: `ticket_${periodo ?? 'hoy'}`, decide: ['ticket'] };
    if (fuerte('descuento')) return { intencion: `descuentos_${periodo ?? 'mes'}`, decide: ['descuento'] };
    if (fuerte('stockBajo')) return { intencion: 'stock_bajo', decide: ['stockBajo'] };
    if (fuerte('precio') || fuerte('costo')) return { intencion: 'producto', decide: [fuerte('precio') ? 'precio' : 'costo'] };
    // "¿No hay pan?", "¿se acabó la leche?": about that product's stock; without a name, the list.
    if (fuerte('agotados') || negacionExistencia)
      return { intencion: nombraProducto ? 'producto' : 'agotados', decide: fuerte('agotados') ? ['agotados'] : ['existencias'] };
    if (fuerte('ventas') || ventasEnfaticas) return { intencion: `ventas_${periodo ?? 'hoy'}`, decide: ['ventas'] };
    // "¿Cuánto fié este mes?": selling on credit is selling.
    if (fuerte('fiar') && ventaFiada) return { intencion: `ventas_${periodo ?? 'hoy'}`, decide: ['fiar'] };
    // "¿Cómo me fue?", "¿qué tal el mes?": how the shop is doing.
    if (fuerte('desempeno') && (tiene('como') || periodo !== null))
      return { intencion: `ventas_${periodo ?? 'hoy'}`, decide: ['desempeno'] };
    if (fuerte('cuanto') && hayMetodo) return { intencion: `ventas_${periodo ?? 'hoy'}`, decide: ['cuanto'] };
    if (fuerte('existencias')) return { intencion: 'producto', decide: ['existencias'] };
    return null;
  };

  /** 'más' within a few words of a selling verb, either side, after a word that asks for a list. */
  function preguntaMasVendido(): boolean {
    return ws.some((_, i) => en(i, 'mas') && (mejor.get('mas') ?? 0) >= CONFIANZA_MINIMA && cercaDeVerbo(i));
  }

  /** A selling verb a few words from position i, either side, both after a word that asks for a list ("lo que más…"). */
  function cercaDeVerbo(i: number): boolean {
    const verbo = ws.findIndex((_, j) => j !== i && Math.abs(j - i) <= DISTANCIA_MAS_VENDIDO && esVerboVenta(j));
    if (verbo < 0) return false;
    return ws.slice(0, Math.min(i, verbo)).some((w) => PIDEN_LISTA.has(w));
  }

  /** Words no concept explains (and that say something): a product's name, or what was not understood. */
  function hayPalabrasSueltas(): boolean {
    return ws.some((w, i) => !VACIAS.has(w) && !NEGACIONES.has(w) && porPalabra[i]!.size === 0);
  }

  const eleccion = elegir();

  // Conversation, or a product's bare name ("coca cola", "¿y la leche?").
  if (!eleccion) {
    if (menosVendido) return fallback('menos_vendido');
    if (periodo && tiene('otroPeriodo')) return fallback('periodo');
    const conversacion = sueltas(['capacidades', 'saludo', 'gracias', 'como', 'cuanto', 'dia']);
    if (fuerte('capacidades')) return { ...base, intencion: 'capacidades', motivo: null, confianza: 1 };
    if (fuerte('gracias') && conversacion.length === 0)
      return { ...base, intencion: 'saludo', agradecimiento: true, motivo: null, confianza: 1 };
    if (fuerte('saludo') && conversacion.length === 0) return { ...base, intencion: 'saludo', motivo: null, confianza: 1 };
    // Only a period or a payment method ("¿y ayer?", "¿y en efectivo?"): the figure people ask for most, sales.
    // ("¿Qué día es hoy?" is no follow-up: a bare "día" does not count.)
    const soloPeriodo = (periodos.length > 0 && !tiene('dia')) || hayMetodo;
    if (soloPeriodo && sueltas(['cuanto', 'saludo', 'gracias']).length === 0 && negacionesLibres.length === 0) {
      if (comparacion) return fallback('comparacion');
      return { ...base, intencion: `ventas_${periodo ?? 'hoy'}`, periodo: periodo ?? 'hoy', metodos, motivo: null, confianza: 1 };
    }
    // Nothing but words no concept knows: perhaps a product's name; the service looks it up.
    const algunConcepto = [...mejor.keys()].some((c) => !['saludo', 'gracias'].includes(c) && fuerte(c));
    if (!algunConcepto) {
      const nombre = ws.filter((w, i) => !VACIAS.has(w) && !en(i, 'saludo') && !en(i, 'gracias'));
      if (nombre.length > MAX_PALABRAS_PRODUCTO) return fallback('producto_largo');
      // A name has a word of 3 letters or more that is not a negation ("no" alone is no product).
      const buscable = nombre.every((w) => w.length <= MAX_LARGO_PALABRA) && nombre.some((w) => w.length >= 3 && !NEGACIONES.has(w));
      return fallback('sin_intencion', { consultaProducto: buscable ? nombre : [] });
    }
    return fallback('sin_intencion', { desconocidas: sueltas([]) });
  }

  /** The words of the question that none of these concepts (nor a slot, nor a negation read) explains. */
  function sueltas(absorbe: readonly Concepto[], conSlots = true): string[] {
    const slots: Concepto[] = conSlots
      ? [
          'hoy',
          'dia',
          'ayer',
          'semana',
          'mes',
          'efectivo',
          'tarjeta',
          'debito',
          'credito',
          'transferencia',
          ...conceptosMetodo,
          ...CORTESIA,
        ]
      : CORTESIA;
    return ws.filter((w, i) => {
      if (VACIAS.has(w) || consumidas.has(i)) return false;
      const m = porPalabra[i]!;
      return ![...absorbe, ...slots].some((c) => m.has(c));
    });
  }

  const { intencion } = eleccion;
  const familia = intencion.replace(/_(hoy|ayer|semana|mes)$/, '');
  const confianza = Math.min(1, ...eleccion.decide.map((c) => mejor.get(c) ?? 0));
  if (confianza < CONFIANZA_MINIMA) return fallback('sin_intencion', { confianza });
  const casi = { casi: intencion };

  // Slots the intent cannot honour.
  if (tiene('otroPeriodo')) return fallback(['agotados', 'stock_bajo', 'producto'].includes(familia) ? 'periodo_stock' : 'periodo', casi);
  if (comparacion) return fallback('comparacion', casi);
  const conPeriodo = ['ventas', 'ticket', 'mas_vendido', 'metodo_pago', 'descuentos'].includes(familia);
  if (!conPeriodo && periodo && periodo !== 'hoy') return fallback(familia === 'sin_ventas' ? 'periodo_sin_ventas' : 'periodo_stock', casi);
  if (familia === 'sin_ventas' && periodo) return fallback('periodo_sin_ventas', casi);
  const conMetodo = ['ventas', 'ticket', 'metodo_pago'].includes(familia);
  if (hayMetodo && !conMetodo) return fallback('metodo_no_aplica', casi);

  // Every word explained by the intent, or the fallback.
  const ABSORBE: Record<string, Concepto[]> = {
    ventas: ['ventas', 'cuanto', 'desempeno', ...(tiene('desempeno') ? (['como'] as const) : []), 'verbosSalida', 'palabraProducto'],
    ticket: ['ticket', 'cuanto', 'ventas', 'palabraProducto'],
    descuentos: ['descuento', 'cuanto', 'ventas', 'verbosSalida'],
    mas_vendido: ['masVendido', 'mas', 'ventas', 'verbosSalida', 'cuanto', 'palabraProducto'],
    metodo_pago: ['metodoGenerico', 'mas', 'ventas', 'cuanto', 'verbosSalida', 'desempeno'],
    sin_ventas: ['sinVentas', 'ventas', 'verbosSalida', 'palabraProducto', 'cuanto', 'existencias', 'mas'],
    agotados: ['agotados', 'existencias', 'cuanto', 'palabraProducto', 'stockBajo'],
    stock_bajo: ['stockBajo', 'agotados', 'existencias', 'cuanto', 'palabraProducto', 'como'],
    producto: ['precio', 'costo', 'existencias', 'agotados', 'cuanto', 'ventas', 'mas'],
  };
  const libres = sueltas(ABSORBE[familia] ?? []);

  if (familia === 'producto') {
    // The words left are the product's name; a negation inside it is part of it ("agua sin gas").
    const nombre = ws.filter((w, i) => {
      if (VACIAS.has(w) || consumidas.has(i)) return false;
      const m = porPalabra[i]!;
      // Only a word that surely is one of these (not a typo of one) is left out of the name.
      const segura = (c: Concepto) => (m.get(c) ?? 0) >= CONFIANZA_MINIMA;
      const absorben: Concepto[] = [...ABSORBE.producto!, 'hoy', 'dia', ...CORTESIA];
      return !absorben.some(segura);
    });
    const primera = ws.findIndex((w) => nombre.includes(w) && !NEGACIONES.has(w));
    const negacionFuera = negacionesLibres.some((i) => primera < 0 || i < primera);
    if (negacionFuera) return fallback('negacion', casi);
    if (nombre.length > MAX_PALABRAS_PRODUCTO) return fallback('producto_largo', casi);
    // "Vale, gracias" is no price question.
    if (nombre.length === 0 && (fuerte('gracias') || fuerte('saludo')))
      return { ...base, intencion: 'saludo', agradecimiento: fuerte('gracias'), motivo: null, confianza: 1 };
    // "¿Cuánto vale mi inventario?", "¿cuántos productos tengo?": about no one product, not answered as if it were.
    if (nombre.length === 0 && (tiene('cuanto') || tiene('mas'))) return fallback('sin_intencion', casi);
    return {
      ...base,
      intencion: 'producto',
      consultaProducto: nombre,
      conCosto: tiene('costo'),
      motivo: null,
      confianza,
    };
  }

  if (negacionesLibres.length > 0) return fallback('negacion', casi);
  if (libres.length > 0) return fallback('desconocidas', { ...casi, desconocidas: libres });
  return {
    ...base,
    intencion,
    periodo: conPeriodo ? (intencion.slice(familia.length + 1) as Periodo) : null,
    metodos: conMetodo && familia !== 'metodo_pago' ? metodos : null,
    motivo: null,
    confianza,
  };
}
