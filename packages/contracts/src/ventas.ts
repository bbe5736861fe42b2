import { z } from 'zod';
import {
  CATEGORIAS,
  ESTADO_VENTA_COMPLETADA,
  id64Schema,
  idSchema,
  MAX_PAGE_SIZE,
  METODO_MIXTO,
  METODOS_PAGO,
  METODOS_VENTA,
  type MetodoPago,
  type MetodoVenta,
  motivoSchema,
  PAGE_SIZE_TRANSACCIONES,
  pesosSchema,
  skipSchema,
} from './comunes.js';
import { UNIDADES_VENTA } from './granel.js';
import { autorizacionSchema } from './cajeros.js';
import { MENSAJE_CLIENTE_SOLO_FIADO, MENSAJE_FIADO_SIN_CLIENTE } from './clientes.js';
import { formatClp } from './formato.js';
import { MAX_UNIDADES_LINEA, MENSAJE_RECIBIDO_INSUFICIENTE, MENSAJE_RECIBIDO_SOLO_EFECTIVO } from './reglas.js';
import { redondearEfectivo, redondeoEfectivo } from './redondeo.js';

/**
 * One part of what a sale was paid with (pago dividido, docs/pagos.md): a sale paid one way has one
 * part, its method and total; a split sale ('Mixto') one per method. A return says the same of what
 * it gave back (fiado first, then cash, then the rest).
 */
export const pagoSchema = z.object({ metodo_pago: z.enum(METODOS_PAGO), monto: z.number().int() }).meta({ id: 'PagoVenta' });
export type Pago = z.infer<typeof pagoSchema>;

export const MENSAJE_PAGO_SIN_METODO = 'Elige el método de pago.';
export const MENSAJE_PAGO_PARTE_CERO = 'Cada parte del pago debe ser mayor a $0.';
export const MENSAJE_PAGO_METODO_REPETIDO = 'Cada método de pago puede ir una sola vez en un pago dividido.';
export const MENSAJE_PAGO_METODO_DISTINTO = 'El método de pago no coincide con las partes del pago.';
export const mensajePagosNoSuman = (suma: number, total: number) =>
  `Las partes del pago suman ${formatClp(suma)} y el total de la venta es ${formatClp(total)}.`;
export const mensajeRecibidoParteEfectivo = (efectivo: number) =>
  `La cantidad recibida es menor que la parte en efectivo (${formatClp(efectivo)}).`;

/** The cash part of a payment (0 without one), exact: what the lines of it add up to. */
export const parteEfectivo = (pagos: readonly Pago[]) => pagos.find((p) => p.metodo_pago === 'Efectivo')?.monto ?? 0;

/**
 * What the cash part of a payment is paid with (Ley 20.956, redondeo.ts): the exact cash part rounded
 * to the ten. A split of $2.005 cash + $1.142 debit pays $2.000 in cash; without cash, 0.
 */
export const efectivoAPagar = (pagos: readonly Pago[]) => redondearEfectivo(parteEfectivo(pagos));

/** What the rounding of a payment's cash part adds (+) or takes (−): Venta.redondeo. */
export const redondeoDePagos = (pagos: readonly Pago[]) => redondeoEfectivo(parteEfectivo(pagos));

/** The change handed back: out of the rounded cash part only (null when no cash was handed over). */
export const vueltoDeVenta = (v: { monto_recibido?: number | null; pagos: readonly Pago[] }) =>
  typeof v.monto_recibido === 'number' ? v.monto_recibido - efectivoAPagar(v.pagos) : null;

/** How a payment reads on one line: 'Efectivo', or 'Efectivo $3.000 + Fiado $5.000' when split. */
export const textoPagos = (pagos: readonly Pago[]) =>
  pagos.length === 1 ? pagos[0]!.metodo_pago : pagos.map((p) => `${p.metodo_pago} ${formatClp(p.monto)}`).join(' + ');

/** The parts of a sale as sent (POST /ventas/ `pagos`): one per method, each more than $0. */
const pagoCreateSchema = z.object({
  metodo_pago: z.enum(METODOS_PAGO, { error: 'El método de pago no es válido.' }),
  monto: pesosSchema.refine((m) => m > 0, { error: MENSAJE_PAGO_PARTE_CERO }),
});

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
    detalles: z.array(
      z.object({
        id_producto: z.number().int(),
        nombre_producto: z.string(),
        /** Grams when unidad is 'kg'. */
        num_unidades: z.number().int(),
        precio_unitario: z.number().int(),
        subtotal: z.number().int(),
        unidad: z.enum(UNIDADES_VENTA),
      }),
    ),
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

/**
 * Where a sale came from: the counter with the server ('mostrador'), a device's outbox after the
 * connection dropped ('offline', docs/offline.md), or an imported sales file ('archivo').
 */
export const ORIGENES_VENTA = ['mostrador', 'offline', 'archivo'] as const;
export type OrigenVenta = (typeof ORIGENES_VENTA)[number];

/** The longest provisional receipt reference a device may give ("C1-0042"). */
export const MAX_REFERENCIA_LOCAL = 40;
/** How far ahead of the server's clock an offline sale's time may be (the device's clock skew). */
export const MINUTOS_FUTURO_OFFLINE = 5;
/** How old an offline sale may be when it reaches the server (docs/offline.md «El servidor» says why). */
export const DIAS_MAXIMOS_OFFLINE = 7;

export const MENSAJE_OFFLINE_SIN_CLAVE = 'Una venta sin conexión necesita su clave (Idempotency-Key).';
export const MENSAJE_OFFLINE_SIN_FECHA = 'Una venta sin conexión necesita su fecha y hora (fecha_venta).';
export const MENSAJE_FECHA_VENTA_INVALIDA = 'La fecha de la venta no es válida: debe ser una fecha y hora ISO 8601 con zona horaria.';
export const MENSAJE_OFFLINE_FUTURA = `La fecha de la venta está en el futuro (más de ${MINUTOS_FUTURO_OFFLINE} minutos): revisa la fecha y hora del equipo.`;
export const MENSAJE_OFFLINE_ANTIGUA = `La venta tiene más de ${DIAS_MAXIMOS_OFFLINE} días: ya no se puede registrar como venta sin conexión. Regístrala de nuevo o cárgala desde un archivo.`;
/** An offline sale naming a product or customer that is not the shop's: it cannot be recorded (sending it again will not help). */
export const MENSAJE_OFFLINE_PRODUCTO_NO_ENCONTRADO =
  'Esta venta sin conexión tiene un producto que no existe en la tienda: no se puede registrar. Revisa el comprobante y registra la venta de nuevo.';
export const MENSAJE_OFFLINE_CLIENTE_NO_ENCONTRADO =
  'Esta venta sin conexión es fiado a un cliente que no existe en la tienda: no se puede registrar. Revisa el comprobante y registra la venta de nuevo.';
export const MENSAJE_REFERENCIA_LOCAL_LARGA = `La referencia del comprobante puede tener a lo más ${MAX_REFERENCIA_LOCAL} caracteres.`;

/** The loose sale («venta libre», docs/pagos.md): a line with no product. */
export const NOMBRE_VENTA_LIBRE = 'Varios';
export const LIMITE_NOMBRE_VENTA_LIBRE = 60;
export const MENSAJE_NOMBRE_VENTA_LIBRE_LARGO = `El nombre de una venta libre puede tener a lo más ${LIMITE_NOMBRE_VENTA_LIBRE} caracteres.`;
export const MENSAJE_VENTA_LIBRE_UNA = 'Una venta libre es una sola unidad por su monto.';
export const MENSAJE_VENTA_LIBRE_ETIQUETA = 'Una venta libre no lleva etiqueta de balanza.';
export const MENSAJE_VENTA_LIBRE_MONTO = 'El monto de una venta libre debe ser mayor a $0.';
export const MENSAJE_DESCUENTO_TOTAL = 'El descuento de una línea debe ser menor que su monto.';
export const MENSAJE_MOTIVO_DESCUENTO = 'Escribe el motivo del descuento.';
export const MAX_MOTIVO_DESCUENTO = 200;

/**
 * What an offline sale did that the counter would not have let through (docs/offline.md «El rastro»),
 * with the words Transacciones and the owner's notice use. The sale is recorded all the same.
 */
export const ALERTAS_VENTA = {
  precio_desconocido: 'Precio que el producto no tuvo en los 7 días antes de la venta',
  fecha_anterior_al_contacto: 'Hora de la venta anterior al último contacto del equipo con el servidor',
  fiado_sobre_limite: 'Fiado por sobre el límite del cliente',
  sin_stock: 'Vendido sin stock en el sistema',
  descuento_sobre_tope: 'Descuento de un cajero por sobre el tope de la tienda',
} as const;
export type AlertaVenta = keyof typeof ALERTAS_VENTA;
export const ALERTAS_VENTA_LISTA = Object.keys(ALERTAS_VENTA) as [AlertaVenta, ...AlertaVenta[]];
/** An offline sale more than this before its device's last contact with the server is flagged. */
export const MINUTOS_ANTES_DEL_CONTACTO = 10;
/** An offline sale's price is flagged when the product did not have it in these days before the sale. */
export const DIAS_PRECIOS_CONOCIDOS = 7;

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

/**
 * A cart line. For a kg product num_unidades is GRAMS, precio_unitario the price per kilo and
 * subtotal montoPorPeso(precio, gramos) (granel.ts); for a unit product, precio × units. The server
 * checks each against the product's unit and price of the moment.
 */
export const detalleVentaCreateSchema = z
  .object({
    /** Null: a loose sale («venta libre»), one unit at precio_unitario, no stock moved. */
    id_producto: id64Schema.nullable(),
    num_unidades: z
      .number({ error: 'La cantidad debe ser un número entero.' })
      .int({ error: 'La cantidad debe ser un número entero.' })
      .positive({ error: 'La cantidad debe ser mayor a 0.' })
      .max(MAX_UNIDADES_LINEA, { error: 'La cantidad es demasiado alta.' }),
    precio_unitario: pesosSchema,
    /** The line's gross amount less its discount. */
    subtotal: pesosSchema,
    /** Whole pesos off this line (its own, and its share of a discount on the cart), below its gross amount. */
    descuento: pesosSchema.default(0),
    /**
     * The 13 digits of the price or weight label it was scanned from: the server reads it with the
     * shop's layout, and a price label's line is charged the label's printed amount (its grams, what the
     * stock loses).
     */
    codigo_etiqueta: z
      .string()
      .regex(/^\d{8,20}$/, { error: 'El código de la etiqueta no es válido.' })
      .optional(),
    /** A loose sale's name ("Varios" when left empty); a product's line ignores it. */
    nombre_producto: z.string().trim().max(LIMITE_NOMBRE_VENTA_LIBRE, { error: MENSAJE_NOMBRE_VENTA_LIBRE_LARGO }).optional(),
    /** A loose sale's category, optional (analytics file it under «Venta libre» without one). */
    categoria: z.enum(CATEGORIAS, { error: 'La categoría no es válida.' }).optional(),
  })
  .superRefine((l, ctx) => {
    if (l.id_producto === null) {
      if (l.num_unidades !== 1) ctx.addIssue({ code: 'custom', message: MENSAJE_VENTA_LIBRE_UNA, path: ['num_unidades'] });
      if (l.codigo_etiqueta !== undefined)
        ctx.addIssue({ code: 'custom', message: MENSAJE_VENTA_LIBRE_ETIQUETA, path: ['codigo_etiqueta'] });
      if (l.precio_unitario <= 0) ctx.addIssue({ code: 'custom', message: MENSAJE_VENTA_LIBRE_MONTO, path: ['precio_unitario'] });
    }
    if (l.descuento > 0 && l.subtotal <= 0) ctx.addIssue({ code: 'custom', message: MENSAJE_DESCUENTO_TOTAL, path: ['descuento'] });
  });
export type DetalleVentaCreate = z.input<typeof detalleVentaCreateSchema>;

/**
 * POST /ventas/. The server is the authority on prices, totals and the sale's time:
 * fecha_venta is accepted for compatibility and replaced by the server's clock, except for an
 * offline sale (`origen: 'offline'`, docs/offline.md «El servidor»): made on the device with no
 * connection and sent later with its Idempotency-Key, it keeps its own fecha_venta (ISO 8601 with
 * offset; at most 5 minutes ahead, at most 7 days old) and is recorded as sold, at the price
 * charged. `referencia_local` is the device's provisional receipt reference. A sale is paid by
 * `metodo_pago` alone, or by `pagos` (pago dividido: each part's method and amount, their sum the
 * total). After parsing, `metodo_pago` is the sale's ('Mixto' when split) and `pagos` its parts.
 */
export const ventaCreateSchema = z
  .object({
    id_minimarket: idSchema,
    fecha_venta: z.string().optional(),
    total: pesosSchema,
    metodo_pago: z.enum(METODOS_VENTA, { error: 'El método de pago no es válido.' }).optional(),
    pagos: z
      .array(pagoCreateSchema, { error: 'Las partes del pago no son válidas.' })
      .min(1, { error: MENSAJE_PAGO_SIN_METODO })
      .max(METODOS_PAGO.length, { error: MENSAJE_PAGO_METODO_REPETIDO })
      .optional(),
    estado_venta: z.literal(ESTADO_VENTA_COMPLETADA).default(ESTADO_VENTA_COMPLETADA),
    detalles: z
      .array(detalleVentaCreateSchema, { error: 'La venta debe tener al menos un producto.' })
      .min(1, { error: 'La venta debe tener al menos un producto.' })
      .max(500),
    /** Cash handed over for the cash part (the receipt shows the change): only with a cash part. */
    monto_recibido: pesosSchema.optional(),
    /** The customer who takes it on credit: needed with a fiado part, only with one (la libreta, issue #21). */
    id_cliente: id64Schema.optional(),
    /** 'offline': the sale was made on the device without the server (needs the Idempotency-Key). */
    origen: z.enum(['mostrador', 'offline'], { error: "El origen de la venta es 'mostrador' u 'offline'." }).default('mostrador'),
    /** The device's provisional receipt reference ("C1-0042"): stored, returned and searchable. */
    referencia_local: z
      .string({ error: 'La referencia del comprobante no es válida.' })
      .trim()
      .min(1, { error: 'La referencia del comprobante no puede quedar vacía.' })
      .max(MAX_REFERENCIA_LOCAL, { error: MENSAJE_REFERENCIA_LOCAL_LARGA })
      .optional(),
    /**
     * An offline sale's seller: the person at the till when the device made it (any session of the
     * shop may send the device's outbox later). Left out: the caller. Only with origen 'offline'.
     */
    id_vendedor: idSchema.optional(),
    /**
     * An offline sale's device: when it last heard from the server (the server's clock, from its
     * last answer). A sale made more than MINUTOS_ANTES_DEL_CONTACTO before it is flagged.
     */
    ultimo_contacto: z.iso.datetime({ offset: true, error: 'La hora del último contacto no es válida.' }).optional(),
    /** The owner's PIN approving what a cashier may not do alone (a fiado past the limit, a discount past the cap). */
    autorizacion: autorizacionSchema.optional(),
    /** Why the sale carries a discount: required when a line has one (it goes to the audit trail). */
    motivo_descuento: z
      .string()
      .trim()
      .min(1, { error: MENSAJE_MOTIVO_DESCUENTO })
      .max(MAX_MOTIVO_DESCUENTO, { error: `El motivo puede tener a lo más ${MAX_MOTIVO_DESCUENTO} caracteres.` })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.origen !== 'offline') {
      const mensaje = 'El vendedor y el último contacto se indican solo en una venta sin conexión.';
      if (v.id_vendedor !== undefined) ctx.addIssue({ code: 'custom', message: mensaje, path: ['id_vendedor'] });
      if (v.ultimo_contacto !== undefined) ctx.addIssue({ code: 'custom', message: mensaje, path: ['ultimo_contacto'] });
    }
    if (v.origen === 'offline') {
      if (v.fecha_venta === undefined) ctx.addIssue({ code: 'custom', message: MENSAJE_OFFLINE_SIN_FECHA, path: ['fecha_venta'] });
      else if (!z.iso.datetime({ offset: true }).safeParse(v.fecha_venta).success)
        ctx.addIssue({ code: 'custom', message: MENSAJE_FECHA_VENTA_INVALIDA, path: ['fecha_venta'] });
    }
    const partes: Array<{ metodo_pago: MetodoPago; monto: number }> =
      v.pagos ?? (v.metodo_pago && v.metodo_pago !== METODO_MIXTO ? [{ metodo_pago: v.metodo_pago, monto: v.total }] : []);
    if (partes.length === 0) {
      ctx.addIssue({ code: 'custom', message: MENSAJE_PAGO_SIN_METODO, path: [v.pagos ? 'pagos' : 'metodo_pago'] });
      return;
    }
    if (new Set(partes.map((p) => p.metodo_pago)).size !== partes.length)
      ctx.addIssue({ code: 'custom', message: MENSAJE_PAGO_METODO_REPETIDO, path: ['pagos'] });
    const suma = partes.reduce((s, p) => s + p.monto, 0);
    if (v.pagos && suma !== v.total) ctx.addIssue({ code: 'custom', message: mensajePagosNoSuman(suma, v.total), path: ['pagos'] });
    // metodo_pago beside pagos: the one part's method, or 'Mixto' for several.
    if (v.pagos && v.metodo_pago && v.metodo_pago !== (partes.length === 1 ? partes[0]!.metodo_pago : METODO_MIXTO))
      ctx.addIssue({ code: 'custom', message: MENSAJE_PAGO_METODO_DISTINTO, path: ['metodo_pago'] });
    if (v.detalles.some((d) => (d.descuento ?? 0) > 0) && !v.motivo_descuento)
      ctx.addIssue({ code: 'custom', message: MENSAJE_MOTIVO_DESCUENTO, path: ['motivo_descuento'] });
    const fiado = partes.some((p) => p.metodo_pago === 'Fiado');
    if (fiado && v.id_cliente === undefined) ctx.addIssue({ code: 'custom', message: MENSAJE_FIADO_SIN_CLIENTE, path: ['id_cliente'] });
    if (!fiado && v.id_cliente !== undefined) ctx.addIssue({ code: 'custom', message: MENSAJE_CLIENTE_SOLO_FIADO, path: ['id_cliente'] });
    if (v.monto_recibido === undefined) return;
    const efectivo = partes.find((p) => p.metodo_pago === 'Efectivo');
    if (!efectivo) ctx.addIssue({ code: 'custom', message: MENSAJE_RECIBIDO_SOLO_EFECTIVO, path: ['monto_recibido'] });
    // Cash is paid rounded (Ley 20.956): $3.145 in cash is paid with $3.140. (A part already refused,
    // below 1, is not rounded: its own message says what is wrong.)
    else if (efectivo.monto > 0 && v.monto_recibido < redondearEfectivo(efectivo.monto))
      ctx.addIssue({
        code: 'custom',
        message: partes.length === 1 ? MENSAJE_RECIBIDO_INSUFICIENTE : mensajeRecibidoParteEfectivo(redondearEfectivo(efectivo.monto)),
        path: ['monto_recibido'],
      });
  })
  .transform(({ pagos, metodo_pago, ...v }) => {
    // A sale paid one way keeps no parts of its own (its part is its method and total).
    const partes = pagos ?? [{ metodo_pago: metodo_pago as MetodoPago, monto: v.total }];
    const unica = partes.length === 1 ? partes[0]!.metodo_pago : null;
    return { ...v, metodo_pago: (unica ?? METODO_MIXTO) as MetodoVenta, pagos: unica ? null : partes };
  });
export type VentaCreate = z.input<typeof ventaCreateSchema>;

export const ventasQuerySchema = z
  .object({
    id_minimarket: idSchema,
    skip: skipSchema,
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE_TRANSACCIONES),
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
  skip: skipSchema,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE_TRANSACCIONES),
});

export const ventasRechazadasListSchema = z
  .object({ rechazadas: z.array(ventaRechazadaSchema), total: z.number().int(), pendientes: z.number().int() })
  .meta({ id: 'ListaVentasRechazadas' });

/** POST /ventas/rechazadas/{id}/resolucion: the owner settled it, and says how. */
export const resolucionRechazadaSchema = z.object({
  id_minimarket: idSchema,
  nota: motivoSchema('Escribe cómo se resolvió.'),
});
