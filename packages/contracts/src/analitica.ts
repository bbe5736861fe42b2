// /api/analitica: the figures of Visualizar and Inicio, computed in SQL over the shop's sales.
// Days are Santiago's calendar days; money is whole pesos; percentages have one decimal.
import { z } from 'zod';
import { CATEGORIAS, idSchema, MAX_PAGE_SIZE, METODOS_PAGO, skipSchema } from './comunes.js';

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

// ---------------------------------------------------------------------------------------------
// Recomendaciones: fixed windows ending today (Santiago), the range filters do not apply.

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

export const recomendacionesQuerySchema = z.object({ id_minimarket: idSchema.optional() });

/** What every item carries so the screen can name the product and link to its inventory. */
const productoRef = {
  id_producto: z.number().int(),
  nombre_producto: z.string(),
  categoria: z.enum(CATEGORIAS),
  codigo_barra: z.string(),
};

export const recomendacionesSchema = z
  .object({
    /** Today, Santiago: the last day of every window. */
    hoy: z.string(),
    /** Active products sold in the last 28 days whose stock lasts fewer than 7 days, most urgent first. */
    reponer: z.array(
      z.object({
        ...productoRef,
        stock: z.number().int(),
        unidades_28d: z.number().int(),
        /** Units sold in the last 28 days / 28, two decimals. */
        venta_diaria: z.number(),
        /** stock / venta_diaria, one decimal (0 when there is no stock). */
        dias_cobertura: z.number(),
        /** ceil(14 × venta_diaria − stock): enough for two weeks. */
        sugerido: z.number().int(),
      }),
    ),
    /** Top 10 by units in the last 28 days; tendencia_pct against the 28 days before (null when none then). */
    mas_vendidos: z.array(
      z.object({
        ...productoRef,
        unidades: z.number().int(),
        ingresos: pesos,
        unidades_anterior: z.number().int(),
        tendencia_pct: porcentaje,
      }),
    ),
    /** Active products with stock and no sale in the last 30 days, most capital first. */
    sin_ventas: z.array(
      z.object({
        ...productoRef,
        stock: z.number().int(),
        precio_compra_actual: pesos.nullable(),
        /** stock × precio_compra_actual (0 when the purchase price is unknown). */
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
    horas_peak: z.array(z.object({ dia_semana: z.number().int(), hora: z.number().int(), ventas: z.number().int(), ingresos: pesos })),
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

// ---------------------------------------------------------------------------------------------
// Líneas: the sale lines of the range, one row per product sold.

export const ORDEN_LINEAS = ['fecha', 'producto', 'categoria', 'metodo_pago', 'unidades', 'precio', 'subtotal', 'margen'] as const;
export const FORMATOS_EXPORTACION = ['csv', 'xlsx'] as const;
/** Rows per page on the screen. */
export const PAGE_SIZE_LINEAS = 25;

export const lineasQuerySchema = conFiltros({
  /** Part of the product's name at the time of sale. */
  search: z.string().trim().max(100, { error: 'La búsqueda puede tener a lo más 100 caracteres.' }).optional(),
  orden: z.enum(ORDEN_LINEAS, { error: 'No se puede ordenar por esa columna.' }).default('fecha'),
  direccion: z.enum(['asc', 'desc'], { error: 'La dirección es asc o desc.' }).default('desc'),
  skip: skipSchema,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE_LINEAS),
  /** csv or xlsx: the whole filtered set as a file instead of a page (skip and limit ignored). */
  formato: z.enum(FORMATOS_EXPORTACION, { error: 'El formato es csv o xlsx.' }).optional(),
});
export type LineasQuery = z.input<typeof lineasQuerySchema>;

export const lineaVentaSchema = z
  .object({
    id_detalle_venta: z.number().int(),
    id_venta: z.number().int(),
    /** ISO instant of the sale. */
    fecha_venta: z.string(),
    id_producto: z.number().int(),
    nombre_producto: z.string(),
    categoria: z.enum(CATEGORIAS),
    metodo_pago: z.enum(METODOS_PAGO),
    num_unidades: z.number().int(),
    precio_unitario: pesos,
    subtotal: pesos,
    /** Purchase price when sold; null when the product had none (and then no margin). */
    costo_unitario: pesos.nullable(),
    margen: pesos.nullable(),
  })
  .meta({ id: 'LineaVenta' });
export const lineasSchema = z.array(lineaVentaSchema).meta({ id: 'LineasVenta' });
export type LineaVenta = z.infer<typeof lineaVentaSchema>;

/** Column titles of the export, in the order of its cells. */
export const COLUMNAS_EXPORTACION_LINEAS = [
  'ID venta',
  'Fecha',
  'Hora',
  'Producto',
  'Categoría',
  'Método de pago',
  'Unidades',
  'Precio unitario',
  'Subtotal',
  'Costo unitario',
  'Margen',
] as const;

// ---------------------------------------------------------------------------------------------
// Cubo: categoría × día de la semana × hora, three measures per cell.

export const cuboSchema = z
  .object({
    desde: z.string(),
    hasta: z.string(),
    /** The categories sold in the range (the cube's first axis), most pesos first. */
    categorias: z.array(z.enum(CATEGORIAS)),
    /** Only the cells with sales; a missing cell is zero. */
    celdas: z.array(
      z.object({
        categoria: z.enum(CATEGORIAS),
        /** 1 = lunes … 7 = domingo. */
        dia_semana: z.number().int(),
        hora: z.number().int(),
        ingresos: pesos,
        unidades: z.number().int(),
        /** Margin of the lines with a cost. */
        margen: pesos,
      }),
    ),
  })
  .meta({ id: 'CuboVentas' });
export type Cubo = z.infer<typeof cuboSchema>;

// ---------------------------------------------------------------------------------------------
// Informe mensual: one calendar month against the month before.

export const MENSAJE_MES = 'El mes debe tener el formato AAAA-MM (por ejemplo 2026-11).';
export const informeQuerySchema = z.object({
  id_minimarket: idSchema.optional(),
  mes: z
    .string({ error: MENSAJE_MES })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: MENSAJE_MES })
    .refine((m) => m >= '2000-01' && m <= '2100-12', { error: MENSAJE_MES })
    .optional(),
});

const cifrasMesSchema = z.object({
  desde: z.string(),
  hasta: z.string(),
  ventas: z.number().int(),
  ingresos: pesos,
  unidades: z.number().int(),
  ticket_promedio: pesos,
  costo: pesos,
  margen: pesos,
  margen_pct: porcentaje,
  lineas_sin_costo: z.number().int(),
});

export const informeSchema = z
  .object({
    /** 'YYYY-MM'; without `mes`, the current month. */
    mes: z.string(),
    nombre_minimarket: z.string(),
    /** When the report was made (ISO instant). */
    generado_en: z.string(),
    actual: cifrasMesSchema,
    /** The whole calendar month before. */
    anterior: cifrasMesSchema,
    /** Every day of the month, zeros included. */
    por_dia: serieSchema,
    por_categoria: porCategoriaSchema,
    por_metodo_pago: porMetodoPagoSchema,
    /** The ten products with most pesos in the month. */
    productos: rankingSchema,
    horas_peak: z.array(z.object({ dia_semana: z.number().int(), hora: z.number().int(), ventas: z.number().int(), ingresos: pesos })),
  })
  .meta({ id: 'InformeMensual' });
export type Informe = z.infer<typeof informeSchema>;
