// The analytics reads that are no range's figures (the range filters do not apply): the
// recommendations of Inicio and Visualizar over fixed windows ending today, Santiago (reorder, best
// sellers, dead stock, thin margins, peak hours, ABC classes), whether older figures are still being
// prepared, and what the customers owe. Money is whole pesos; percentages have one decimal.
import { z } from 'zod';
import { minimarketOpcionalQuerySchema } from './comunes.js';
import { celdaHoraSchema, gramosSchema, pesos, porcentaje, productoRef } from './analitica-base.js';

/** Days of sales a reorder suggestion looks at, and how many days of stock it aims for. */
export const DIAS_VELOCIDAD = 28;
export const DIAS_OBJETIVO_STOCK = 14;
/** A product is listed to reorder when its stock lasts fewer days than this. */
export const DIAS_COBERTURA_MINIMA = 7;
/** A product with stock and no sale in this many days is dead stock. */
export const DIAS_SIN_VENTAS = 30;
/** Margin (venta − compra) / venta below this percentage is thin. */
export const MARGEN_MINIMO_PCT = 10;
/** The ABC classification looks at this many days of revenue; A up to 80 %, B up to 95 %. */
export const DIAS_ABC = 90;
export const LIMITE_ABC_A = 80;
export const LIMITE_ABC_B = 95;

export const recomendacionesQuerySchema = minimarketOpcionalQuerySchema;

/** GET /analitica/estado: whether older figures are still being prepared (after a big import). */
export const estadoAnaliticaQuerySchema = minimarketOpcionalQuerySchema;
export const estadoAnaliticaSchema = z
  .object({
    /** Days with sales not summed yet beyond what a read adds by itself; 0 when every figure is ready. */
    dias_en_preparacion: z.number().int(),
    /** The first and last of those days ('YYYY-MM-DD'), null when there are none. */
    desde: z.string().nullable(),
    hasta: z.string().nullable(),
  })
  .meta({ id: 'EstadoAnalitica' });
export type EstadoAnalitica = z.infer<typeof estadoAnaliticaSchema>;

/**
 * Cuentas por cobrar (la libreta, docs/fiado.md): what the shop's customers owe today, summed over
 * the view cuenta_cliente (the one definition of a balance; the same figure as GET /api/clientes
 * `por_cobrar`). Not a figure of a range: the filters of the other reads do not apply.
 */
export const porCobrarQuerySchema = minimarketOpcionalQuerySchema;
export const porCobrarSchema = z
  .object({
    /** Pesos owed by every customer of the shop (a customer owed money by the shop subtracts). */
    por_cobrar: z.number().int(),
    /** Customers who owe something (balance above zero). */
    clientes_con_deuda: z.number().int(),
    /** The oldest purchase on credit not yet paid among them (ISO instant), null when nobody owes. */
    compra_impaga_desde: z.string().nullable(),
  })
  .meta({ id: 'PorCobrar' });
export type PorCobrar = z.infer<typeof porCobrarSchema>;

export const recomendacionesSchema = z
  .object({
    /** Today, Santiago: the last day of every window. */
    hoy: z.string(),
    /**
     * Active products sold in the last 28 days whose stock lasts fewer than 7 days, most urgent first.
     * Quantities in the product's own measure: units, or grams for a kg product (`unidad`).
     */
    reponer: z.array(
      z.object({
        ...productoRef,
        stock: z.number().int(),
        /** Units (grams for a kg product) sold in the last 28 days. */
        unidades_28d: z.number().int(),
        /** unidades_28d / 28, two decimals (grams a day for a kg product). */
        venta_diaria: z.number(),
        /** stock / venta_diaria, one decimal (0 when there is no stock). */
        dias_cobertura: z.number(),
        /** ceil(14 × venta_diaria − stock): enough for two weeks (grams for a kg product). */
        sugerido: z.number().int(),
      }),
    ),
    /**
     * Top 10 products sold by the unit, by units in the last 28 days; tendencia_pct against the 28
     * days before (null when none then). The products sold by weight are in mas_vendidos_kg.
     */
    mas_vendidos: z.array(
      z.object({
        ...productoRef,
        unidades: z.number().int(),
        ingresos: pesos,
        unidades_anterior: z.number().int(),
        tendencia_pct: porcentaje,
      }),
    ),
    /** Top 10 products sold by weight, by grams in the last 28 days (kept apart from units), as mas_vendidos. */
    mas_vendidos_kg: z.array(
      z.object({
        ...productoRef,
        gramos: gramosSchema,
        ingresos: pesos,
        gramos_anterior: gramosSchema,
        tendencia_pct: porcentaje,
      }),
    ),
    /** Active products with stock and no sale in the last 30 days, most capital first. */
    sin_ventas: z.array(
      z.object({
        ...productoRef,
        stock: z.number().int(),
        precio_compra_actual: pesos.nullable(),
        /** stock × precio_compra_actual (0 when the purchase price is unknown); for kg, montoPorPeso(precio por kilo, gramos). */
        capital_inmovilizado: pesos,
        /** The day of its last sale ('YYYY-MM-DD'), null if it never sold. */
        ultima_venta: z.string().nullable(),
      }),
    ),
    /** Active products with a purchase price and a margin below 10 %, negative ones first. */
    margen_bajo: z.array(
      z.object({
        ...productoRef,
        precio_venta_actual: pesos,
        precio_compra_actual: pesos,
        margen_pct: z.number(),
      }),
    ),
    /** The three weekday-hour cells with most sales in the last 28 days. */
    horas_peak: z.array(celdaHoraSchema),
    /** Every product sold in the last 90 days, revenue descending, with its ABC class. */
    abc: z.array(
      z.object({
        ...productoRef,
        ingresos: pesos,
        /** This product's share of the 90 days' revenue, and the running share up to it (one decimal). */
        participacion_pct: z.number(),
        acumulado_pct: z.number(),
        clase: z.enum(['A', 'B', 'C']),
      }),
    ),
  })
  .meta({ id: 'Recomendaciones' });
export type Recomendaciones = z.infer<typeof recomendacionesSchema>;
