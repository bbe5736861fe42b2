// Sales (/api/ventas): a sale as the API answers it, its lines and returns, how a person names it,
// the list of Transacciones, a void, a return, and the sales the server refused from a device's
// outbox. What a new sale sends is in venta-nueva.ts, how it is paid in ventas-pagos.ts and the
// offline lane's rules in ventas-offline.ts; this module re-exports them all.
//
// The re-exports come first: the order modules run in is the order the schemas register their ids,
// and so the order of the OpenAPI document's components (a new sale's customer and payment before
// the sale), as before the split.
export * from './venta-nueva.js';
export * from './ventas-pagos.js';
export * from './ventas-offline.js';

import { z } from 'zod';
import { id64Schema, idSchema, METODOS_VENTA, motivoSchema, PAGE_SIZE_TRANSACCIONES, paginaSchema } from './comunes.js';
import { UNIDADES_VENTA } from './granel.js';
import { autorizacionSchema } from './cajeros.js';
import { MAX_UNIDADES_LINEA } from './reglas.js';
import { ALERTAS_VENTA_LISTA, ORIGENES_VENTA } from './ventas-offline.js';
import { pagoSchema } from './ventas-pagos.js';

export const detalleVentaSchema = z
  .object({
    id_detalle_venta: z.number().int(),
    /** Null: a loose sale («venta libre»), a line with no product. */
    id_producto: z.number().int().nullable(),
    num_unidades: z.number().int(),
    subtotal: z.number().int(),
    precio_unitario: z.number().int(),
    nombre_producto: z.string(),
    /** The product's unit when sold: 'kg' makes num_unidades grams and precio_unitario per kilo. */
    unidad: z.enum(UNIDADES_VENTA),
    /**
     * An offline sale's line charged at another price than the shelf's when the server recorded it:
     * the shelf price then. Null when they agree (and for every other sale). The API always sends it;
     * optional in the type only so lines built before it (the web's fixtures) still typecheck.
     */
    precio_catalogo: z.number().int().nullable().optional(),
    /** Its discount in pesos (its own and its share of the cart's): subtotal = gross − descuento. */
    descuento: z.number().int(),
    /** The price label it was scanned from (13 digits), charged the label's printed amount; null otherwise. */
    codigo_etiqueta: z.string().nullable(),
  })
  .meta({ id: 'DetalleVenta' });

/** A line as it was sold: its name then, how many (grams when unidad is 'kg'), at what price, for how much. */
export const lineaVendidaSchema = {
  nombre_producto: z.string(),
  num_unidades: z.number().int(),
  precio_unitario: z.number().int(),
  subtotal: z.number().int(),
  unidad: z.enum(UNIDADES_VENTA),
};

/** What was returned of a sale (POST /ventas/{id}/devoluciones), refunded at the price paid. */
export const devolucionSchema = z
  .object({
    id_devolucion: z.number().int(),
    id_venta: z.number().int(),
    fecha: z.string(),
    motivo: z.string(),
    total: z.number().int(),
    /** What it gave back by each method (one part unless the sale was split). */
    pagos: z.array(pagoSchema),
    /** Cash rounding of its cash part (Ley 20.956): refunding $3.146 in cash gives back $3.150, redondeo 4. */
    redondeo: z.number().int(),
    detalles: z.array(z.object({ id_producto: z.number().int(), ...lineaVendidaSchema })),
  })
  .meta({ id: 'Devolucion' });
export type Devolucion = z.infer<typeof devolucionSchema>;

/** What a person reads and searches: the shop's own number, or the id of the file it was imported from. */
export const referenciaVentaSchema = {
  /** The shop's own number, 1, 2, 3… (null for a sale imported from a file). */
  numero_venta: z.number().int().nullable(),
  /** The sale's id in the file it was imported from (null for a sale made here). */
  id_venta_csv: z.string().nullable(),
};

/**
 * How a sale is named wherever a person reads it: "N° 12" for the shop's 12th sale (no thousands
 * dot: it is a folio, as on a receipt), "importada «A-77»" for one that came from another system's
 * file. The global id_venta stays internal (URLs).
 */
export function referenciaVenta(v: { id_venta?: number; numero_venta: number | null; id_venta_csv?: string | null }): string {
  if (v.numero_venta !== null) return `N° ${v.numero_venta}`;
  if (v.id_venta_csv) return `importada «${v.id_venta_csv}»`;
  return `#${v.id_venta ?? ''}`;
}

export const ventaSchema = z
  .object({
    id_venta: z.number().int(),
    ...referenciaVentaSchema,
    id_minimarket: z.number().int(),
    fecha_venta: z.iso.datetime(),
    total: z.number().int(),
    /** 'Mixto' for a split sale: `pagos` has its parts. */
    metodo_pago: z.enum(METODOS_VENTA),
    /** What it was paid with, part by part; their sum is the total. */
    pagos: z.array(pagoSchema),
    estado_venta: z.string(),
    detalles: z.array(detalleVentaSchema),
    /** The cash shift the sale belongs to, when one was open. */
    id_turno: z.number().int().nullable().optional(),
    /** The customer of a sale on credit ('Fiado'). */
    id_cliente: z.number().int().nullable().optional(),
    monto_recibido: z.number().int().nullable().optional(),
    /** A voided sale: when and why. */
    anulada_en: z.string().nullable().optional(),
    motivo_anulacion: z.string().nullable().optional(),
    /** Its returns, oldest first. */
    devoluciones: z.array(devolucionSchema).optional(),
    /** 'offline': made on a device with no connection and sent later; 'archivo': from an imported file. */
    origen: z.enum(ORIGENES_VENTA),
    /** The provisional receipt reference the device printed offline ("C1-0042"), or null. */
    referencia_local: z.string().nullable(),
    /** Who sold it (the person at the till; docs/cajeros.md), null when unknown (an imported file's, a deleted account's). */
    id_vendedor: z.number().int().nullable(),
    nombre_vendedor: z.string().nullable(),
    /** When it reached the server, by the server's clock (later than fecha_venta for an offline sale). */
    recibida_en: z.iso.datetime(),
    /** What an offline sale did that the counter would not have let through; empty otherwise. */
    alertas: z.array(z.enum(ALERTAS_VENTA_LISTA)),
    /**
     * Cash rounding (Ley 20.956, docs/pagos.md): whole pesos added to (positive) or taken from
     * (negative) the cash part; 0 with no cash part. `total` stays the exact sum of the lines.
     */
    redondeo: z.number().int(),
    /** Why it carries a discount (null when none). */
    motivo_descuento: z.string().nullable(),
  })
  .meta({ id: 'Venta' });
export type Venta = z.infer<typeof ventaSchema>;

export const ventasQuerySchema = z
  .object({
    id_minimarket: idSchema,
    ...paginaSchema(PAGE_SIZE_TRANSACCIONES),
    /** A sale's number ("12", "#12", "N° 12") or the id it had in an imported file (the Transacciones search box). */
    search: z.string().trim().max(100, { error: 'La búsqueda puede tener a lo más 100 caracteres.' }).optional(),
    start_date: z.iso.datetime({ local: true, offset: true, error: 'La fecha de inicio no es válida.' }).optional(),
    end_date: z.iso.datetime({ local: true, offset: true, error: 'La fecha de término no es válida.' }).optional(),
    /** Sales by this person (Transacciones' «Vendedor»). */
    id_vendedor: idSchema.optional(),
    /** Sales from this lane: the counter, a device's outbox, a file. */
    origen: z.enum(ORIGENES_VENTA, { error: 'El origen no es válido.' }).optional(),
    /** Only the offline sales with an alert (Transacciones' «Con alertas»). */
    con_alertas: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    error: 'La fecha de inicio no puede ser posterior a la fecha de término.',
    path: ['start_date'],
  });

/**
 * A page of sales. `total` counts every sale the filter matches (voided ones too: the list shows
 * them); `ventas_completadas` the ones that count as sales and `monto_total` what they brought in,
 * less what was returned of them: the app's one definition, the same as Inicio's and the analytics'.
 */
export const ventasListSchema = z
  .object({ sales: z.array(ventaSchema), total: z.number().int(), ventas_completadas: z.number().int(), monto_total: z.number().int() })
  .meta({ id: 'ListaVentas' });

export const MENSAJE_VENTA_YA_ANULADA = 'Esta venta ya está anulada.';
export const ESTADO_VENTA_ANULADA = 'Anulada';

/** POST /ventas/{id}/anulacion. */
export const anulacionVentaSchema = z.object({
  motivo: motivoSchema('Escribe el motivo de la anulación.'),
  /** The owner's PIN, when a cashier voids (docs/cajeros.md). */
  autorizacion: autorizacionSchema.optional(),
});

export const MENSAJE_DEVOLUCION_VENTA_ANULADA = 'No se puede devolver parte de una venta anulada.';
export const MENSAJE_PRODUCTO_NO_EN_VENTA = 'Ese producto no está en esta venta.';

/** POST /ventas/{id}/devoluciones. */
export const devolucionCreateSchema = z.object({
  motivo: motivoSchema('Escribe el motivo de la devolución.'),
  detalles: z
    .array(
      z.object({
        id_producto: id64Schema,
        num_unidades: z
          .number({ error: 'La cantidad debe ser un número entero.' })
          .int({ error: 'La cantidad debe ser un número entero.' })
          .positive({ error: 'La cantidad debe ser mayor a 0.' })
          .max(MAX_UNIDADES_LINEA, { error: 'La cantidad es demasiado alta.' }),
      }),
      { error: 'Elige al menos un producto para devolver.' },
    )
    .min(1, { error: 'Elige al menos un producto para devolver.' })
    .max(500),
  /** The owner's PIN, when a cashier returns (docs/cajeros.md). */
  autorizacion: autorizacionSchema.optional(),
});

/**
 * A sale the server refused for good on its way from a device's outbox (docs/offline.md «El rastro»):
 * the customer may have left with the goods, so it waits on the server, beside the device's copy,
 * for the owner to settle (charge it again, adjust the stock, or let it be) and mark it resolved.
 */
export const ventaRechazadaSchema = z
  .object({
    id_venta_rechazada: z.number().int(),
    fecha: z.iso.datetime(),
    /** Who made it (the person at the till), as the device said. */
    id_usuario: z.number().int().nullable(),
    nombre_usuario: z.string().nullable(),
    /** Why, in the words the device showed. */
    motivo: z.string(),
    code: z.string(),
    /** The device's provisional receipt reference ("C1-0042"), when it printed one. */
    referencia_local: z.string().nullable(),
    /** When the device made it. */
    fecha_venta: z.string().nullable(),
    total: z.number().int(),
    metodo_pago: z.string(),
    lineas: z.array(z.object({ nombre_producto: z.string(), num_unidades: z.number().int(), subtotal: z.number().int() })),
    resuelta_en: z.iso.datetime().nullable(),
    nombre_resuelta_por: z.string().nullable(),
    nota_resolucion: z.string().nullable(),
  })
  .meta({ id: 'VentaRechazada' });
export type VentaRechazada = z.infer<typeof ventaRechazadaSchema>;

export const ventasRechazadasQuerySchema = z.object({
  id_minimarket: idSchema,
  /** false (default): the ones still to settle; true: the settled ones too. */
  todas: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
  ...paginaSchema(PAGE_SIZE_TRANSACCIONES),
});

export const ventasRechazadasListSchema = z
  .object({ rechazadas: z.array(ventaRechazadaSchema), total: z.number().int(), pendientes: z.number().int() })
  .meta({ id: 'ListaVentasRechazadas' });

/** POST /ventas/rechazadas/{id}/resolucion: the owner settled it, and says how. */
export const resolucionRechazadaSchema = z.object({
  id_minimarket: idSchema,
  nota: motivoSchema('Escribe cómo se resolvió.'),
});
