// Printing on a thermal roll: the two paper widths, the page length that fits what is printed on
// one strip, and its @page rule. The receipt (POS) and the customer's statement (CLIENTES) use them.
export const ANCHOS_PAPEL = [58, 80] as const;
export type AnchoPapel = (typeof ANCHOS_PAPEL)[number];
export const ANCHO_PREDETERMINADO: AnchoPapel = 80;
/** Where the width the cashier chose last is remembered (their printer does not change). */
export const CLAVE_ANCHO = 'anchoComprobante';

/** '58' or '80' (the URL's ?ancho=, or what was stored); anything else is null. */
export function leerAnchoPapel(valor: string | null | undefined): AnchoPapel | null {
  const n = Number(valor);
  return (ANCHOS_PAPEL as readonly number[]).includes(n) ? (n as AnchoPapel) : null;
}

const MM_POR_PX = 25.4 / 96;
/** Paper fed after the last line, so the cutter does not cut through the legend. */
export const MARGEN_CORTE_MM = 8;

/**
 * The page length for a receipt this many CSS pixels tall: a thermal roll has no fixed page, so
 * the page is as long as the receipt (one strip, no blank half-page and no page break).
 */
export function altoPaginaMm(altoPx: number): number {
  return Math.ceil(altoPx * MM_POR_PX) + MARGEN_CORTE_MM;
}

/** The @page rule for a receipt of this width and height. */
export function reglaPagina(ancho: AnchoPapel, altoMm: number | null): string {
  return `@page { size: ${ancho}mm ${altoMm ?? 297}mm; margin: 0; }`;
}
