// Every concept Badito knows, each a list of terms (terminos.ts), composed from one file per concept.
//
// The order below is the order the concepts were always read in; it decides nothing (every match is
// kept with its quality, and the rules ask for concepts by name), but it is kept so a trace reads the
// same. A concept's name is unique: two files naming the same one would fail the check below.
import { parte, type Termino } from '../terminos.js';
import { AYUDA } from './ayuda.js';
import { CONVERSACION } from './conversacion.js';
import { FIADO } from './fiado.js';
import { FUERA_DE_ALCANCE } from './fuera-de-alcance.js';
import { MAS_VENDIDO } from './mas-vendido.js';
import { PAGOS } from './pagos.js';
import { PERIODOS } from './periodos.js';
import { PREGUNTAS } from './preguntas.js';
import { PRODUCTOS } from './productos.js';
import { STOCK } from './stock.js';
import { VENTAS } from './ventas.js';

const PARTES = [PERIODOS, PAGOS, PREGUNTAS, VENTAS, MAS_VENDIDO, STOCK, FIADO, PRODUCTOS, AYUDA, CONVERSACION, FUERA_DE_ALCANCE] as const;

export const CONCEPTOS = {
  ...PERIODOS,
  ...PAGOS,
  ...PREGUNTAS,
  ...VENTAS,
  ...MAS_VENDIDO,
  ...STOCK,
  ...FIADO,
  ...PRODUCTOS,
  ...AYUDA,
  ...CONVERSACION,
  ...FUERA_DE_ALCANCE,
} satisfies Record<string, Termino[]>;

// A spread would let a second file's concept silently replace the first one's.
if (PARTES.reduce((n, p) => n + Object.keys(p).length, 0) !== Object.keys(CONCEPTOS).length) {
  throw new Error('Badito: un concepto está definido en dos archivos de intenciones/conceptos.');
}

export type Concepto = keyof typeof CONCEPTOS;

/** Every term of every concept, split in its words and read once. */
export const TERMINOS = (Object.entries(CONCEPTOS) as [Concepto, Termino[]][]).flatMap(([concepto, terminos]) =>
  terminos.map((t) => ({ concepto, partes: t.split(' ').map(parte) })),
);

/** Greetings, thanks and "ayuda" go with any question ("hola badito, ¿cuánto vendí hoy?"). */
export const CORTESIA: Concepto[] = ['saludo', 'gracias', 'capacidades'];
