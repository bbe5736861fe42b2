// The language side of Badito, kept small and deterministic: text → plain lower-case words without
// accents or punctuation, each with its Spanish stem (Snowball, from @nlpjs/lang-es), and a typo
// tolerance measured in edits (fastest-levenshtein). No model, no outside service.
import { StemmerEs } from '@nlpjs/lang-es';
import { distance } from 'fastest-levenshtein';

const stemmer = new StemmerEs();

/** Lower case, no accents (ñ → n), no punctuation or emoji, single spaces. */
export function normalizar(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('es-CL')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The words of a text, normalized. */
export const palabras = (texto: string): string[] => {
  const n = normalizar(texto);
  return n ? n.split(' ') : [];
};

/** Words are short and the stemmer is pure: the stems of the words people use are cached. */
const raices = new Map<string, string>();
const MAX_RAICES_EN_CACHE = 20_000;

/** The Spanish stem of a normalized word: vendí, vendimos, vender → vend. */
export function raiz(palabra: string): string {
  let r = raices.get(palabra);
  if (r === undefined) {
    r = stemmer.stemWord(palabra) as string;
    if (raices.size >= MAX_RAICES_EN_CACHE) raices.clear();
    raices.set(palabra, r);
  }
  return r;
}

/**
 * How many typing mistakes a word of this length may carry and still be recognised: none under 4
 * letters (mes/mas, hoy/hay differ by one), one up to 6 letters, two from 7.
 */
export const erroresPermitidos = (largo: number) => (largo < 4 ? 0 : largo < 7 ? 1 : 2);

/**
 * A word as it sounds in Chile, for spelling slips that are not typos: b/v, z/s, ce/se, ge/je, ll/y,
 * a silent h, doubled letters (bendí → vendi, aller → ayer, ase → hace, presio → precio, targeta → tarjeta).
 */
export function pliegue(palabra: string): string {
  return palabra
    .replace(/b/g, 'v')
    .replace(/z/g, 's')
    .replace(/ll/g, 'y')
    .replace(/h/g, '')
    .replace(/c(?=[ei])/g, 's')
    .replace(/g(?=[ei])/g, 'j')
    .replace(/(.)\1+/g, '$1');
}

/**
 * Real words one typo away from a word Badito knows: never read as that typo ("cuándo" is not
 * "cuánto", "debido" is not "débito", "conejo" is not "consejo", "cuenta" is not "cuanta").
 */
const NUNCA_TIPEO = new Set(['cuando', 'cuenta', 'cuentas', 'cuentos', 'debido', 'conejo', 'conejos', 'venia', 'ventana', 'ventanas']);

/**
 * How well `escrita` reads as `esperada` through typing mistakes alone: 1 − edits ÷ the longer
 * length, within the edits its length allows (erroresPermitidos); 0 beyond. "cunto" for "cuanto" is
 * 0.83; "lata" for "plata" 0.8.
 */
export function calidadTipeo(escrita: string, esperada: string): number {
  if (NUNCA_TIPEO.has(escrita)) return 0;
  const permitidos = erroresPermitidos(Math.min(escrita.length, esperada.length));
  if (permitidos === 0 || Math.abs(escrita.length - esperada.length) > permitidos) return 0;
  const d = distance(escrita, esperada);
  return d <= permitidos ? 1 - d / Math.max(escrita.length, esperada.length) : 0;
}

/** True when `escrita` is `esperada` with at most the typos its length allows (or spelt as it sounds). */
export function parecida(escrita: string, esperada: string): boolean {
  if (escrita === esperada) return true;
  if (escrita.length >= 3 && pliegue(escrita) === pliegue(esperada)) return true;
  const permitidos = erroresPermitidos(Math.min(escrita.length, esperada.length));
  return permitidos > 0 && Math.abs(escrita.length - esperada.length) <= permitidos && distance(escrita, esperada) <= permitidos;
}
