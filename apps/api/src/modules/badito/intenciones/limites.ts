// The classifier's bounds and thresholds: how much of a message is read, and how well a word must match.

/** A question of more words is not one question: the fallback, without reading it. */
export const MAX_PALABRAS_PREGUNTA = 30;
/** A longer "word" is a paste or a code, not a word: it matches nothing. */
export const MAX_LARGO_PALABRA = 25;
/** A product's name is looked up with at most this many words (more: it is not a name). */
export const MAX_PALABRAS_PRODUCTO = 6;
/** A customer's name is looked up with at most this many words. */
export const MAX_PALABRAS_CLIENTE = 4;
/** A word matches a term from this quality on: a typo of a word of 6 letters or more, not less. */
export const CALIDAD_MINIMA = 0.82;
/** The words that choose an intent match at least this well: exact, stem, prefix or as it sounds; never a typo. */
export const CONFIANZA_MINIMA = 0.9;
