// /api/analitica: the figures of Visualizar and Inicio, computed in SQL over the shop's sales.
// Days are Santiago's calendar days; money is whole pesos; percentages have one decimal.
import { z } from 'zod';
import { CATEGORIAS_VENTA, idSchema, MAX_PAGE_SIZE, METODOS_VENTA, skipSchema } from './comunes.js';
import { UNIDADES_VENTA } from './granel.js';
import { referenciaVentaSchema } from './ventas.js';
import { anioDe, desplazarDia, diasEntre, esDia, finDeMes } from './dias.js';

export const MENSAJE_FECHA_DIA = 'La fecha debe tener el formato AAAA-MM-DD (por ejemplo 2026-11-23).';
export const MENSAJE_RANGO_INVERTIDO = 'La fecha de inicio no puede ser posterior a la fecha de término.';
/**
 * The longest range one call takes: three years and a month, enough to put a month beside the same
 * month two years back, and still a bounded read (a daily series of 1,100 points; the heaviest
 * read, the cube, groups about 100,000 hourly rows: bench/README.md).
 */
export const MAX_DIAS_RANGO = 1100;
export const MENSAJE_RANGO_LARGO = `El rango puede tener a lo más ${MAX_DIAS_RANGO} días.`;
/** The years a range may touch: no shop sold before 2000, and a typo such as 0001 or 9999 is refused, not searched. */
export const ANIO_MINIMO = 2000;
export const ANIO_MAXIMO = 2100;
export const MENSAJE_FECHA_FUERA_DE_RANGO = `Las fechas deben estar entre el año ${ANIO_MINIMO} y el ${ANIO_MAXIMO}.`;
/** Without desde/hasta: the last 30 days ending today. */
export const DIAS_POR_DEFECTO = 30;

/** 'YYYY-MM-DD' of a day that exists. */
export const diaSchema = z
  .string({ error: MENSAJE_FECHA_DIA })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MENSAJE_FECHA_DIA })
  .refine(esDia, { error: MENSAJE_FECHA_DIA });

export interface Rango {
  desde: string;
  hasta: string;
}

/**
 * The days a question is about, after the defaults: without dates the last 30 days ending today;
 * with only `desde`, 30 days from it; with only `hasta`, the 30 that end on it. Checked once
 * resolved, whichever way it came: both ends between the years 2000 and 2100, not reversed, at most
 * MAX_DIAS_RANGO days. The error names the field the person wrote.
 */
export function resolverRango(q: { desde?: string; hasta?: string }, hoy: string): Rango | { campo: 'desde' | 'hasta'; mensaje: string } {
  const fueraDeRango = (dia: string) => {
    const anio = anioDe(dia);
    return anio < ANIO_MINIMO || anio > ANIO_MAXIMO;
  };
  // A day outside the years is refused before any arithmetic on it.
  for (const campo of ['desde', 'hasta'] as const) {
    const dia = q[campo];
    if (dia !== undefined && fueraDeRango(dia)) return { campo, mensaje: MENSAJE_FECHA_FUERA_DE_RANGO };
  }
  const hasta = q.hasta ?? (q.desde ? desplazarDia(q.desde, DIAS_POR_DEFECTO - 1) : hoy);
  const desde = q.desde ?? desplazarDia(hasta, -(DIAS_POR_DEFECTO - 1));
  const campo = q.desde !== undefined ? 'desde' : 'hasta';
  if (fueraDeRango(desde) || fueraDeRango(hasta)) return { campo, mensaje: MENSAJE_FECHA_FUERA_DE_RANGO };
  if (desde > hasta) return { campo: 'desde', mensaje: MENSAJE_RANGO_INVERTIDO };
  if (diasEntre(desde, hasta) > MAX_DIAS_RANGO) return { campo: 'desde', mensaje: MENSAJE_RANGO_LARGO };
  return { desde, hasta };
}

export const COMPARACIONES = ['periodo_anterior', 'mismos_dias_mes_anterior'] as const;
export type Comparacion = (typeof COMPARACIONES)[number];

/**
 * The period a range is compared with. A range that starts on a 1st and stays in its month is put
 * beside the same days of the month before (1–24 Nov with 1–24 Oct; a whole month with the whole
 * month before: 1–30 Apr with 1–31 Mar, 1–31 Mar with 1–28 Feb); any other beside as many days right before it. A range that
 * ends today is still going on, so the other's last day counts only up to the current minute (to
 * HH:MM:59): today until now against yesterday until this same minute, not against all of yesterday
 * (nor against yesterday until the end of this hour: at 15:05 that gave yesterday 55 minutes more).
 */
export function periodoAnterior(
  r: Rango,
  hoy: string,
  ahora: { hora: number; minuto: number },
): Rango & { hasta_hora: number | null; hasta_minuto: number | null; comparacion: Comparacion } {
  const enCurso = r.hasta === hoy;
  const corte = { hasta_hora: enCurso ? ahora.hora : null, hasta_minuto: enCurso ? ahora.minuto : null };
  if (r.desde.endsWith('-01') && r.hasta.slice(0, 7) === r.desde.slice(0, 7)) {
    const desde = desplazarDia(r.desde, -1).slice(0, 8) + '01';
    const ultimo = finDeMes(desde);
    // A whole month against the whole month before; part of one against the same days of it.
    const hasta = r.hasta === finDeMes(r.hasta) ? ultimo : `${desde.slice(0, 8)}${r.hasta.slice(8)}`;
    return { desde, hasta: esDia(hasta) && hasta <= ultimo ? hasta : ultimo, ...corte, comparacion: 'mismos_dias_mes_anterior' };
  }
  const largo = diasEntre(r.desde, r.hasta);
  return { desde: desplazarDia(r.desde, -largo), hasta: desplazarDia(r.desde, -1), ...corte, comparacion: 'periodo_anterior' };
}

const filtrosBase = z.object({
  /** A pyme may leave it out (its own shop); an administrador must give it. */
  id_minimarket: idSchema.optional(),
  desde: diaSchema.optional(),
  hasta: diaSchema.optional(),
  categoria: z.enum(CATEGORIAS_VENTA, { error: 'La categoría no es válida.' }).optional(),
  metodo_pago: z.enum(METODOS_VENTA, { error: 'El método de pago no es válido.' }).optional(),
});

/** The filters every analytics call takes, plus what one call adds of its own (the range is checked once resolved: resolverRango). */
const conFiltros = <S extends z.ZodRawShape>(propios: S) => filtrosBase.extend(propios);

export const filtrosAnaliticaSchema = conFiltros({});
export type FiltrosAnalitica = z.input<typeof filtrosAnaliticaSchema>;

const pesos = z.number().int();
const porcentaje = z.number().nullable();
/**
 * Selling by weight (docs/granel.md, "Cómo cuentan las cifras"): `unidades` counts only the lines
 * sold by the unit, `gramos` the grams of the lines sold by weight (shown as kilos); never added up.
 */
const unidadesSchema = z.number().int();
const gramosSchema = z.number().int();
const unidadVentaSchema = z.enum(UNIDADES_VENTA);

/** The range the answer is about, as the server resolved it (defaults filled in). */
const rangoSchema = z.object({ desde: z.string(), hasta: z.string() });

const cifrasPeriodoSchema = z.object({
  ventas: z.number().int(),
  ingresos: pesos,
  unidades: unidadesSchema,
  gramos: gramosSchema,
  ticket_promedio: pesos,
  margen: pesos,
});

export const resumenSchema = z
  .object({
    ...rangoSchema.shape,
    ventas: z.number().int(),
    /** Pesos of every line, by the unit and by weight. */
    ingresos: pesos,
    /** Units of the lines sold by the unit (never grams). */
    unidades: unidadesSchema,
    /** Grams of the lines sold by weight (a screen shows them as kilos). */
    gramos: gramosSchema,
    /** round(ingresos / ventas); 0 without sales. */
    ticket_promedio: pesos,
    /** Cost and margin of the lines that know their cost (a product without a purchase price has none). */
    costo: pesos,
    margen: pesos,
    /** margen over the revenue of those same lines, in percent; null when no line has a cost. */
    margen_pct: porcentaje,
    lineas_sin_costo: z.number().int(),
    /** Days of the range whose figures are still being prepared (a big import a moment ago): they may be missing. */
    dias_en_preparacion: z.number().int(),
    /**
     * The period it is compared with (periodoAnterior): the same days of the month before, or as many
     * days right before; when the range ends today, its last day only up to `hasta_hora`:`hasta_minuto`
     * (that minute included), the time it is now.
     */
    anterior: z.object({
      ...rangoSchema.shape,
      hasta_hora: z.number().int().nullable(),
      hasta_minuto: z.number().int().nullable(),
      comparacion: z.enum(COMPARACIONES),
      ...cifrasPeriodoSchema.shape,
    }),
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
      ventas: z.number().int(),
      ingresos: pesos,
      unidades: unidadesSchema,
      gramos: gramosSchema,
    }),
  )
  .meta({ id: 'SerieAnalitica' });
export type Serie = z.infer<typeof serieSchema>;

export const porCategoriaSchema = z
  .array(
    z.object({
      categoria: z.enum(CATEGORIAS_VENTA),
      ventas: z.number().int(),
      ingresos: pesos,
      unidades: unidadesSchema,
      gramos: gramosSchema,
    }),
  )
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
      ingresos: pesos,
      unidades: unidadesSchema,
      gramos: gramosSchema,
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

/** GET /analitica/estado: whether older figures are still being prepared (after a big import). */
export const estadoAnaliticaQuerySchema = z.object({ id_minimarket: idSchema.optional() });
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
export const porCobrarQuerySchema = z.object({ id_minimarket: idSchema.optional() });
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

/**
 * What every item carries so the screen can name the product and link to its inventory. `unidad`:
 * how it is sold today; for 'kg' its stock and quantities are GRAMS and its prices are per kilo.
 */
const productoRef = {
  id_producto: z.number().int(),
  nombre_producto: z.string(),
  categoria: z.enum(CATEGORIAS_VENTA),
  codigo_barra: z.string(),
  unidad: unidadVentaSchema,
};

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
    ...referenciaVentaSchema,
    /** ISO instant of the sale. */
    fecha_venta: z.string(),
    id_producto: z.number().int(),
    nombre_producto: z.string(),
    categoria: z.enum(CATEGORIAS_VENTA),
    metodo_pago: z.enum(METODOS_VENTA),
    /** The unit when sold: for 'kg', num_unidades are grams and precio_unitario is per kilo. */
    unidad: unidadVentaSchema,
    num_unidades: z.number().int(),
    precio_unitario: pesos,
    subtotal: pesos,
    /** Purchase price when sold; null when the product had none (and then no margin). */
    costo_unitario: pesos.nullable(),
    /** subtotal − cost; a kg line's cost is montoPorPeso(costo_unitario, grams). */
    margen: pesos.nullable(),
  })
  .meta({ id: 'LineaVenta' });
export const lineasSchema = z.array(lineaVentaSchema).meta({ id: 'LineasVenta' });
export type LineaVenta = z.infer<typeof lineaVentaSchema>;

/**
 * Column titles of the export, in the order of its cells. 'Cantidad' is units for a line sold by the
 * unit and KILOS (decimal comma, 3 decimals) for one sold by weight, and 'Unidad' says which
 * ('unidad' / 'kg'); a kg line's prices are per kilo.
 */
export const COLUMNAS_EXPORTACION_LINEAS = [
  'N° venta',
  'Fecha',
  'Hora',
  'Producto',
  'Categoría',
  'Método de pago',
  'Cantidad',
  'Unidad',
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
    categorias: z.array(z.enum(CATEGORIAS_VENTA)),
    /** Only the cells with sales; a missing cell is zero. */
    celdas: z.array(
      z.object({
        categoria: z.enum(CATEGORIAS_VENTA),
        /** 1 = lunes … 7 = domingo. */
        dia_semana: z.number().int(),
        hora: z.number().int(),
        ingresos: pesos,
        unidades: unidadesSchema,
        gramos: gramosSchema,
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
  unidades: unidadesSchema,
  gramos: gramosSchema,
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
    /**
     * The month before: whole for a past month; for the current one, the same days up to this minute
     * (`hasta_hora`:`hasta_minuto`), so a month still going on is compared with as much of the one before.
     */
    anterior: cifrasMesSchema.extend({
      hasta_hora: z.number().int().nullable(),
      hasta_minuto: z.number().int().nullable(),
      comparacion: z.enum(COMPARACIONES),
    }),
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
