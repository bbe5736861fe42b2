// Scale labels (docs/granel.md): hand-built codes, each check digit worked out in its comment with
// the GS1 rule (weights 1, 3, 1, 3… from the left over the 12 data digits; check = (10 − sum mod 10)
// mod 10), so the table does not lean on the code it tests.
import { describe, expect, it } from 'vitest';
import {
  formatoEtiquetaSchema,
  leerEtiqueta,
  MENSAJE_DIGITO_VERIFICADOR_ETIQUETA,
  normalizarPlu,
  pesoDeEtiqueta,
  type FormatoEtiqueta,
} from './etiqueta-balanza.js';
import { gramosPorMonto } from './granel.js';

const PESO_PLU5: FormatoEtiqueta = { prefijo: '20', digitos_plu: 5, contenido: 'peso' };
const PESO_PLU4: FormatoEtiqueta = { prefijo: '21', digitos_plu: 4, contenido: 'peso' };
const PRECIO_PLU5: FormatoEtiqueta = { prefijo: '20', digitos_plu: 5, contenido: 'precio' };
const PRECIO_PLU4: FormatoEtiqueta = { prefijo: '25', digitos_plu: 4, contenido: 'precio' };

describe('leerEtiqueta: labels read with the shop’s layout', () => {
  it.each([
    {
      // '20' + PLU '00042' + 350 g '00350' = 2 0 0 0 0 4 2 0 0 3 5 0
      // 2·1 + 0·3 + 0·1 + 0·3 + 0·1 + 4·3 + 2·1 + 0·3 + 0·1 + 3·3 + 5·1 + 0·3 = 2+12+2+9+5 = 30 → (10−0) mod 10 = 0
      caso: 'weight, PLU of 5: 350 g',
      codigo: '2000042003500',
      formato: PESO_PLU5,
      lectura: { ok: true, plu: '00042', gramos: 350 },
    },
    {
      // '21' + PLU '0007' + 1.250 g '001250' = 2 1 0 0 0 7 0 0 1 2 5 0
      // 2·1 + 1·3 + 0 + 0 + 0 + 7·3 + 0 + 0 + 1·1 + 2·3 + 5·1 + 0·3 = 2+3+21+1+6+5 = 38 → 10−8 = 2
      caso: 'weight, PLU of 4: 1,250 kg',
      codigo: '2100070012502',
      formato: PESO_PLU4,
      lectura: { ok: true, plu: '0007', gramos: 1250 },
    },
    {
      // '20' + PLU '12345' + $8.990 '08990' = 2 0 1 2 3 4 5 0 8 9 9 0
      // 2·1 + 0·3 + 1·1 + 2·3 + 3·1 + 4·3 + 5·1 + 0·3 + 8·1 + 9·3 + 9·1 + 0·3 = 2+1+6+3+12+5+8+27+9 = 73 → 10−3 = 7
      caso: 'price, PLU of 5: $8.990',
      codigo: '2012345089907',
      formato: PRECIO_PLU5,
      lectura: { ok: true, plu: '12345', monto: 8990 },
    },
    {
      // '25' + PLU '1234' + $3.147 '003147' = 2 5 1 2 3 4 0 0 3 1 4 7
      // 2·1 + 5·3 + 1·1 + 2·3 + 3·1 + 4·3 + 0 + 0 + 3·1 + 1·3 + 4·1 + 7·3 = 2+15+1+6+3+12+3+3+4+21 = 70 → 0
      caso: 'price, PLU of 4: $3.147',
      codigo: '2512340031470',
      formato: PRECIO_PLU4,
      lectura: { ok: true, plu: '1234', monto: 3147 },
    },
    {
      // the first label read as a price: the same digits, the layout decides
      caso: 'the same digits with a price layout: $350',
      codigo: '2000042003500',
      formato: PRECIO_PLU5,
      lectura: { ok: true, plu: '00042', monto: 350 },
    },
    {
      caso: 'a scanner’s trailing line break is ignored',
      codigo: '2000042003500\r\n',
      formato: PESO_PLU5,
      lectura: { ok: true, plu: '00042', gramos: 350 },
    },
  ])('$caso', ({ codigo, formato, lectura }) => {
    expect(leerEtiqueta(codigo, formato)).toEqual(lectura);
  });

  it('a price label’s grams come from the product’s price per kilo', () => {
    const r = leerEtiqueta('2512340031470', PRECIO_PLU4);
    // $3.147 at $8.990/kg = 350,06 g → 350
    expect(r.ok && r.monto !== undefined && gramosPorMonto(8990, r.monto)).toBe(350);
  });

  it('a wrong check digit is a misread', () => {
    for (const codigo of ['2000042003501', '2000042003509', '2012345089900', '2000024003500']) {
      expect(leerEtiqueta(codigo, PESO_PLU5), codigo).toEqual({
        ok: false,
        motivo: 'digito_verificador',
        mensaje: MENSAJE_DIGITO_VERIFICADOR_ETIQUETA,
      });
    }
    expect(MENSAJE_DIGITO_VERIFICADOR_ETIQUETA).toBe('El código de la etiqueta no es válido (dígito verificador). Vuelve a escanearla.');
  });

  it.each([
    ['7801610001196', '20'], // an ordinary product's EAN-13
    ['2100070012502', '20'], // a label, but of prefix 21
    ['ABC-123', '20'],
    ['', '20'],
    ['2', '20'],
  ])('"%s" does not start with %s: not a label, an ordinary barcode', (codigo, prefijo) => {
    expect(leerEtiqueta(codigo, PESO_PLU5)).toEqual({
      ok: false,
      motivo: 'no_es_etiqueta',
      mensaje: `El código "${codigo}" no es una etiqueta de balanza (no empieza con ${prefijo}).`,
    });
  });

  it.each(['200004200350', '20000420035000', '20', '2000042OO3500', '20-0042003500'])(
    '"%s" starts like a label but is not 13 digits',
    (codigo) => {
      expect(leerEtiqueta(codigo, PESO_PLU5)).toEqual({
        ok: false,
        motivo: 'formato',
        mensaje: `Una etiqueta de balanza tiene 13 dígitos; se leyó "${codigo}". Vuelve a escanearla.`,
      });
    },
  );

  it('a label of 0 or of more than a line may hold is refused', () => {
    // '20' + '00042' + '00000' = 2 0 0 0 0 4 2 0 0 0 0 0: 2 + 4·3 + 2 = 16 → 10−6 = 4
    expect(leerEtiqueta('2000042000004', PESO_PLU5)).toEqual({
      ok: false,
      motivo: 'formato',
      mensaje: 'La etiqueta marca un peso de 0 kg. Vuelve a pesar el producto.',
    });
    // '25' + '1234' + '000000' = 2 5 1 2 3 4 0 0 0 0 0 0: 2 + 15 + 1 + 6 + 3 + 12 = 39 → 10−9 = 1
    expect(leerEtiqueta('2512340000001', PRECIO_PLU4)).toEqual({
      ok: false,
      motivo: 'formato',
      mensaje: 'La etiqueta marca un monto de $0. Vuelve a pesar el producto.',
    });
    // '21' + '0007' + 123.456 g '123456' = 2 1 0 0 0 7 1 2 3 4 5 6:
    // 2 + 1·3 + 7·3 + 1·1 + 2·3 + 3·1 + 4·3 + 5·1 + 6·3 = 2+3+21+1+6+3+12+5+18 = 71 → 10−1 = 9
    expect(leerEtiqueta('2100071234569', PESO_PLU4)).toEqual({
      ok: false,
      motivo: 'formato',
      mensaje: 'La etiqueta marca 123,456 kg, más que el máximo de una línea (99,999 kg).',
    });
  });
});

describe('formatoEtiquetaSchema: a shop’s layout', () => {
  it('accepts prefixes 20 to 29, PLUs of 4 or 5 digits, price or weight', () => {
    for (const prefijo of ['20', '23', '29']) {
      for (const digitos_plu of [4, 5]) {
        for (const contenido of ['precio', 'peso']) {
          expect(formatoEtiquetaSchema.safeParse({ prefijo, digitos_plu, contenido }).success).toBe(true);
        }
      }
    }
  });

  it.each([
    [{ prefijo: '30', digitos_plu: 5, contenido: 'peso' }, 'El prefijo de las etiquetas de balanza debe ser de 2 dígitos, entre 20 y 29.'],
    [{ prefijo: '2', digitos_plu: 5, contenido: 'peso' }, 'El prefijo de las etiquetas de balanza debe ser de 2 dígitos, entre 20 y 29.'],
    [{ prefijo: 20, digitos_plu: 5, contenido: 'peso' }, 'El prefijo de las etiquetas de balanza debe ser de 2 dígitos, entre 20 y 29.'],
    [{ prefijo: '20', digitos_plu: 6, contenido: 'peso' }, 'El PLU de la etiqueta de balanza tiene 4 o 5 dígitos.'],
    [{ prefijo: '20', digitos_plu: '5', contenido: 'peso' }, 'El PLU de la etiqueta de balanza tiene 4 o 5 dígitos.'],
    [{ prefijo: '20', digitos_plu: 5, contenido: 'kilos' }, 'La etiqueta de balanza lleva el precio a pagar o el peso.'],
    [{ prefijo: '20', digitos_plu: 5 }, 'La etiqueta de balanza lleva el precio a pagar o el peso.'],
    [null, 'Falta el formato de las etiquetas de balanza.'],
  ])('%j is refused', (formato, mensaje) => {
    const r = formatoEtiquetaSchema.safeParse(formato);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([mensaje]);
  });

  it('a bad layout is a programming error at the scan, not a label error', () => {
    expect(() => leerEtiqueta('2000042003500', { prefijo: '20', digitos_plu: 6 } as unknown as FormatoEtiqueta)).toThrow();
  });
});

describe('normalizarPlu', () => {
  it.each([
    ['00042', '42'],
    ['42', '42'],
    ['0007', '7'],
    ['12345', '12345'],
    ['00000', '0'],
    [' 042 ', '42'],
  ])('"%s" → "%s"', (plu, normal) => {
    expect(normalizarPlu(plu)).toBe(normal);
  });
});

describe('pesoDeEtiqueta: what a label sells (server and offline counter alike)', () => {
  const queso = { nombre_producto: 'Queso gauda', precio_venta_actual: 8990 };

  it('a weight label sells its grams at the shop’s price per kilo', () => {
    // 350 g × $8.990/kg = $3.146,5 → $3.147 (half a peso up).
    expect(pesoDeEtiqueta({ gramos: 350 }, queso)).toEqual({ ok: true, gramos: 350, monto: 3147 });
  });

  it('a price label is charged its printed amount; its grams are derived for the stock only (issue 32)', () => {
    // $3.147 × 1000 / 8990 = 350,05 g → 350 g.
    expect(pesoDeEtiqueta({ monto: 3147 }, queso)).toEqual({ ok: true, gramos: 350, monto: 3147 });
    // «$3.000» of jamón at $8.990/kg: 333,7 g → 334 g, and the customer pays $3.000 (not the $3.003 of 334 g).
    expect(pesoDeEtiqueta({ monto: 3000 }, queso)).toEqual({ ok: true, gramos: 334, monto: 3000 });
    // The scale with last week's price ($7.990/kg printed $2.797 for 350 g): the printed $2.797 is
    // paid; the stock loses what that amount is at the shop's price, 311 g.
    expect(pesoDeEtiqueta({ monto: 2797 }, queso)).toEqual({ ok: true, gramos: 311, monto: 2797 });
  });

  it('an amount that stands for no weight, or for more than a line may hold, is refused with the product named', () => {
    const barato = { nombre_producto: 'Sal a granel', precio_venta_actual: 1 };
    const r = pesoDeEtiqueta({ monto: 999_999 }, barato);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.mensaje).toMatch(/^La etiqueta de \$999999 no corresponde a un peso válido de "Sal a granel"/);
    expect(pesoDeEtiqueta({ monto: 0 }, queso).ok).toBe(false);
  });
});
