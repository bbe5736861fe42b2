// La libreta de fiado: what customers owe in total, who owes most, or what one customer owes ("¿cuánto me debe la señora Juana?").
import type { Clasificacion } from './clasificacion.js';
import { CORTESIA, type Concepto } from './conceptos/index.js';
import type { Lectura } from './lectura.js';
import { CONFIANZA_MINIMA, MAX_PALABRAS_CLIENTE } from './limites.js';
import { VACIAS } from './vacias.js';

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

/**
 * What customers owe, said outright ("¿cuánto me debe la señora Juana?", "¿cuánto tengo fiado?"); null
 * for any other question. It is known only as it is now, for no payment method. Every word is explained
 * (the libreta's words, "cuánto", "más", "tiene", courtesy, how one calls a neighbour) or is the
 * customer's name; a word that surely is another concept ("vendí", "menos") is not understood.
 */
export function deuda(l: Lectura): Clasificacion | null {
  const { ws, porPalabra, mejor, tiene, fuerte, base, fallback, consumidas, negacionesLibres, periodo, comparacion, hayMetodo } = l;
  if (!(fuerte('deuda') || (fuerte('fiado') && !l.ventaFiada))) return null;
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
