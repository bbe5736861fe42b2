// The one place money is turned into text, for the server's messages and the web alike.
const clp = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP' });

/** Whole pesos as a Chilean reads them: $1.990. */
export function formatClp(pesos: number): string {
  return clp.format(pesos);
}
