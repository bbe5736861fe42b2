// Products sold by weight (issue #20, docs/granel.md). A product is sold 'por unidad' or 'a granel
// (kg)'. A kg product has a price per kilo, and every quantity of it (a sale line, its stock, an
// adjustment) is a whole number of GRAMS: 0,350 kg is 350, never 0.35. Money stays whole pesos.
// The rules here are integer arithmetic only, so the web's cart and the API's sale agree to the
// peso. Zod-free, like numeros.ts: the import reads many cells with these readers.
import { dividirRedondeando } from './costo-promedio.js';
import { formatClp } from './formato.js';
import { leerEntero, type Lectura } from './numeros.js';
import { LIMITES_PRODUCTO, MAX_UNIDADES_LINEA } from './reglas.js';

/** How a product is sold: by the unit, or by weight with a price per kilo. */
export const UNIDADES_VENTA = ['unidad', 'kg'] as const;
export type UnidadVenta = (typeof UNIDADES_VENTA)[number];

/** What the screens call each way of selling. */
export const ETIQUETA_UNIDAD_VENTA: Record<UnidadVenta, string> = {
  unidad: 'Por unidad',
  kg: 'A granel (kg)',
};

export const GRAMOS_POR_KILO = 1000;

/** The heaviest weight one line may carry: 99,999 kg (what a 5-digit scale label holds). */
export const MAX_GRAMOS_LINEA = 99_999;

/**
 * The line amount of a kg product, in whole pesos: price per kilo × grams / 1000, to the nearest
 * peso, half a peso going up ($500/kg × 1 g = 0,5 → $1; $8.990/kg × 350 g = 3.146,5 → $3.147).
 * Computed in integers (the remainder of precio × gramos over 1000 decides, never a float near
 * ,5). Both arguments are whole numbers ≥ 0 and their product stays below 2^53: a price of
 * $100.000.000/kg × 99.999 g is about 10^13.
 */
export function montoPorPeso(precioPorKilo: number, gramos: number): number {
  if (!Number.isSafeInteger(precioPorKilo) || precioPorKilo < 0 || !Number.isSafeInteger(gramos) || gramos < 0) {
    throw new RangeError(`Monto por peso no válido: $${precioPorKilo}/kg × ${gramos} g`);
  }
  return dividirRedondeando(precioPorKilo * gramos, GRAMOS_POR_KILO);
}

/**
 * The weight a PRICE scale label stands for: monto × 1000 / price per kilo, to the nearest gram,
 * half a gram going up. The label's amount is what the customer pays; these grams are what leaves
 * the stock. Not always the exact inverse of `montoPorPeso` (at $500/kg, 1 g costs $1 and $1 is
 * 2 g): the scale rounded the amount, so the grams can be off by the scale's rounding, never more.
 * The price per kilo is above 0.
 */
export function gramosPorMonto(precioPorKilo: number, monto: number): number {
  if (!Number.isSafeInteger(precioPorKilo) || precioPorKilo <= 0 || !Number.isSafeInteger(monto) || monto < 0) {
    throw new RangeError(`Gramos por monto no válidos: $${monto} a $${precioPorKilo}/kg`);
  }
  return dividirRedondeando(monto * GRAMOS_POR_KILO, precioPorKilo);
}

export type LecturaPeso = { ok: true; gramos: number } | { ok: false; mensaje: string };

/** The example every weight message shows. */
export const EJEMPLO_PESO = '0,350 o 350 g';

const UNIDAD_KILOS = /^(kg|kgs|kilo|kilos|k)$/;
const UNIDAD_GRAMOS = /^(g|gr|grs|gramo|gramos)$/;
const ENTERO_SIMPLE = /^\d+$/;
const ENTERO_CON_MILES = /^\d{1,3}(\.\d{3})+$/;

const entero = new Intl.NumberFormat('es-CL');

const mensajeDemasiadoAlto = (maximo: number) => `El peso es demasiado alto (máximo ${formatPeso(maximo)}).`;

const mensajeNoEsPeso = (original: string) =>
  `El peso debe ser un número de kilos o de gramos (ej: ${EJEMPLO_PESO}); se encontró "${original}".`;

/** A whole number with or without thousands dots, or null. */
function enteroConMiles(t: string): number | null {
  if (ENTERO_SIMPLE.test(t)) return Number(t);
  if (ENTERO_CON_MILES.test(t)) return Number(t.replace(/\./g, ''));
  return null;
}

/**
 * A weight as a Chilean types it, in grams:
 * - a bare number is kilos, with a decimal comma and up to 3 decimals: '2' → 2000, '1,5' → 1500,
 *   '0,350' → 350, ',5' → 500; 'kg', 'kilo(s)' after it say the same ('1,5 kg');
 * - 'g', 'gr', 'grs', 'gramo(s)' after it make it grams, whole, the dot separating thousands:
 *   '350 g', '350g', '1.250 g' → 1250;
 * - refused, never rounded: more than 3 decimals of a kilo ('0,3505'), decimals of a gram, a dot
 *   in kilos ('1.5' or '1.250' could be 1,5 kg or 1.250 kg: the message asks for the comma), 0 or
 *   less, more than `maximo` (99,999 kg, a line; a stock passes the products' limit).
 */
export function leerPeso(texto: string, { maximo = MAX_GRAMOS_LINEA }: { maximo?: number } = {}): LecturaPeso {
  const original = texto.trim();
  let t = original.toLowerCase().replace(/\s+/g, '');
  if (t === '') return { ok: false, mensaje: `Ingresa el peso (ej: ${EJEMPLO_PESO}).` };
  let negativo = false;
  if (t.startsWith('-')) {
    negativo = true;
    t = t.slice(1);
  }
  const partes = /^([\d.,]*)([a-z]*)$/.exec(t);
  if (!partes || !/\d/.test(partes[1])) return { ok: false, mensaje: mensajeNoEsPeso(original) };
  const [, numero, unidad] = partes;

  let gramos: number;
  if (UNIDAD_GRAMOS.test(unidad)) {
    const n = enteroConMiles(numero);
    if (n === null) {
      if (/^[\d.]*,\d*$/.test(numero))
        return { ok: false, mensaje: `Los gramos se escriben enteros, sin decimales (ej: 350 g); se encontró "${original}".` };
      return { ok: false, mensaje: mensajeNoEsPeso(original) };
    }
    gramos = n;
  } else if (unidad === '' || UNIDAD_KILOS.test(unidad)) {
    const kilos = /^([\d.]*)(?:,(\d*))?$/.exec(numero);
    if (!kilos) return { ok: false, mensaje: mensajeNoEsPeso(original) };
    const [, entero, decimales = ''] = kilos;
    if (entero.includes('.') && !numero.includes(',')) {
      return {
        ok: false,
        mensaje: `Escribe los decimales del peso con coma (ej: 1,250 kg) o indica gramos (ej: 1.250 g); se encontró "${original}".`,
      };
    }
    const n = entero === '' ? 0 : enteroConMiles(entero);
    if (n === null) return { ok: false, mensaje: mensajeNoEsPeso(original) };
    if (decimales.length > 3) {
      return {
        ok: false,
        mensaje: `El peso tiene más de 3 decimales: la balanza pesa hasta el gramo (ej: 0,350 kg); se encontró "${original}".`,
      };
    }
    gramos = n * GRAMOS_POR_KILO + Number(decimales.padEnd(3, '0'));
  } else {
    return { ok: false, mensaje: mensajeNoEsPeso(original) };
  }

  if (negativo || gramos <= 0) return { ok: false, mensaje: 'El peso debe ser mayor a 0.' };
  if (gramos > maximo) return { ok: false, mensaje: mensajeDemasiadoAlto(maximo) };
  return { ok: true, gramos };
}

/** Zero kilos or grams however written ('0', '0,000', '0 kg', '0 g'): what leerPeso, a weight to sell, refuses. */
const CERO_KILOS_O_GRAMOS = /^0*(,0*)?\s*(kg|kgs|kilos?|g|gr|grs|gramos?)?$/i;

/**
 * A kg quantity that may be zero (a stock, a count on the shelf): leerPeso up to the products'
 * stock limit (a shelf holds more than a line weighs: 1.000 kg), plus an explicit zero. Blank is
 * not zero: it says what to type. The product form, the counts and the import read stocks so.
 */
export function leerPesoOCero(texto: string): LecturaPeso {
  const t = texto.trim();
  if (/\d/.test(t) && CERO_KILOS_O_GRAMOS.test(t)) return { ok: true, gramos: 0 };
  return leerPeso(t, { maximo: LIMITES_PRODUCTO.stock });
}

/**
 * Grams as kilos, always with 3 decimals after a decimal comma and thousands dots: 350 →
 * '0,350 kg', 1500 → '1,500 kg', 12000 → '12,000 kg', 1250000 → '1.250,000 kg', -350 →
 * '-0,350 kg' (an adjustment). Computed from the integer, never from a float kilo.
 */
export function formatPeso(gramos: number): string {
  if (!Number.isSafeInteger(gramos)) throw new RangeError(`Peso no válido: ${gramos} g`);
  const signo = gramos < 0 ? '-' : '';
  const abs = Math.abs(gramos);
  const kilos = Math.floor(abs / GRAMOS_POR_KILO);
  const resto = abs - kilos * GRAMOS_POR_KILO;
  return `${signo}${entero.format(kilos)},${String(resto).padStart(3, '0')} kg`;
}

/**
 * What a return of part of a sale line gives back, in pesos: the price paid for what comes back
 * (precio × units, or montoPorPeso of the grams at the price per kilo paid), never more than what is
 * left unrefunded of the line, and exactly that when the rest of the line comes back. Rounding each
 * partial return of a kg line on its own could add up to a peso more than was paid (100 g + 250 g of
 * a 350 g line at $8.990/kg: $899 + $2.248 = $3.147, but 175 g + 175 g: $1.573 + $1.573 = $3.146 —
 * and the other way round elsewhere); the last return settles the line to the peso. The API's
 * refund and the web's preview both call this.
 */
export function montoADevolver(l: {
  unidad: UnidadVenta;
  /** The price paid per unit, or per kilo. */
  precio: number;
  /** Units or grams coming back now (1 ≤ cantidad ≤ quedan). */
  cantidad: number;
  /** Units or grams of the line not yet returned. */
  quedan: number;
  /** Pesos of the line not yet refunded. */
  porReembolsar: number;
  /**
   * The line was not charged price × quantity (a discount, a price label's printed amount; issue 32):
   * what comes back is refunded in proportion to what is left unrefunded, half a peso up, so the units
   * come back at what was paid for them and the last return settles the line to the peso.
   */
  proporcional?: boolean;
}): number {
  if (l.cantidad >= l.quedan) return l.porReembolsar;
  if (l.proporcional) return dividirRedondeando(l.porReembolsar * l.cantidad, l.quedan);
  const monto = l.unidad === 'kg' ? montoPorPeso(l.precio, l.cantidad) : l.precio * l.cantidad;
  return Math.min(monto, l.porReembolsar);
}

/**
 * A quantity valued at a cost (an adjustment at the unit cost then): units × cost, or for a kg
 * product grams at the cost per kilo, to the nearest peso (montoPorPeso). Signed: a merma of 350 g
 * at $5.000/kg is -$1.750. SQL that sums many writes the same: sign(g) × ((|g| × cost + 500) / 1000).
 */
export function valorAlCosto(cantidad: number, costo: number, unidad: UnidadVenta): number {
  if (unidad === 'unidad') return cantidad * costo;
  const monto = montoPorPeso(costo, Math.abs(cantidad));
  return cantidad < 0 ? -monto : monto;
}

/**
 * A sale asks for more than there is (the cart checks first; the server is the authority). A kg
 * product's stock is grams, said in kilos: 'Disponible: 0,240 kg'.
 */
export const mensajeSinStock = (producto: string, disponible: number, unidad: UnidadVenta = 'unidad') =>
  `No hay suficiente stock para "${producto}". Disponible: ${unidad === 'kg' ? formatPeso(disponible) : disponible}`;

/** A kg line as the receipt and the cart show it: '0,350 kg × $8.990/kg'. */
export function lineaGranel(gramos: number, precioPorKilo: number): string {
  return `${formatPeso(gramos)} × ${formatClp(precioPorKilo)}/kg`;
}

/**
 * The quantity of a unit product: whole units from 1 to MAX_UNIDADES_LINEA, thousands dots
 * allowed ('1.000'). A decimal ('1,5') is refused with the reason: this product is not sold by
 * weight.
 */
export function leerCantidadUnidad(texto: string): Lectura<number> {
  const original = texto.trim();
  if (original === '') return { ok: false, mensaje: 'Ingresa la cantidad (ej: 2).' };
  const r = leerEntero(original, { campo: 'La cantidad' });
  if (!r.ok) {
    // leerEntero's own test for a decimal: only digits and separators, and a separator it refused.
    if (/^-?[\d.,]+$/.test(original.replace(/\s+/g, '')) && /[.,]/.test(original)) {
      return {
        ok: false,
        mensaje: `Este producto se vende por unidad: la cantidad va en unidades enteras, sin decimales (ej: 2); se encontró "${original}".`,
      };
    }
    return r;
  }
  if (r.valor <= 0) return { ok: false, mensaje: 'La cantidad debe ser mayor a 0.' };
  if (r.valor > MAX_UNIDADES_LINEA)
    return { ok: false, mensaje: `La cantidad es demasiado alta (máximo ${entero.format(MAX_UNIDADES_LINEA)}).` };
  return r;
}
