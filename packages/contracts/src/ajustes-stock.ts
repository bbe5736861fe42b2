// Stock adjustments with a reason (issue #19; docs/stock.md): "the count is not the truth, the
// shelf is". An owner corrects a product's stock to what was counted, or takes units out for a
// merma, something expired, a theft or the shop's own use. Every one is a row of the stock ledger
// (movimiento_stock, tipo 'ajuste') with its reason, note, who, when and the unit cost then.
import { z } from 'zod';
import { mesSchema } from './analitica.js';
import { enteroDesdeTexto, id64Schema, idSchema, paginaSchema, textoOpcionalHasta } from './comunes.js';
import { contarCantidad } from './cantidad.js';
import { UNIDADES_VENTA, type UnidadVenta } from './granel.js';
import { productoSchema } from './productos.js';
import { LIMITES_PRODUCTO } from './reglas.js';

export const TIPOS_AJUSTE = ['conteo', 'merma', 'vencido', 'robo', 'consumo_interno'] as const;
export type TipoAjuste = (typeof TIPOS_AJUSTE)[number];

/** What the screens call each reason. */
export const ETIQUETA_TIPO_AJUSTE: Record<TipoAjuste, string> = {
  conteo: 'Conteo',
  merma: 'Merma',
  vencido: 'Vencido',
  robo: 'Robo',
  consumo_interno: 'Consumo interno',
};

/** A line under each reason in the form: when to choose it. */
export const AYUDA_TIPO_AJUSTE: Record<TipoAjuste, string> = {
  conteo: 'Contaste el estante y el sistema no coincide: el stock queda en lo que contaste.',
  merma: 'Unidades rotas, dañadas o perdidas.',
  vencido: 'Unidades que pasaron su fecha de vencimiento.',
  robo: 'Unidades que faltan por un robo.',
  consumo_interno: 'Unidades que usó el propio negocio.',
};

/** Reasons that only ever take units out (all but conteo). */
export const soloDescuenta = (tipo: TipoAjuste) => tipo !== 'conteo';

const FRASE_TIPO: Record<TipoAjuste, string> = {
  conteo: 'conteo',
  merma: 'merma',
  vencido: 'productos vencidos',
  robo: 'robo',
  consumo_interno: 'consumo interno',
};
export const mensajeSoloDescuenta = (tipo: TipoAjuste) => `Un ajuste por ${FRASE_TIPO[tipo]} solo puede descontar unidades.`;

export const MENSAJE_TIPO_AJUSTE = 'Elige el motivo del ajuste: conteo, merma, vencido, robo o consumo interno.';
export const MENSAJE_FALTA_CANTIDAD_AJUSTE = 'Indica la cantidad contada o cuántas unidades se suman o se descuentan.';
export const MENSAJE_CANTIDAD_Y_DIFERENCIA = 'Indica la cantidad contada o la diferencia, no ambas.';
export const MENSAJE_DIFERENCIA_CERO = 'La diferencia no puede ser 0.';
export const MENSAJE_STOCK_SISTEMA_SOLO_CONTEO = 'stock_sistema solo acompaña a cantidad_contada.';
/** The `code` of a count refused because the stock moved while the owner counted (409). */
export const CODIGO_STOCK_CAMBIO = 'STOCK_CHANGED';
/** The `code` of an adjustment that would leave the stock below zero (409). */
export const CODIGO_STOCK_INSUFICIENTE = 'NOT_ENOUGH_STOCK';

/** A stock as the messages say it: a number of units, or kilos for a kg product ('0,300 kg'). */
const stockDicho = (stock: number, unidad: UnidadVenta) => (unidad === 'kg' ? contarCantidad(stock, 'kg') : String(stock));

/** A take-out larger than the shelf: stock never goes below zero. */
export const mensajeAjusteSinStock = (producto: string, unidades: number, stock: number, unidad: UnidadVenta = 'unidad') =>
  `No se ${unidades === 1 && unidad === 'unidad' ? 'puede' : 'pueden'} descontar ${contarCantidad(unidades, unidad)} de "${producto}": el stock actual es ${stockDicho(stock, unidad)}.`;

/** The stock moved (a sale, a delivery) between the screen showing it and the count being saved. */
export const mensajeStockCambio = (producto: string, antes: number, ahora: number, unidad: UnidadVenta = 'unidad') =>
  `El stock de "${producto}" cambió mientras contabas: el sistema tenía ${stockDicho(antes, unidad)} y ahora tiene ${stockDicho(ahora, unidad)}. Revisa el conteo y guárdalo de nuevo.`;

/** "…debe ser menor que el stock actual (12)" / "(0,300 kg)". */
export const stockActualDicho = stockDicho;

const unidades = (campo: string, min: number) =>
  enteroDesdeTexto(
    z
      .number()
      .int({ error: `${campo} debe ser un número entero.` })
      .min(min, { error: min === 0 ? `${campo} no puede ser negativa.` : `${campo} debe ser mayor a ${min - 1}.` })
      .max(LIMITES_PRODUCTO.stock, { error: `${campo} es demasiado alta.` }),
    { campo, mensajeTipo: `${campo} debe ser un número entero.` },
  );

/**
 * POST /api/productos/{id}/ajustes. Exactly one of:
 * - `cantidad_contada`: what is on the shelf; the stock becomes it. With `stock_sistema` (what the
 *   screen showed while counting) a stock that moved meanwhile is refused (409 STOCK_CHANGED)
 *   instead of silently undoing a sale.
 * - `diferencia`: units added (positive) or taken out (negative), on top of whatever the stock is
 *   when it is saved, so it commutes with sales.
 * Every reason but conteo only takes units out. The stock never goes below zero (409).
 */
export const ajusteStockCreateSchema = z
  .object({
    /** The product's shop (a product of another shop is 404; another's shop named by a pyme, 403). */
    id_minimarket: idSchema,
    tipo: z.enum(TIPOS_AJUSTE, { error: MENSAJE_TIPO_AJUSTE }),
    cantidad_contada: unidades('La cantidad contada', 0).optional(),
    diferencia: enteroDesdeTexto(
      z
        .number()
        .int({ error: 'La diferencia debe ser un número entero.' })
        .min(-LIMITES_PRODUCTO.stock, { error: 'La diferencia es demasiado grande.' })
        .max(LIMITES_PRODUCTO.stock, { error: 'La diferencia es demasiado grande.' })
        .refine((d) => d !== 0, { error: MENSAJE_DIFERENCIA_CERO }),
      { campo: 'La diferencia', mensajeTipo: 'La diferencia debe ser un número entero.' },
    ).optional(),
    stock_sistema: z.number().int().min(0).max(LIMITES_PRODUCTO.stock).optional(),
    nota: textoOpcionalHasta(200),
  })
  .superRefine((a, ctx) => {
    const contada = a.cantidad_contada !== undefined;
    const diferencia = a.diferencia !== undefined;
    if (!contada && !diferencia) ctx.addIssue({ code: 'custom', path: ['cantidad_contada'], message: MENSAJE_FALTA_CANTIDAD_AJUSTE });
    if (contada && diferencia) ctx.addIssue({ code: 'custom', path: ['diferencia'], message: MENSAJE_CANTIDAD_Y_DIFERENCIA });
    if (a.stock_sistema !== undefined && !contada)
      ctx.addIssue({ code: 'custom', path: ['stock_sistema'], message: MENSAJE_STOCK_SISTEMA_SOLO_CONTEO });
    if (diferencia && a.diferencia! > 0 && soloDescuenta(a.tipo))
      ctx.addIssue({ code: 'custom', path: ['diferencia'], message: mensajeSoloDescuenta(a.tipo) });
  });
export type AjusteStockCreate = z.input<typeof ajusteStockCreateSchema>;

/** One adjustment as the list shows it. */
export const ajusteStockSchema = z
  .object({
    id_movimiento: z.number().int(),
    id_producto: z.number().int(),
    nombre_producto: z.string(),
    codigo_barra: z.string(),
    tipo: z.enum(TIPOS_AJUSTE),
    /** Signed: negative took units out. Grams (as are both stocks) when unidad is 'kg'. */
    cantidad: z.number().int(),
    /** The product's unit: 'kg' makes the quantities grams and the cost per kilo. */
    unidad: z.enum(UNIDADES_VENTA),
    stock_anterior: z.number().int(),
    stock_resultante: z.number().int(),
    /** The product's unit cost when it was adjusted (null: it had none). */
    costo_unitario: z.number().int().nullable(),
    /** cantidad at costo_unitario (granel.ts valorAlCosto), signed (null without a cost). */
    valor_costo: z.number().int().nullable(),
    nota: z.string().nullable(),
    fecha: z.string(),
    nombre_usuario: z.string().nullable(),
  })
  .meta({ id: 'AjusteStock' });
export type AjusteStock = z.infer<typeof ajusteStockSchema>;

/** What POST answers: the adjustment and the product as it is now (the POS refreshes its row). */
export const ajusteStockResultadoSchema = z
  .object({ ajuste: ajusteStockSchema, producto: productoSchema })
  .meta({ id: 'AjusteStockResultado' });
export type AjusteStockResultado = z.infer<typeof ajusteStockResultadoSchema>;

export const PAGE_SIZE_AJUSTES = 10;

/** GET /api/ajustes-stock: the shop's adjustments, newest first; total in x-total-count. */
export const ajustesStockQuerySchema = z.object({
  id_minimarket: idSchema,
  /** A calendar month in Santiago ('2026-11'); without it, all. */
  mes: mesSchema.optional(),
  tipo: z.enum(TIPOS_AJUSTE, { error: MENSAJE_TIPO_AJUSTE }).optional(),
  id_producto: id64Schema.optional(),
  ...paginaSchema(PAGE_SIZE_AJUSTES),
});

/** Months a report may span, both ends counted. */
export const MAX_MESES_INFORME_AJUSTES = 24;
/** Months the report shows when none are named: this one and the five before. */
export const MESES_INFORME_AJUSTES_POR_DEFECTO = 6;
export const MENSAJE_RANGO_MESES_AJUSTES = `El informe abarca a lo más ${MAX_MESES_INFORME_AJUSTES} meses, y "desde" no puede ser posterior a "hasta".`;

/** GET /api/ajustes-stock/informe: by reason and month, Santiago's calendar. */
export const informeAjustesQuerySchema = z.object({
  id_minimarket: idSchema,
  /** First month ('2026-06'); default: five months before `hasta`. */
  desde: mesSchema.optional(),
  /** Last month; default: the current one. */
  hasta: mesSchema.optional(),
});

const cifrasAjusteSchema = z.object({
  ajustes: z.number().int(),
  /** Signed sum of products sold by the unit: negative, units that left the shelf. */
  unidades: z.number().int(),
  /** Signed sum of products sold by weight, in grams (never added to unidades; docs/granel.md). */
  gramos: z.number().int(),
  /** Signed pesos at each adjustment's unit cost then, kg at the cost per kilo (no cost counts 0 here). */
  valor_costo: z.number().int(),
  /** Units whose product had no cost when adjusted (not in valor_costo). */
  unidades_sin_costo: z.number().int(),
  /** Grams whose product had no cost when adjusted. */
  gramos_sin_costo: z.number().int(),
});
const cifrasPorTipoSchema = cifrasAjusteSchema.extend({ tipo: z.enum(TIPOS_AJUSTE) });

export const informeAjustesSchema = z
  .object({
    desde: z.string(),
    hasta: z.string(),
    /** Months with adjustments, newest first, each with its reasons (only those that occurred). */
    meses: z.array(cifrasAjusteSchema.extend({ mes: z.string(), por_tipo: z.array(cifrasPorTipoSchema) })),
    /** The whole range by reason, in TIPOS_AJUSTE order (only reasons that occurred). */
    por_tipo: z.array(cifrasPorTipoSchema),
    total: cifrasAjusteSchema,
  })
  .meta({ id: 'InformeAjustesStock' });
export type InformeAjustes = z.infer<typeof informeAjustesSchema>;
export type CifrasAjuste = z.infer<typeof cifrasAjusteSchema>;

/**
 * The forms' "units that leave" (merma, vencido, robo, consumo interno): a whole number above 0,
 * sent as `diferencia: -n`. The same parser and words as the API's numbers.
 */
export const unidadesSalidaSchema = enteroDesdeTexto(
  z
    .number()
    .int({ error: 'Las unidades deben ser un número entero.' })
    .positive({ error: 'Las unidades que salen deben ser más de 0.' })
    .max(LIMITES_PRODUCTO.stock, { error: 'Las unidades son demasiadas.' }),
  { campo: 'Las unidades', mensajeTipo: 'Las unidades deben ser un número entero.' },
);
/** The forms' counted quantity (conteo), as the API reads `cantidad_contada`. */
export const cantidadContadaSchema = unidades('La cantidad contada', 0);
