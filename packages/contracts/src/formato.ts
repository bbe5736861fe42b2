// The one place money is turned into text, for the server's messages and the web alike.
const clp = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP' });

/**
 * Whole pesos as a Chilean reads them: $1.990, and a negative one as it is written here, -$2.190
 * (Intl writes "$-2.190"). Zero is $0 whatever its sign: never "$-0".
 */
export function formatClp(pesos: number): string {
  const redondo = Math.round(pesos);
  if (redondo === 0) return clp.format(0);
  return redondo < 0 ? `-${clp.format(-redondo)}` : clp.format(redondo);
}

const entero = new Intl.NumberFormat('es-CL');

/** A count with its noun in the right number: 1 producto, 2 productos, 1.000 unidades. */
export function contar(n: number, singular: string, plural = `${singular}s`): string {
  return `${entero.format(n)} ${n === 1 ? singular : plural}`;
}
