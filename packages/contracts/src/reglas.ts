// The rules, limits and messages that the API and the web both apply, written once. No zod here:
// the web's first screens import these without pulling the validation library into their bundle.

/**
 * A deactivated account that signs in with the right password (401, code ACCOUNT_INACTIVE): told
 * why, in the app's tú, and who can undo it. The login page shows the server's words.
 */
export const MENSAJE_CUENTA_DESACTIVADA = 'Tu cuenta fue desactivada. Escribe a soporte o a un administrador para que la reactiven.';

/** Shops live in Chile: dates people type or read are in this zone; the database keeps UTC. */
export const ZONA_HORARIA = 'America/Santiago';

/** The largest whole number a PostgreSQL integer column holds (every id, amount and count stays at or under it). */
export const MAX_ENTERO = 2_147_483_647;

/** What any failure of ours says (a 500, or the web when the server cannot answer). */
export const MENSAJE_ERROR_SERVIDOR = 'Error en el servidor. Por favor, intente más tarde.';

/**
 * Low stock: some left, but fewer than the shop's threshold (umbral_stock_bajo). The server's
 * notices, the inventory's badge and the analytics all use this one rule; 0 is 'agotado'. The
 * threshold counts units, and KILOS for a product sold by weight (its stock is grams): a threshold
 * of 5 is 5 units of bread rolls or 5 kg of tomatoes (docs/granel.md). SQL that applies it writes
 * `umbral * CASE unidad WHEN 'kg' THEN 1000 ELSE 1 END`, the same factor.
 */
export const esStockBajo = (stock: number, umbral: number, unidad: 'unidad' | 'kg' = 'unidad') =>
  stock > 0 && stock < umbral * (unidad === 'kg' ? 1000 : 1);

/** What a product's fields may hold: the product form, the API and the import check the same. */
export const LIMITES_PRODUCTO = {
  nombre: 200,
  marca: 200,
  descripcion: 2000,
  codigoBarra: 64,
  /** Pesos. */
  precio: 100_000_000,
  stock: 1_000_000,
} as const;

/** Units of one product in one sale line. */
export const MAX_UNIDADES_LINEA = 100_000;

/** A barcode as the scanner, the product form and the import take it: digits, letters and dashes. */
export const PATRON_CODIGO_BARRA = /^[0-9A-Za-z-]+$/;

/**
 * A CSV cell Excel would run as a formula (CSV injection): one starting with = + - @ tab or CR,
 * unless it is a plain number ('-3' stays readable). Written with a ' in front by the server's
 * downloads and the web's table exports alike. (papaparse's own pattern, escapeFormulae: true, ends
 * in `.*$` and misses a formula followed by a line break.)
 */
export const PATRON_FORMULA_CSV = /^(?![+-]?[\d.,]+$)[=+\-@\t\r]/;

/** A cash sale whose cash handed over does not cover the total (the POS and the server). */
export const MENSAJE_RECIBIDO_INSUFICIENTE = 'La cantidad recibida es menor que el total a pagar.';
export const MENSAJE_RECIBIDO_SOLO_EFECTIVO = 'El monto recibido se indica solo en pagos en efectivo.';
