// How a cell typed by a Chilean shop owner becomes a value: pesos written '$1.990'
// (the dot is thousands here), categories and payment methods in any case and with or
// without accents, dates as Santiago wall time. Each reader returns either the value
// or a Spanish message saying what is wrong and how to write it.
import { METODOS_ABONO } from '@minimarket/contracts/clientes';
import { CATEGORIAS, type Categoria, type MetodoPago } from '@minimarket/contracts/comunes';
import { localAUtcRapido } from '../lib/tiempo.js';
import { LIMITES_PRODUCTO, MAX_UNIDADES_LINEA, PATRON_CODIGO_BARRA } from '@minimarket/contracts/reglas';
// Whole numbers and pesos are read by the one parser in contracts (numeros.ts), shared with the web.
import { leerEnteroEntre, type Lectura } from '@minimarket/contracts/numeros';
// Weights by the one reader in contracts (granel.ts), shared with the POS.
import { leerCantidadUnidad, leerPeso, leerPesoOCero, type UnidadVenta } from '@minimarket/contracts/granel';

export type { Lectura };

const ok = <T>(valor: T): Lectura<T> => ({ ok: true, valor });
const mal = (mensaje: string): Lectura<never> => ({ ok: false, mensaje });

/** Lower case, no accents, words joined by one space: 'Lácteos  y QUESOS' → 'lacteos y quesos'. */
export function normalizarTexto(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .trim();
}

/** A header or XML element name, ignoring case, accents, spaces, '_', '-' and '.': 'Precio Venta' → 'precioventa'. */
export function normalizarNombreColumna(nombre: string): string {
  return normalizarTexto(nombre.replace(/^\uFEFF/, '')).replace(/[\s\-.]+/g, '');
}

const CATEGORIA_POR_NOMBRE = new Map<string, Categoria>(CATEGORIAS.map((c) => [normalizarTexto(c), c]));
const LISTA_CATEGORIAS = CATEGORIAS.join(', ');

/** One of the nine categories, whatever the case and accents: 'lacteos y quesos' → 'Lácteos y Quesos'. */
export function leerCategoria(texto: string): Lectura<Categoria> {
  const categoria = CATEGORIA_POR_NOMBRE.get(normalizarTexto(texto));
  if (categoria) return ok(categoria);
  return mal(`La categoría "${texto.trim()}" no existe. Usa una de: ${LISTA_CATEGORIAS}.`);
}

const METODO_POR_NOMBRE = new Map<string, MetodoPago>([
  ['efectivo', 'Efectivo'],
  ['debito', 'Tarjeta de Débito'],
  ['tarjeta de debito', 'Tarjeta de Débito'],
  ['tarjeta debito', 'Tarjeta de Débito'],
  ['credito', 'Tarjeta de Crédito'],
  ['tarjeta de credito', 'Tarjeta de Crédito'],
  ['tarjeta credito', 'Tarjeta de Crédito'],
  ['transferencia', 'Transferencia Bancaria'],
  ['transferencia bancaria', 'Transferencia Bancaria'],
]);
for (const m of METODOS_ABONO) METODO_POR_NOMBRE.set(normalizarTexto(m), m);

export function leerMetodoPago(texto: string): Lectura<MetodoPago> {
  const metodo = METODO_POR_NOMBRE.get(normalizarTexto(texto));
  if (metodo) return ok(metodo);
  // A sale on credit needs its customer (la libreta), which a sales file does not carry.
  if (normalizarTexto(texto) === 'fiado') {
    return mal('Las ventas fiadas no se cargan desde un archivo: se registran en Nueva venta con su cliente.');
  }
  return mal(`El método de pago "${texto.trim()}" no es válido. Usa: Efectivo, Débito, Crédito o Transferencia.`);
}

export const FORMATO_FECHA = 'AAAA-MM-DD HH:mm:ss';
const MENSAJE_FECHA = (texto: string) =>
  `La fecha "${texto.trim()}" no es válida. Usa el formato ${FORMATO_FECHA} (ej: 2026-11-20 14:35:00).`;

/** 2026-11-20 14:35[:00] (also with 'T'), and 20-11-2026 14:35[:00] or 20/11/2026 … as Excel shows it in Chile. */
const FECHA_ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;
const FECHA_CHILE = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
/** Imported sales are history: none before this year, none in the future (a little clock skew allowed). */
const ANIO_MINIMO = 2000;
const HOLGURA_FUTURO_MS = 10 * 60_000;

/** A sale's date and time, read as America/Santiago wall time; returns the UTC instant. */
export function leerFechaVenta(texto: string, ahora = Date.now()): Lectura<Date> {
  const t = texto.trim();
  let partes: number[] | undefined;
  const iso = FECHA_ISO.exec(t);
  if (iso) partes = [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6] ?? '0'].map(Number);
  const chile = iso ? null : FECHA_CHILE.exec(t);
  if (chile) partes = [chile[3], chile[2], chile[1], chile[4], chile[5], chile[6] ?? '0'].map(Number);
  if (!partes) {
    if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(t) || /^\d{1,2}[-/]\d{1,2}[-/]\d{4}$/.test(t)) {
      return mal(`A la fecha "${t}" le falta la hora. Usa el formato ${FORMATO_FECHA} (ej: 2026-11-20 14:35:00).`);
    }
    return mal(MENSAJE_FECHA(t));
  }
  const [anio, mes, dia, hora, minuto, segundo] = partes as [number, number, number, number, number, number];
  const calendario = new Date(Date.UTC(anio, mes - 1, dia));
  if (
    mes < 1 ||
    mes > 12 ||
    dia < 1 ||
    calendario.getUTCMonth() !== mes - 1 ||
    calendario.getUTCDate() !== dia ||
    hora > 23 ||
    minuto > 59 ||
    segundo > 59
  ) {
    return mal(MENSAJE_FECHA(t));
  }
  if (anio < ANIO_MINIMO) return mal(`La fecha "${t}" es demasiado antigua (se aceptan ventas desde el año ${ANIO_MINIMO}).`);
  const instante = localAUtcRapido(anio, mes, dia, hora, minuto, segundo);
  if (instante.getTime() > ahora + HOLGURA_FUTURO_MS) return mal(`La fecha "${t}" está en el futuro.`);
  return ok(instante);
}

export function leerCodigoBarra(texto: string): Lectura<string> {
  const t = texto.trim();
  if (t.length > LIMITES_PRODUCTO.codigoBarra)
    return mal(`El código de barras es demasiado largo (máximo ${LIMITES_PRODUCTO.codigoBarra} caracteres).`);
  if (!PATRON_CODIGO_BARRA.test(t)) return mal(`El código de barras "${t}" solo puede tener números y letras.`);
  return ok(t);
}

// ---- Selling by weight (issue #20, docs/granel.md) ----

/** How the unidad column may say each way of selling (normalizarTexto, without dots or parentheses). */
const UNIDAD_POR_NOMBRE = new Map<string, UnidadVenta>([
  ['unidad', 'unidad'],
  ['unidades', 'unidad'],
  ['por unidad', 'unidad'],
  ['un', 'unidad'],
  ['u', 'unidad'],
  ['kg', 'kg'],
  ['kgs', 'kg'],
  ['kilo', 'kg'],
  ['kilos', 'kg'],
  ['por kilo', 'kg'],
  ['granel', 'kg'],
  ['a granel', 'kg'],
  ['a granel kg', 'kg'],
  ['peso', 'kg'],
  ['por peso', 'kg'],
]);

/** 'unidad' or 'kg', however it is written ('Por unidad', 'A granel (kg)', 'Kilo', 'kg.'). Empty is the caller's. */
export function leerUnidadVenta(texto: string): Lectura<UnidadVenta> {
  const unidad = UNIDAD_POR_NOMBRE.get(normalizarTexto(texto.replace(/[().]/g, ' ')));
  if (unidad) return ok(unidad);
  return mal(`La unidad "${texto.trim()}" no es válida. Usa "unidad" (se vende por unidad) o "kg" (se vende a granel, por peso).`);
}

/** A message of leerPeso after a colon: 'El peso …' → 'el peso …'. */
const minuscula = (mensaje: string) => mensaje.charAt(0).toLowerCase() + mensaje.slice(1);

/**
 * A kg product's stock in whole grams: kilos with a decimal comma ('12,5' → 12500) or grams
 * ('350 g'), read by the contracts' leerPeso (so the file, the POS and the forms agree); 0 is an
 * empty shelf. A dot in kilos ('1.5') is refused with leerPeso's reason, never guessed.
 */
export function leerStockKg(texto: string): Lectura<number> {
  const t = texto.trim();
  if (t.startsWith('-')) return mal('El stock no puede ser negativo.');
  const r = leerPesoOCero(t);
  return r.ok ? ok(r.gramos) : mal(`El stock de un producto a granel va en kilos: ${minuscula(r.mensaje)}`);
}

/** Only digits and separators, with a separator leerEntero refused: a decimal ('1,5', '2.25'). */
const esDecimal = (t: string) => /^-?[\d.,]+$/.test(t.replace(/\s+/g, '')) && /[.,]/.test(t);

/** A unit product's stock: whole units, 0 to the products' limit; a decimal says why it cannot be. */
export function leerStockUnidad(texto: string): Lectura<number> {
  const r = leerEnteroEntre(texto, {
    campo: 'El stock',
    minimo: 0,
    maximo: LIMITES_PRODUCTO.stock,
    mensajeMinimo: 'El stock no puede ser negativo.',
  });
  if (r.ok || !esDecimal(texto)) return r;
  return mal(
    `Este producto se vende por unidad: el stock va en unidades enteras, sin decimales (ej: 12); se encontró "${texto.trim()}". Si se vende por peso, escribe "kg" en la columna unidad.`,
  );
}

/**
 * The quantity of a sale line, read both ways: its product (and so its unit) is known only in
 * SQL. Units: whole, 1 to MAX_UNIDADES_LINEA (a decimal gets leerCantidadUnidad's reason);
 * grams: leerPeso (kilos with a decimal comma, or grams). Each reading keeps its own message.
 */
export function leerCantidadVenta(texto: string): { unidades: Lectura<number>; gramos: Lectura<number> } {
  const t = texto.trim();
  let unidades: Lectura<number> = leerEnteroEntre(t, {
    campo: 'La cantidad de unidades',
    minimo: 1,
    maximo: MAX_UNIDADES_LINEA,
    mensajeMinimo: 'La cantidad de unidades debe ser mayor a 0.',
  });
  if (!unidades.ok && esDecimal(t)) unidades = leerCantidadUnidad(t);
  const peso = leerPeso(t);
  const gramos: Lectura<number> = peso.ok ? ok(peso.gramos) : mal(`Este producto se vende a granel (kg): ${minuscula(peso.mensaje)}`);
  return { unidades, gramos };
}

// ---- La libreta (issue #21, docs/fiado.md) ----

const DIA_CHILE = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/;
/** A date cell of an .xlsx is read 'YYYY-MM-DD 00:00:00' (lectores/xlsx.ts). */
const DIA_CON_MEDIANOCHE = /^(\d{4}-\d{2}-\d{2})[ T]00:00(?::00)?$/;

/**
 * The day a notebook debt started, as 'YYYY-MM-DD' for the customer schema, which says what is
 * wrong with it (format, future): 15-03-2026 and 15/03/2026 as Excel shows them in Chile, and a
 * date cell. Anything else goes through as written, for the schema's message.
 */
export function leerDiaDeuda(texto: string): string {
  const t = texto.trim();
  const chile = DIA_CHILE.exec(t);
  if (chile) return `${chile[3]}-${chile[2]!.padStart(2, '0')}-${chile[1]!.padStart(2, '0')}`;
  return DIA_CON_MEDIANOCHE.exec(t)?.[1] ?? t;
}
