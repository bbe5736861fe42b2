// The figures of a range (/api/analitica: Visualizar's dashboards and Inicio), computed in SQL over
// the shop's sales: the summary, the series, the splits by category, payment, seller and hour, the
// discounts and the ranking. Every read here takes the filters (conFiltros).
import { z } from 'zod';
import { CATEGORIAS_VENTA, METODOS_VENTA } from './comunes.js';
import {
  celdaHoraSchema,
  cifrasSchema,
  conFiltros,
  corteSchema,
  medidasSchema,
  pesos,
  rangoSchema,
  unidadVentaSchema,
  ventasMedidasSchema,
} from './analitica-base.js';

export const filtrosAnaliticaSchema = conFiltros({});
export type FiltrosAnalitica = z.input<typeof filtrosAnaliticaSchema>;

const cifrasPeriodoSchema = z.object({ ...ventasMedidasSchema, ticket_promedio: pesos, margen: pesos });

export const resumenSchema = cifrasSchema
  .extend({
    /** Days of the range whose figures are still being prepared (a big import a moment ago): they may be missing. */
    dias_en_preparacion: z.number().int(),
    /**
     * The period it is compared with (periodoAnterior): the same days of the month before, or as many
     * days right before; when the range ends today, its last day only up to `hasta_hora`:`hasta_minuto`
     * (that minute included), the time it is now.
     */
    anterior: z.object({ ...rangoSchema.shape, ...corteSchema, ...cifrasPeriodoSchema.shape }),
  })
  .meta({ id: 'ResumenAnalitica' });
export type Resumen = z.infer<typeof resumenSchema>;

export const AGRUPACIONES = ['dia', 'semana', 'mes'] as const;
export const serieQuerySchema = conFiltros({ agrupar: z.enum(AGRUPACIONES, { error: 'Agrupa por dia, semana o mes.' }).default('dia') });
export const serieSchema = z
  .array(
    z.object({
      /** The first day of the period (weeks start on Monday). */
      periodo: z.string(),
      /** The period holds today: it is still going on (charts draw it apart, not as a drop). */
      en_curso: z.boolean(),
      ...ventasMedidasSchema,
    }),
  )
  .meta({ id: 'SerieAnalitica' });
export type Serie = z.infer<typeof serieSchema>;

export const porCategoriaSchema = z
  .array(z.object({ categoria: z.enum(CATEGORIAS_VENTA), ...ventasMedidasSchema }))
  .meta({ id: 'VentasPorCategoria' });
export type PorCategoria = z.infer<typeof porCategoriaSchema>;

export const porMetodoPagoSchema = z
  .array(z.object({ metodo_pago: z.enum(METODOS_VENTA), ventas: z.number().int(), ingresos: pesos }))
  .meta({ id: 'VentasPorMetodoPago' });
export type PorMetodoPago = z.infer<typeof porMetodoPagoSchema>;

/**
 * GET /analitica/por-vendedor (Dashboards' «Ventas por persona»; docs/cajeros.md): the sales that count
 * in the range (venta_contada, the one definition) and what they brought in, per person at the till,
 * most first. A sale with no known seller (an imported file's) has id_usuario null. Categoría and
 * método de pago do not split it: a sale has one seller, not one per line or part.
 */
export const porVendedorSchema = z
  .array(z.object({ id_usuario: z.number().int().nullable(), nombre: z.string().nullable(), ventas: z.number().int(), ingresos: pesos }))
  .meta({ id: 'VentasPorVendedor' });
export type PorVendedor = z.infer<typeof porVendedorSchema>;

/**
 * GET /analitica/descuentos (Dashboards; issue 32, docs/pagos.md): the discounts given in the range —
 * on the lines of the sales that count (venta_contada), in all, by day (Santiago), by product (a loose
 * sale's lines under their name, id_producto null) and by person at the till — and the cash rounding
 * of the period (Ley 20.956): what rounding added to its cash sales less what it gave back in its cash
 * refunds. Revenue elsewhere is already net of discounts and never rounded.
 */
export const descuentosAnaliticaSchema = z
  .object({
    descuento: pesos,
    ventas_con_descuento: z.number().int(),
    redondeo: z.number().int(),
    por_dia: z.array(z.object({ dia: z.string(), descuento: pesos, ventas: z.number().int() })),
    por_producto: z.array(z.object({ id_producto: z.number().int().nullable(), nombre_producto: z.string(), descuento: pesos })),
    por_persona: z.array(
      z.object({ id_usuario: z.number().int().nullable(), nombre: z.string().nullable(), descuento: pesos, ventas: z.number().int() }),
    ),
  })
  .meta({ id: 'DescuentosYRedondeo' });
export type DescuentosAnalitica = z.infer<typeof descuentosAnaliticaSchema>;

export const mapaCalorSchema = z.array(celdaHoraSchema).meta({ id: 'MapaCalor' });
export type MapaCalor = z.infer<typeof mapaCalorSchema>;

export const MAX_RANKING = 100;
export const rankingQuerySchema = conFiltros({
  /**
   * ingresos: every product by pesos. unidades: only the products sold by the unit, by units.
   * kilos: only the products sold by weight, by grams. Units and grams are never ranked together.
   */
  por: z.enum(['ingresos', 'unidades', 'kilos'], { error: 'Ordena por ingresos, unidades o kilos.' }).default('ingresos'),
  orden: z.enum(['desc', 'asc'], { error: 'El orden es desc o asc.' }).default('desc'),
  limite: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_RANKING, { error: `El límite es a lo más ${MAX_RANKING}.` })
    .default(10),
});
export const rankingSchema = z
  .array(
    z.object({
      id_producto: z.number().int(),
      nombre_producto: z.string(),
      categoria: z.enum(CATEGORIAS_VENTA),
      /** How the product is sold today: a screen shows its quantity in units or in kilos. */
      unidad: unidadVentaSchema,
      ...medidasSchema,
    }),
  )
  .meta({ id: 'RankingProductos' });
export type Ranking = z.infer<typeof rankingSchema>;
