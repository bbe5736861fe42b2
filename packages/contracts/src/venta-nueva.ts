// A new sale as the POS sends it (POST /ventas/): its cart lines, a loose sale («venta libre»), its
// discounts and how it is paid, with every rule the server checks before it sells (docs/pagos.md).
import { z } from 'zod';
import {
  CATEGORIAS,
  ESTADO_VENTA_COMPLETADA,
  id64Schema,
  idSchema,
  METODO_MIXTO,
  METODOS_PAGO,
  METODOS_VENTA,
  type MetodoPago,
  type MetodoVenta,
  pesosSchema,
} from './comunes.js';
import { autorizacionSchema } from './cajeros.js';
import { MENSAJE_CLIENTE_SOLO_FIADO, MENSAJE_FIADO_SIN_CLIENTE } from './clientes.js';
import { MAX_UNIDADES_LINEA, MENSAJE_RECIBIDO_INSUFICIENTE, MENSAJE_RECIBIDO_SOLO_EFECTIVO } from './reglas.js';
import { redondearEfectivo } from './redondeo.js';
import {
  MAX_REFERENCIA_LOCAL,
  MENSAJE_FECHA_VENTA_INVALIDA,
  MENSAJE_OFFLINE_SIN_FECHA,
  MENSAJE_REFERENCIA_LOCAL_LARGA,
} from './ventas-offline.js';
import {
  MENSAJE_PAGO_METODO_DISTINTO,
  MENSAJE_PAGO_METODO_REPETIDO,
  MENSAJE_PAGO_PARTE_CERO,
  MENSAJE_PAGO_SIN_METODO,
  mensajePagosNoSuman,
  mensajeRecibidoParteEfectivo,
} from './ventas-pagos.js';

/** The loose sale («venta libre», docs/pagos.md): a line with no product. */
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

/** The parts of a sale as sent (POST /ventas/ `pagos`): one per method, each more than $0. */
const pagoCreateSchema = z.object({
  metodo_pago: z.enum(METODOS_PAGO, { error: 'El método de pago no es válido.' }),
  monto: pesosSchema.refine((m) => m > 0, { error: MENSAJE_PAGO_PARTE_CERO }),
});

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
