// The unit cost of a product after a delivery (Agregar stock): the one rule, used by the web's
// preview before saving and by the API's write under the product's lock (docs/stock.md).
//
// Weighted average of what is on the shelf and what arrived, never the last batch overwriting
// all: 12 on hand at $1.100 plus 24 that cost $13.000 in total →
// (12 × 1.100 + 13.000) / 36 = 727,8 → $728 (not $542, the new batch alone).
// No zod here: the rule is plain integer arithmetic.

/**
 * `dividendo / divisor` rounded to the nearest whole peso, a half going up (727,5 → 728), in
 * integers: the remainder decides, never a floating-point quotient near ,5. Exact for any
 * dividend below 2^53 (a stock of a million at $100.000.000 is 10^14). The divisor is positive.
 */
export function dividirRedondeando(dividendo: number, divisor: number): number {
  if (!Number.isSafeInteger(dividendo) || !Number.isSafeInteger(divisor) || divisor <= 0) {
    throw new RangeError(`División no válida: ${dividendo} / ${divisor}`);
  }
  let cociente = Math.floor(dividendo / divisor);
  let resto = dividendo - cociente * divisor;
  // The float quotient may be one off for huge dividends: the remainder puts it right.
  if (resto < 0) {
    cociente -= 1;
    resto += divisor;
  } else if (resto >= divisor) {
    cociente += 1;
    resto -= divisor;
  }
  return 2 * resto >= divisor ? cociente + 1 : cociente;
}

/** The unit cost of a delivery alone: its total over its units, to the nearest peso (half up). */
export function costoUnitarioCompra(costoTotal: number, cantidad: number): number {
  return dividirRedondeando(costoTotal, cantidad);
}

export interface IngresoConCosto {
  /** Units on the shelf before the delivery (the product's stock; never below 0 in the database). */
  stockActual: number;
  /** The product's unit cost before it (precio_compra_actual); null when it was never set. */
  costoActual: number | null;
  /** Units received (above 0). */
  cantidad: number;
  /** What they cost in total, in pesos (above 0). */
  costoTotal: number;
  /**
   * 'kg': the stock and the units received are GRAMS and the cost is per KILO (docs/granel.md):
   * (stock_g × cost/kg + total × 1000) / (stock_g + grams received). Default 'unidad'.
   */
  unidad?: 'unidad' | 'kg';
}

export interface CostoTrasIngreso {
  /** The delivery's own unit cost (costoTotal / cantidad). */
  costoCompra: number;
  /** The product's unit cost after the delivery: what precio_compra_actual becomes. */
  costoResultante: number;
  /** True when the stock on hand entered the average; false when the delivery's cost stands alone. */
  promediado: boolean;
}

/**
 * The rule: resulting cost = (stock on hand × current cost + delivery's total cost) / (stock on
 * hand + units received), to the nearest peso (half up). With nothing on hand (stock 0 or below)
 * or no known current cost, there is nothing to average with: the delivery's own unit cost.
 */
export function costoTrasIngreso({ stockActual, costoActual, cantidad, costoTotal, unidad = 'unidad' }: IngresoConCosto): CostoTrasIngreso {
  // A kg product's cost is per kilo of what is counted in grams: the total weighs 1000 times more.
  const total = unidad === 'kg' ? costoTotal * 1000 : costoTotal;
  const costoCompra = costoUnitarioCompra(total, cantidad);
  if (stockActual <= 0 || costoActual === null) return { costoCompra, costoResultante: costoCompra, promediado: false };
  return {
    costoCompra,
    costoResultante: dividirRedondeando(stockActual * costoActual + total, stockActual + cantidad),
    promediado: true,
  };
}

/** Just the resulting unit cost (what the API stores as precio_compra_actual). */
export const costoPromedioPonderado = (ingreso: IngresoConCosto) => costoTrasIngreso(ingreso).costoResultante;
