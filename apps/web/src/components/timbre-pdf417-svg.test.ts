// The stamp's barcode (docs/boleta.md «El timbre»): a PDF417 SVG of the size SII's parameters give,
// read back by ZXing's PDF417 reader byte for byte (ISO-8859-1, tildes and eñes included).
import { BinaryBitmap, DecodeHintType, HybridBinarizer, PDF417Reader, ResultMetadataType, RGBLuminanceSource } from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { COLUMNAS_TIMBRE, svgTimbrePdf417 } from './timbre-pdf417-svg';

// A TED of the simulator's shape (512-bit CAF key, so real-sized), with Spanish characters.
const TED =
  '<TED version="1.0"><DD><RE>76543210-3</RE><TD>39</TD><F>1234</F><FE>2026-11-26</FE><RR>66666666-6</RR>' +
  '<RSR>CONSUMIDOR FINAL</RSR><MNT>6517</MNT><IT1>Leche entera 1 L Ñuñoa</IT1><CAF version="1.0"><DA><RE>76543210-3</RE>' +
  '<RS>Minimarket Don Pepe SpA</RS><TD>39</TD><RNG><D>1</D><H>1000000</H></RNG><FA>2026-11-26</FA><RSAPK>' +
  '<M>0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9aAbB==</M>' +
  '<E>AQAB</E></RSAPK><IDK>100</IDK></DA><FRMA algoritmo="SHA1withRSA">' +
  'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmE=</FRMA>' +
  '</CAF><TSTED>2026-11-26T12:00:00</TSTED></DD><FRMT algoritmo="SHA1withRSA">' +
  'cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm8=</FRMT></TED>';

const ancho = (svg: string) => Number(/viewBox="0 0 (\d+) (\d+)"/.exec(svg)![1]);
const alto = (svg: string) => Number(/viewBox="0 0 (\d+) (\d+)"/.exec(svg)![2]);

/**
 * What a scanner sees: the SVG's rectilinear paths filled (non-zero rule, SVG's default) into a
 * bitmap, 3 pixels a module with a quiet zone, then ZXing's PDF417 reader. Returns the text as
 * ISO-8859-1 and the error correction level the symbol declares.
 */
function leer(svg: string): { texto: string; nivel: string } {
  const [ancho, alto] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!.slice(1).map(Number);
  const bordes: { x: number; y0: number; y1: number; sentido: number }[] = [];
  for (const [, d] of svg.matchAll(/ d="([^"]+)"/g)) {
    for (const sub of d.split('Z').filter(Boolean)) {
      const p = [...sub.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
      p.forEach(([x1, y1], i) => {
        const [x2, y2] = p[(i + 1) % p.length];
        if (x1 === x2 && y1 !== y2) bordes.push({ x: x1, y0: Math.min(y1, y2), y1: Math.max(y1, y2), sentido: y2 > y1 ? 1 : -1 });
      });
    }
  }
  const ESCALA = 3;
  const MARGEN = 10;
  const w = (ancho + 2 * MARGEN) * ESCALA;
  const h = (alto + 2 * MARGEN) * ESCALA;
  const luz = new Uint8ClampedArray(w * h).fill(255);
  for (let y = 0; y < alto; y++) {
    const enFila = bordes.filter((b) => b.y0 < y + 0.5 && y + 0.5 < b.y1);
    for (let x = 0; x < ancho; x++) {
      if (enFila.reduce((giro, b) => (b.x < x + 0.5 ? giro + b.sentido : giro), 0) === 0) continue;
      for (let dy = 0; dy < ESCALA; dy++)
        luz.fill(0, ((y + MARGEN) * ESCALA + dy) * w + (x + MARGEN) * ESCALA, ((y + MARGEN) * ESCALA + dy) * w + (x + MARGEN + 1) * ESCALA);
    }
  }
  const resultado = new PDF417Reader().decode(
    new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luz, w, h))),
    new Map([[DecodeHintType.TRY_HARDER, true]]),
  );
  return { texto: resultado.getText(), nivel: String(resultado.getResultMetadata().get(ResultMetadataType.ERROR_CORRECTION_LEVEL)) };
}

describe('svgTimbrePdf417', () => {
  it.each([COLUMNAS_TIMBRE, 8])('reads back as the same TED, byte for byte, at error correction level 5 (%i columns)', (columnas) => {
    expect(leer(svgTimbrePdf417(TED, columnas))).toEqual({ texto: TED, nivel: '5' });
  });

  it('draws an SVG PDF417, 13 data columns wide: 17 modules each plus start, indicators and stop (69)', () => {
    const svg = svgTimbrePdf417(TED);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(ancho(svg)).toBe(COLUMNAS_TIMBRE * 17 + 69);
    // Level 5 spends 64 codewords on correction: a real TED needs many rows, far taller than 3 modules.
    expect(alto(svg)).toBeGreaterThan(60);
  });

  it('a longer stamp grows in rows, never in width', () => {
    expect(ancho(svgTimbrePdf417(TED + TED.slice(0, 200)))).toBe(ancho(svgTimbrePdf417(TED)));
    expect(alto(svgTimbrePdf417(TED + TED.slice(0, 200)))).toBeGreaterThan(alto(svgTimbrePdf417(TED)));
  });

  it('other column counts for narrower paper', () => {
    expect(ancho(svgTimbrePdf417(TED, 8))).toBe(8 * 17 + 69);
  });

  it('is the same drawing for the same stamp, another for another', () => {
    expect(svgTimbrePdf417(TED)).toBe(svgTimbrePdf417(TED));
    expect(svgTimbrePdf417(TED.replace('<F>1234</F>', '<F>1235</F>'))).not.toBe(svgTimbrePdf417(TED));
  });

  it('refuses an empty stamp and characters beyond ISO-8859-1', () => {
    expect(() => svgTimbrePdf417('')).toThrow(RangeError);
    expect(() => svgTimbrePdf417(TED.replace('Ñuñoa', 'Ñuñoa €'))).toThrow(RangeError);
  });
});
