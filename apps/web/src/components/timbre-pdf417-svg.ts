// The electronic stamp (TED) drawn as SII asks for it: a PDF417 with error correction level 5
// (docs/boleta.md «El timbre»). Only the pdf417 encoder and the SVG drawing of bwip-js are imported,
// and this module itself is loaded on demand by <TimbrePdf417>, so no other page pays for it.
import { drawingSVG, pdf417, type RenderOptions } from '@bwip-js/browser';

/** SII's error correction level for the stamp. */
export const NIVEL_CORRECCION_TIMBRE = 5;
/** Data columns: what Chile's Odoo localisation prints (13), about 4,5 × 2 cm at the SII's minimum size. */
export const COLUMNAS_TIMBRE = 13;

/**
 * The SVG of the stamp. The TED is ISO-8859-1 text (SII's XML encoding, what the signature covers):
 * each character goes in as one byte. Vector output, so it prints crisp at 58 and 80 mm alike.
 */
export function svgTimbrePdf417(ted: string, columnas: number = COLUMNAS_TIMBRE): string {
  if (!ted) throw new RangeError('No hay timbre que dibujar.');
  // A character beyond ISO-8859-1 cannot be in a TED; refuse rather than stamp something else.
  if ([...ted].some((c) => c.codePointAt(0)! > 0xff)) throw new RangeError('El timbre tiene caracteres fuera de ISO-8859-1.');
  // eclevel, columns and rowmult are BWIPP's pdf417 options: bwip-js passes them through, its types
  // list only the common ones.
  const opciones: RenderOptions & { eclevel: number; columns: number; rowmult: number } = {
    bcid: 'pdf417',
    text: ted,
    eclevel: NIVEL_CORRECCION_TIMBRE,
    columns: columnas,
    rowmult: 3,
    scale: 1,
    padding: 0,
    // One byte per character, as ISO-8859-1: without it bwip-js would encode the text as UTF-8 and
    // «Ñuñoa» would read back as «ÃuÃ±oa», not the bytes SII signed.
    binarytext: true,
  };
  return pdf417(opciones, drawingSVG());
}
