// /api/analitica: the figures of Visualizar and Inicio, computed in SQL over the shop's sales.
// Days are Santiago's calendar days; money is whole pesos; percentages have one decimal.
import { z } from 'zod';
import { CATEGORIAS, idSchema, METODOS_PAGO } from './comunes.js';

export const MENSAJE_FECHA_DIA = 'La fecha debe tener el formato AAAA-MM-DD (por ejemplo 2026-11-23).';
export const MENSAJE_RANGO_INVERTIDO = 'La fecha de inicio no puede ser posterior a la fecha de término.';
/** The longest range one call takes (a little over three years): a series of days stays a few hundred kilobytes. */
export const MAX_DIAS_RANGO = 1100;
export const MENSAJE_RANGO_LARGO = `El rango puede tener a lo más ${MAX_DIAS_RANGO} días.`;
/** Without desde/hasta: the last 30 days ending today. */
export const DIAS_POR_DEFECTO = 30;

/** 'YYYY-MM-DD' of a day that exists. */
export const diaSchema = z
  .string({ error: MENSAJE_FECHA_DIA })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MENSAJE_FECHA_DIA })
  .refine(
    (d) => {
      const f = new Date(`${d}T00:00:00Z`);
      return !Number.isNaN(f.getTime()) && f.toISOString().slice(0, 10) === d;
    },
    { error: MENSAJE_FECHA_DIA },
  );

/** Days from `desde` to `hasta`, both counted. */
export const diasEntre = (desde: string, hasta: string) => Math.round((Date.parse(hasta) - Date.parse(desde)) / 86_400_000) + 1;

const filtrosBase = z.object({
  /** A pyme may leave it out (its own shop); an administrador must give it. */
  id_minimarket: idSchema.optional(),
  desde: diaSchema.optional(),
  hasta: diaSchema.optional(),
  categoria: z.enum(CATEGORIAS, { error: 'La categoría no es válida.' }).optional(),
  metodo_pago: z.enum(METODOS_PAGO, { error: 'El método de pago no es válido.' }).optional(),
});

function rangoValido(q: { desde?: string; hasta?: string }, ctx: z.RefinementCtx) {
  if (q.desde && q.hasta && q.desde > q.hasta) ctx.addIssue({ code: 'custom', message: MENSAJE_RANGO_INVERTIDO, path: ['desde'] });
  else if (q.desde && q.hasta && diasEntre(q.desde, q.hasta) > MAX_DIAS_RANGO)
    ctx.addIssue({ code: 'custom', message: MENSAJE_RANGO_LARGO, path: ['desde'] });
}

/** The filters every analytics call takes, plus what one call adds of its own. */
const conFiltros = <S extends z.ZodRawShape>(propios: S) => filtrosBase.extend(propios).superRefine(rangoValido);

export const filtrosAnaliticaSchema = conFiltros({});
export type FiltrosAnalitica = z.input<typeof filtrosAnaliticaSchema>;

const pesos = z.number().int();
const porcentaje = z.number().nullable();

/** The range the answer is about, as the server resolved it (defaults filled in). */
const rangoSchema = z.object({ desde: z.string(), hasta: z.string() });

const cifrasPeriodoSchema = z.object({
  ventas: z.number().int(),
  ingresos: pesos,
  unidades: z.number().int(),
  ticket_promedio: pesos,
  margen: pesos,
});

export const resumenSchema = z
  .object({
    ...rangoSchema.shape,
    ventas: z.number().int(),
    ingresos: pesos,
    unidades: z.number().int(),
    /** round(ingresos / ventas); 0 without sales. */
    ticket_promedio: pesos,
    /** Cost and margin of the lines that know their cost (a product without a purchase price has none). */
    costo: pesos,
    margen: pesos,
    /** margen over the revenue of those same lines, in percent; null when no line has a cost. */
    margen_pct: porcentaje,
    lineas_sin_costo: z.number().int(),
    /** The period of the same length right before `desde`. */
    anterior: z.object({ ...rangoSchema.shape, ...cifrasPeriodoSchema.shape }),
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
      ventas: z.number().int(),
      ingresos: pesos,
      unidades: z.number().int(),
    }),
  )
  .meta({ id: 'SerieAnalitica' });
export type Serie = z.infer<typeof serieSchema>;

export const porCategoriaSchema = z
  .array(z.object({ categoria: z.enum(CATEGORIAS), ventas: z.number().int(), ingresos: pesos, unidades: z.number().int() }))
  .meta({ id: 'VentasPorCategoria' });
export type PorCategoria = z.infer<typeof porCategoriaSchema>;

export const porMetodoPagoSchema = z
  .array(z.object({ metodo_pago: z.enum(METODOS_PAGO), ventas: z.number().int(), ingresos: pesos }))
  .meta({ id: 'VentasPorMetodoPago' });
export type PorMetodoPago = z.infer<typeof porMetodoPagoSchema>;

export const mapaCalorSchema = z
  .array(
    z.object({
      /** 1 = lunes … 7 = domingo. */
      dia_semana: z.number().int(),
      /** 0 to 23, Santiago's clock. */
      hora: z.number().int(),
      ventas: z.number().int(),
      ingresos: pesos,
    }),
  )
  .meta({ id: 'MapaCalor' });
export type MapaCalor = z.infer<typeof mapaCalorSchema>;

export const MAX_RANKING = 100;
export const rankingQuerySchema = conFiltros({
  por: z.enum(['ingresos', 'unidades'], { error: 'Ordena por ingresos o unidades.' }).default('ingresos'),
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
      categoria: z.enum(CATEGORIAS),
      ingresos: pesos,
      unidades: z.number().int(),
    }),
  )
  .meta({ id: 'RankingProductos' });
export type Ranking = z.infer<typeof rankingSchema>;
