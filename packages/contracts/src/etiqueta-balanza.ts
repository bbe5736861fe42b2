// Scale labels (issue #20, docs/granel.md). The counter's scale weighs a kg product and prints an
// EAN-13 whose first digit is 2 (GS1 keeps 20–29 for a shop's own use): the product's PLU (the
// number keyed on the scale) and either the price to pay or the weight. Each shop sets its
// scale's layout once:
//
//   prefijo (2 digits, '20'..'29') + PLU (digitos_plu: 4 or 5) + value (10 − digitos_plu: 6 or 5
//   digits, whole pesos or whole grams) + the EAN-13 check digit  = 13 digits
//
//   e.g. '20' + '00042' + '00350' + '0' = 2000042003500: PLU 00042, 350 g (a weight layout).
//
// Some scales spend one digit on a check digit of the price alone (2 + PLU 5 + price check + price
// 4 + EAN check); that layout is not supported yet: its value would be read one digit too long. The
// common one, without it, is. Which product a PLU names, in which shop, is the API's question.
import { z } from 'zod';
import { isValidEan13 } from './codigo-barra.js';
import { formatPeso, gramosPorMonto, MAX_GRAMOS_LINEA, montoPorPeso } from './granel.js';

export const CONTENIDOS_ETIQUETA = ['precio', 'peso'] as const;
export type ContenidoEtiqueta = (typeof CONTENIDOS_ETIQUETA)[number];

/** What the shop's settings call each kind of label. */
export const ETIQUETA_CONTENIDO: Record<ContenidoEtiqueta, string> = {
  precio: 'Precio a pagar',
  peso: 'Peso',
};

const LARGO_ETIQUETA = 13;

/** The layout of one shop's scale labels. */
export const formatoEtiquetaSchema = z.object(
  {
    prefijo: z
      .string({ error: 'El prefijo de las etiquetas de balanza debe ser de 2 dígitos, entre 20 y 29.' })
      .regex(/^2\d$/, { error: 'El prefijo de las etiquetas de balanza debe ser de 2 dígitos, entre 20 y 29.' }),
    digitos_plu: z.literal([4, 5], { error: 'El PLU de la etiqueta de balanza tiene 4 o 5 dígitos.' }),
    contenido: z.enum(CONTENIDOS_ETIQUETA, { error: 'La etiqueta de balanza lleva el precio a pagar o el peso.' }),
  },
  { error: 'Falta el formato de las etiquetas de balanza.' },
);
export type FormatoEtiqueta = z.infer<typeof formatoEtiquetaSchema>;

export type MotivoEtiquetaInvalida = 'no_es_etiqueta' | 'digito_verificador' | 'formato';

export type LecturaEtiqueta =
  | { ok: true; plu: string; gramos: number; monto?: undefined }
  | { ok: true; plu: string; monto: number; gramos?: undefined }
  | { ok: false; motivo: MotivoEtiquetaInvalida; mensaje: string };

export const MENSAJE_DIGITO_VERIFICADOR_ETIQUETA = 'El código de la etiqueta no es válido (dígito verificador). Vuelve a escanearla.';

/**
 * Reads a scanned code with the shop's layout. A code that does not start with the layout's
 * prefix is `no_es_etiqueta`: the scanner looks it up as an ordinary barcode. One that does but is
 * not 13 digits, or carries a weight or price of 0 (or a weight above 99,999 kg), is `formato`; a
 * wrong check digit is `digito_verificador` (a misread: scan again). The PLU comes back as printed,
 * leading zeros included ('00042'); compare it with `normalizarPlu`. A price label gives `monto`
 * (the grams are `gramosPorMonto` of the product's price per kilo), a weight label `gramos`. A
 * layout the schema refuses throws: it is checked when the shop saves it, not at each scan.
 */
export function leerEtiqueta(codigo: string, formato: FormatoEtiqueta): LecturaEtiqueta {
  const { prefijo, digitos_plu: digitosPlu, contenido } = formatoEtiquetaSchema.parse(formato);
  const c = codigo.trim();
  if (!c.startsWith(prefijo)) {
    return { ok: false, motivo: 'no_es_etiqueta', mensaje: `El código "${c}" no es una etiqueta de balanza (no empieza con ${prefijo}).` };
  }
  if (!new RegExp(`^\\d{${LARGO_ETIQUETA}}$`).test(c)) {
    return {
      ok: false,
      motivo: 'formato',
      mensaje: `Una etiqueta de balanza tiene ${LARGO_ETIQUETA} dígitos; se leyó "${c}". Vuelve a escanearla.`,
    };
  }
  if (!isValidEan13(c)) return { ok: false, motivo: 'digito_verificador', mensaje: MENSAJE_DIGITO_VERIFICADOR_ETIQUETA };

  const inicioValor = prefijo.length + digitosPlu;
  const plu = c.slice(prefijo.length, inicioValor);
  const valor = Number(c.slice(inicioValor, LARGO_ETIQUETA - 1));
  if (contenido === 'peso') {
    if (valor === 0) return { ok: false, motivo: 'formato', mensaje: 'La etiqueta marca un peso de 0 kg. Vuelve a pesar el producto.' };
    if (valor > MAX_GRAMOS_LINEA) {
      return {
        ok: false,
        motivo: 'formato',
        mensaje: `La etiqueta marca ${formatPeso(valor)}, más que el máximo de una línea (${formatPeso(MAX_GRAMOS_LINEA)}).`,
      };
    }
    return { ok: true, plu, gramos: valor };
  }
  if (valor === 0) return { ok: false, motivo: 'formato', mensaje: 'La etiqueta marca un monto de $0. Vuelve a pesar el producto.' };
  return { ok: true, plu, monto: valor };
}

/** A label whose PLU names no active kg product of the shop. */
export const mensajePluDesconocido = (plu: string) => `No hay un producto a granel con el PLU ${plu} en tu inventario.`;

/** A PLU without its leading zeros, as the product's PLU is compared: '00042' and '42' are one. */
export function normalizarPlu(plu: string): string {
  const sinCeros = plu.trim().replace(/^0+/, '');
  return sinCeros === '' ? '0' : sinCeros;
}

export type PesoEtiqueta = { ok: true; gramos: number; monto: number } | { ok: false; mensaje: string };

/**
 * What a label that read well sells of its product (the server's GET /productos/etiqueta, the sale
 * that carries the label's code, and the counter without connection apply this one rule):
 * - a weight label gives the grams; the line charges montoPorPeso of them at the shop's price per
 *   kilo (when the scale still has an old price, the shop's price wins: the weight is the fact);
 * - a price label is charged its printed amount, what the customer read on it (issue 32: «$3.000» of
 *   jamón at $8.990/kg is $3.000, never the $3.003 of turning it into grams and back); the grams
 *   are derived for the stock only (gramosPorMonto: 334 g).
 * Grams of 0 or past a line's maximum (a price label of a product whose price per kilo is far off)
 * are refused.
 */
export function pesoDeEtiqueta(
  lectura: { gramos?: number; monto?: number },
  producto: { nombre_producto: string; precio_venta_actual: number },
): PesoEtiqueta {
  const gramos = lectura.gramos ?? gramosPorMonto(producto.precio_venta_actual, lectura.monto ?? 0);
  if (gramos <= 0 || gramos > MAX_GRAMOS_LINEA) {
    return {
      ok: false,
      mensaje: `La etiqueta de $${lectura.monto} no corresponde a un peso válido de "${producto.nombre_producto}" (${formatPeso(gramos)}). Vuelve a pesarlo.`,
    };
  }
  return { ok: true, gramos, monto: lectura.monto ?? montoPorPeso(producto.precio_venta_actual, gramos) };
}
