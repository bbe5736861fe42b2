// The pieces the analytics schemas (analitica-*.ts) are built of: the filters every range read takes
// and the measures its answers carry. Money is whole pesos; percentages have one decimal. Not part of
// the contract on its own: analitica.ts does not re-export it.
import { z } from 'zod';
import { CATEGORIAS_VENTA, idSchema, METODOS_VENTA } from './comunes.js';
import { UNIDADES_VENTA } from './granel.js';
import { COMPARACIONES, diaSchema } from './analitica-rango.js';

const filtrosBase = z.object({
  /** A pyme may leave it out (its own shop); an administrador must give it. */
  id_minimarket: idSchema.optional(),
  desde: diaSchema.optional(),
  hasta: diaSchema.optional(),
  categoria: z.enum(CATEGORIAS_VENTA, { error: 'La categoría no es válida.' }).optional(),
  metodo_pago: z.enum(METODOS_VENTA, { error: 'El método de pago no es válido.' }).optional(),
});

/** The filters every analytics call takes, plus what one call adds of its own (the range is checked once resolved: resolverRango). */
export const conFiltros = <S extends z.ZodRawShape>(propios: S) => filtrosBase.extend(propios);

export const pesos = z.number().int();
export const porcentaje = z.number().nullable();
/**
 * Selling by weight (docs/granel.md, "Cómo cuentan las cifras"): `unidades` counts only the lines
 * sold by the unit, `gramos` the grams of the lines sold by weight (shown as kilos); never added up.
 */
export const unidadesSchema = z.number().int();
export const gramosSchema = z.number().int();
export const unidadVentaSchema = z.enum(UNIDADES_VENTA);

/** The range the answer is about, as the server resolved it (defaults filled in). */
export const rangoSchema = z.object({ desde: z.string(), hasta: z.string() });

/** What sales brought in, units and grams apart. */
export const medidasSchema = {
  /** Pesos of every line, by the unit and by weight. */
  ingresos: pesos,
  /** Units of the lines sold by the unit (never grams). */
  unidades: unidadesSchema,
  /** Grams of the lines sold by weight (a screen shows them as kilos). */
  gramos: gramosSchema,
};
/** How many sales, and what they brought in. */
export const ventasMedidasSchema = { ventas: z.number().int(), ...medidasSchema };

/** The figures of a range (the summary's, a monthly report's months). */
export const cifrasSchema = z.object({
  ...rangoSchema.shape,
  ...ventasMedidasSchema,
  /** round(ingresos / ventas); 0 without sales. */
  ticket_promedio: pesos,
  /** Cost and margin of the lines that know their cost (a product without a purchase price has none). */
  costo: pesos,
  margen: pesos,
  /** margen over the revenue of those same lines, in percent; null when no line has a cost. */
  margen_pct: porcentaje,
  lineas_sin_costo: z.number().int(),
});

/**
 * Where the period compared with stops (periodoAnterior): when the range ends today, its last day only
 * up to `hasta_hora`:`hasta_minuto` (that minute included), the time it is now; and how it was chosen.
 */
export const corteSchema = {
  hasta_hora: z.number().int().nullable(),
  hasta_minuto: z.number().int().nullable(),
  comparacion: z.enum(COMPARACIONES),
};

/** One weekday-hour cell of sales. */
export const celdaHoraSchema = z.object({
  /** 1 = lunes … 7 = domingo. */
  dia_semana: z.number().int(),
  /** 0 to 23, Santiago's clock. */
  hora: z.number().int(),
  ventas: z.number().int(),
  ingresos: pesos,
});

/**
 * What every item carries so the screen can name the product and link to its inventory. `unidad`:
 * how it is sold today; for 'kg' its stock and quantities are GRAMS and its prices are per kilo.
 */
export const productoRef = {
  id_producto: z.number().int(),
  nombre_producto: z.string(),
  categoria: z.enum(CATEGORIAS_VENTA),
  codigo_barra: z.string(),
  unidad: unidadVentaSchema,
};
