// Whole numbers as a Chilean types them, the one parser for the web's inputs, the API's text
// fields and the imported files: '1990', '1.990', '$1.990', '$ 1.990' are one thousand nine
// hundred and ninety (the dot separates thousands here). A decimal part ('1.990,50', '1990.5',
// '1,99') is refused, never rounded: pesos have no cents and units come whole. Zod-free, so the
// import reads millions of cells with it without building schemas.

export type Lectura<T> = { ok: true; valor: T } | { ok: false; mensaje: string };

const ENTERO_SIMPLE = /^\d+$/;
const ENTERO_CON_MILES = /^\d{1,3}(\.\d{3})+$/;
const SOLO_CIFRAS_Y_SEPARADORES = /^[\d.,]+$/;

export interface OpcionesEntero {
  /** The field as a sentence starts: 'El precio de venta'. */
  campo: string;
  /** An amount of pesos: a leading '$' is allowed and the messages speak of pesos. */
  pesos?: boolean;
}

/** The example every money message shows. */
export const EJEMPLO_PESOS = '1990 o $1.990';

/**
 * A whole number written with or without thousands dots (and a '$' for pesos). Only the
 * form is checked here; the range is the caller's (a schema or `leerEnteroEntre`).
 */
export function leerEntero(texto: string, { campo, pesos = false }: OpcionesEntero): Lectura<number> {
  let t = texto.replace(/\s+/g, '');
  let negativo = false;
  if (t.startsWith('-')) {
    negativo = true;
    t = t.slice(1);
  }
  if (pesos && t.startsWith('$')) {
    t = t.slice(1);
    if (!negativo && t.startsWith('-')) {
      negativo = true;
      t = t.slice(1);
    }
  }
  let n: number;
  if (ENTERO_SIMPLE.test(t)) n = Number(t);
  else if (ENTERO_CON_MILES.test(t)) n = Number(t.replace(/\./g, ''));
  else if (SOLO_CIFRAS_Y_SEPARADORES.test(t) && /[.,]/.test(t)) {
    return {
      ok: false,
      mensaje: pesos
        ? `${campo} debe ser un número entero de pesos, sin decimales (ej: ${EJEMPLO_PESOS}); se encontró "${texto.trim()}".`
        : `${campo} debe ser un número entero, sin decimales; se encontró "${texto.trim()}".`,
    };
  } else {
    return {
      ok: false,
      mensaje: pesos
        ? `${campo} debe ser un monto en pesos (ej: ${EJEMPLO_PESOS}); se encontró "${texto.trim()}".`
        : `${campo} debe ser un número entero; se encontró "${texto.trim()}".`,
    };
  }
  return { ok: true, valor: negativo ? -n : n };
}

/** `leerEntero` and a range, for readers without a schema (the import's cells). */
export function leerEnteroEntre(
  texto: string,
  opciones: OpcionesEntero & { minimo: number; maximo: number; mensajeMinimo: string },
): Lectura<number> {
  const r = leerEntero(texto, opciones);
  if (!r.ok) return r;
  if (r.valor < opciones.minimo) return { ok: false, mensaje: opciones.mensajeMinimo };
  if (r.valor > opciones.maximo)
    return { ok: false, mensaje: `${opciones.campo} es demasiado alto (máximo ${opciones.maximo.toLocaleString('es-CL')}).` };
  return r;
}
