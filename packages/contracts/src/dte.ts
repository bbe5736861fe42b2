// The electronic boleta (issue 23, docs/boleta.md): the document types we issue, their amounts as
// SII rounds them, their states and the words the owner reads when the provider fails. Zod-free and
// integer-only, like granel.ts: the API's outbox, the receipt and the documents screen share it.
import { dividirRedondeando } from './costo-promedio.js';

/** The SII document types a shop issues: boleta (39), boleta exenta (41), nota de crédito (61). */
export const TIPOS_DTE = [39, 41, 61] as const;
export type TipoDte = (typeof TIPOS_DTE)[number];

/** What the receipt and the screens call each type (SII prints the type in words). */
export const NOMBRE_TIPO_DTE: Record<TipoDte, string> = {
  39: 'Boleta electrónica',
  41: 'Boleta exenta electrónica',
  61: 'Nota de crédito electrónica',
};

/**
 * Where a document is: 'pendiente' (in our outbox, not yet accepted by the provider), 'en_proceso'
 * (the provider holds it, with its folio, and SII has not answered), then one of the three final
 * states SII gives: 'aceptado', 'reparos' (accepted with repairs) or 'rechazado'.
 */
export const ESTADOS_DTE = ['pendiente', 'en_proceso', 'aceptado', 'reparos', 'rechazado'] as const;
export type EstadoDte = (typeof ESTADOS_DTE)[number];

export const ETIQUETA_ESTADO_DTE: Record<EstadoDte, string> = {
  pendiente: 'Pendiente',
  en_proceso: 'En proceso',
  aceptado: 'Aceptado',
  reparos: 'Aceptado con reparos',
  rechazado: 'Rechazado',
};

/** The states after which nobody polls the provider again. */
export const esEstadoDteFinal = (estado: EstadoDte) => estado === 'aceptado' || estado === 'reparos' || estado === 'rechazado';

/** IVA in Chile, as a whole percentage: the only rate in a boleta. */
export const TASA_IVA_PORCENTAJE = 19;

/** A document line as the amounts see it: its gross amount (IVA included) in pesos, and whether it is exempt. */
export interface LineaMonto {
  monto: number;
  exento: boolean;
}

/** The totals of a boleta or a nota de crédito, in whole pesos: MntNeto, IVA, MntExe, MntTotal. */
export interface MontosDte {
  neto: number;
  iva: number;
  exento: number;
  total: number;
}

/**
 * The totals as SII's «Formato Boletas Electrónicas» computes them from gross lines (no
 * IndMntNeto): MntExe is the sum of the exempt lines; the other lines add up to T, the affected
 * gross total; MntNeto = T / (1 + 19 %) to the nearest peso, half a peso going up (done in
 * integers: T × 100 / 119, never a float); IVA = T − MntNeto, so MntNeto + IVA + MntExe is exactly
 * what the customer paid. Every amount is a whole number ≥ 0; T × 100 stays far below 2^53 for any
 * sale we can store (docs/boleta.md, «Montos»).
 */
export function montosDte(lineas: readonly LineaMonto[]): MontosDte {
  let afecto = 0;
  let exento = 0;
  for (const { monto, exento: esExento } of lineas) {
    if (!Number.isSafeInteger(monto) || monto < 0) throw new RangeError(`Monto de línea no válido: ${monto}`);
    if (esExento) exento += monto;
    else afecto += monto;
  }
  const neto = dividirRedondeando(afecto * 100, 100 + TASA_IVA_PORCENTAJE);
  return { neto, iva: afecto - neto, exento, total: afecto + exento };
}

/** The boleta a sale needs: 41 when every line is exempt, else 39 (which carries exempt lines apart, in MntExe). */
export const tipoBoleta = (lineas: readonly LineaMonto[]): 39 | 41 => (lineas.length > 0 && lineas.every((l) => l.exento) ? 41 : 39);

// What the owner reads when the provider fails. The API's provider layer throws these, the outbox
// stores them, the documents screen shows them. They never carry a credential.
export const MENSAJE_DTE_TEMPORAL = 'El proveedor de boletas no responde en este momento. Se reintentará solo.';
export const MENSAJE_DTE_TIEMPO_AGOTADO = 'El proveedor de boletas tardó demasiado en responder. Se reintentará solo.';
export const MENSAJE_DTE_LIMITE =
  'El proveedor de boletas pidió esperar: se enviaron demasiadas solicitudes seguidas. Se reintentará en unos segundos.';
export const MENSAJE_DTE_CREDENCIALES =
  'El proveedor de boletas no aceptó la clave de API. Revisa la clave en la configuración de la boleta electrónica.';
export const MENSAJE_DTE_RESPUESTA_INVALIDA = 'El proveedor de boletas respondió algo que no se pudo leer. Se reintentará solo.';
/**
 * The provider says it already issued a document under this send key (OpenFactura's OF-06) but did not
 * say which one, so its folio cannot be read back. A retry with a new key would issue a second one.
 */
export const MENSAJE_DTE_CONFLICTO_IDEMPOTENCIA =
  'El proveedor dice que ya emitió un documento con esta misma clave de envío, pero no indicó cuál. No lo reintentes (quedaría emitido dos veces): avisa a soporte para recuperarlo.';

/** A rejection, with the provider's reason (already in Spanish, translated or quoted). */
export const mensajeDteRechazado = (motivo: string) => `El proveedor de boletas rechazó el documento: ${motivo}`;

// ─── Text as SII's documents carry it ────────────────────────────────────────────────────────────
// SII's schemas and documents are ISO-8859-1 (`<?xml version="1.0" encoding="ISO-8859-1"?>` in
// DTE_v10.xsd and EnvioBOLETA_v11.xsd, and the XML the provider returns): a character outside it (an
// em dash pasted from a word processor, curly quotes, an emoji) cannot be in the document nor in its
// timbre. docs/boleta.md «Texto en ISO-8859-1».

/** Look-alikes in ISO-8859-1 for what people paste: dashes, curly quotes, ellipsis, odd spaces. */
const EQUIVALENTES_LATIN1: Record<string, string> = {
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '-', // figure dash
  '\u2013': '-', // en dash
  '\u2014': '-', // em dash
  '\u2015': '-', // horizontal bar
  '\u2212': '-', // minus sign
  '\u2022': '-', // bullet
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u2039': "'",
  '\u203a': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u2026': '...',
  '\u20ac': 'EUR',
  '\u2122': 'TM',
};
type Rangos = ReadonlyArray<readonly [number, number]>;
/** Spaces that are not the space: no-break, thin, ideographic, line and paragraph separators. */
const ESPACIOS: Rangos = [
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
];
/** Invisible: soft hyphen, grapheme joiner, zero-width and direction marks, variation selectors, BOM. */
const INVISIBLES: Rangos = [
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
];
const en = (cp: number, rangos: Rangos) => rangos.some(([desde, hasta]) => cp >= desde && cp <= hasta);
const MARCA_COMBINANTE = /[\u0300-\u036f]/g;

/**
 * `texto` in ISO-8859-1, as every text field of a document goes to the provider (names, giro,
 * addresses, the reference's reason, item names): what is already Latin-1 stays as it is (ñ, á, «»);
 * dashes and curly quotes become «-», «'» and «"», «…» becomes «...», odd spaces a space; another
 * letter becomes its Latin-1 base when it has one («ő» → «o», «ﬁ» → «fi»); anything else (an emoji,
 * CJK, control characters) is removed. Runs of spaces become one and the ends are trimmed. A text
 * that had something and would be left empty is «?» (SII's timbre needs IT1, the first item's name).
 */
export function textoLatin1(texto: string): string {
  let salida = '';
  for (const c of texto) {
    const cp = c.codePointAt(0)!;
    if (cp === 0x09 || cp === 0x0a || cp === 0x0d || en(cp, ESPACIOS)) salida += ' ';
    else if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || en(cp, INVISIBLES)) continue;
    else if (cp <= 0xff) salida += c;
    else if (EQUIVALENTES_LATIN1[c] !== undefined) salida += EQUIVALENTES_LATIN1[c];
    else {
      // Compatibility decomposition, then only what is Latin-1 and not a combining mark.
      for (const d of c.normalize('NFKD').replace(MARCA_COMBINANTE, '')) {
        const dp = d.codePointAt(0)!;
        if (dp >= 0x20 && dp <= 0xff && !(dp >= 0x7f && dp <= 0x9f)) salida += d;
      }
    }
  }
  const limpio = salida.replace(/ {2,}/g, ' ').trim();
  return limpio === '' && texto.trim() !== '' ? '?' : limpio;
}

/** True when every character of `texto` is ISO-8859-1 and none is a control character (what textoLatin1 gives). */
export const esTextoLatin1 = (texto: string) => /^[\x20-\x7e\xa0-\xff]*$/.test(texto);

// ─── Boletas above 135 UF ────────────────────────────────────────────────────────────────────────
// SII's «Formato Boletas Electrónicas de Ventas y Servicios» v4.2 (2025-09-08), after Law 21.713:
// when MntTotal is above 135 UF, MedioPago is mandatory, RUTRecep must be the buyer's own RUT (not
// the generic 66.666.666-6) and RznSocRecep must be printed. We issue only to the generic receiver,
// so such a sale's boleta is not sent (docs/boleta.md «Boletas sobre 135 UF»).

/** The limit, in UF. */
export const TOPE_BOLETA_UF = 135;

/**
 * The UF in pesos that turns the limit into pesos: $39.683,00, the value of 2026-02-09 (Banco Central
 * de Chile: $39.762,52 on 2026-01-09, less $79,52 after December 2025's −0,2 % CPI; reported on
 * 2026-01-08 by eldiariodesantiago.cl), the lowest of 2026 we could read. There is no outside service
 * here to ask for the day's value. The UF follows inflation and almost always rises: with an older,
 * lower value the limit in pesos is lower than the real one, so a few sales just under 135 UF are held
 * too and none above it is sent without the buyer's data. Update it with a newer value when known.
 */
export const VALOR_UF_REFERENCIA = { fecha: '2026-02-09', centavos: 3_968_300 } as const;

/** 135 UF in whole pesos with VALOR_UF_REFERENCIA: $5.357.205. A boleta whose total is above this needs the buyer's data. */
export const TOPE_BOLETA_PESOS = Math.floor((TOPE_BOLETA_UF * VALOR_UF_REFERENCIA.centavos) / 100);

/** A boleta total (MntTotal, pesos) that SII does not accept with the generic receiver. */
export const superaTopeBoleta = (total: number) => total > TOPE_BOLETA_PESOS;

const pesos = (n: number) => `$${n.toLocaleString('es-CL')}`;

/** Why such a boleta stays rechazado without being sent: what SII asks and what the owner can do. */
export const mensajeBoletaSobreTope = (total: number) =>
  `La venta suma ${pesos(total)}, más de ${TOPE_BOLETA_UF} UF (${pesos(TOPE_BOLETA_PESOS)}): el SII pide que esa boleta lleve el medio de pago y el RUT y el nombre del comprador (Ley 21.713), y esta tienda emite sus boletas al receptor genérico 66.666.666-6. No se envió: emite ese documento a nombre del comprador en el portal de tu proveedor de boletas o del SII.`;
