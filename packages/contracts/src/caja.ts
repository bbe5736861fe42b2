// The counter's cash shift (/api/caja) and the sale receipt's data (GET /api/ventas/{id}/boleta).
// Every amount is whole pesos; the arithmetic of a close is in docs/caja.md.
import { z } from 'zod';
import { boletaElectronicaSchema } from './boletas.js';
import { autorizacionSchema } from './cajeros.js';
import {
  enteroDesdeTexto,
  idSchema,
  METODOS_PAGO,
  METODOS_VENTA,
  minimarketOpcionalQuerySchema,
  motivoSchema,
  paginaSchema,
} from './comunes.js';
import { MAX_ENTERO } from './reglas.js';
import { lineaVendidaSchema, pagoSchema, referenciaVentaSchema } from './ventas.js';

export const MENSAJE_TURNO_ABIERTO = 'Ya hay un turno de caja abierto en este minimarket.';
export const MENSAJE_TURNO_CERRADO = 'Este turno de caja ya está cerrado.';
export const MENSAJE_TURNO_NO_ENCONTRADO = 'El turno de caja no existe.';
export const MENSAJE_SIN_TURNO = 'No hay un turno de caja abierto.';
export const MENSAJE_CAJA_REQUERIDA = 'Abre la caja antes de vender: este minimarket exige un turno de caja abierto.';
/** The `code` of that refusal (409), so the POS can tell it from other conflicts. */
export const CODIGO_CAJA_REQUERIDA = 'SHIFT_REQUIRED';
/** Prices include IVA at this rate: neto = round(total / 1.19). */
export const TASA_IVA = 0.19;
export const LEYENDA_COMPROBANTE = 'Comprobante de venta — no válido como boleta';
/** Closed shifts per page. */
export const PAGE_SIZE_TURNOS = 10;

const monto = (campo: string, opciones: { positivo?: boolean } = {}) =>
  enteroDesdeTexto(
    z
      .number()
      .int({ error: `${campo} debe ser un monto en pesos, sin decimales.` })
      .min(opciones.positivo ? 1 : 0, { error: opciones.positivo ? `${campo} debe ser mayor a 0.` : `${campo} no puede ser negativo.` })
      .max(MAX_ENTERO, { error: `${campo} es demasiado grande.` }),
    { campo, pesos: true, mensajeTipo: `${campo} debe ser un monto en pesos.` },
  );

/** POST /api/caja/turnos. */
export const turnoAperturaSchema = z.object({
  /** A pyme with one shop may leave it out; an administrador names it. */
  id_minimarket: idSchema.optional(),
  monto_inicial: monto('El monto inicial'),
});
export type TurnoApertura = z.input<typeof turnoAperturaSchema>;

export const TIPOS_MOVIMIENTO_CAJA = ['ingreso', 'retiro'] as const;

/** POST /api/caja/turnos/{id}/movimientos: cash put in or taken out during the shift. */
export const movimientoCajaCreateSchema = z.object({
  tipo: z.enum(TIPOS_MOVIMIENTO_CAJA, { error: 'El tipo es ingreso o retiro.' }),
  monto: monto('El monto', { positivo: true }),
  motivo: motivoSchema('Escribe el motivo.'),
  /** The owner's PIN, when a cashier takes cash out (docs/cajeros.md). */
  autorizacion: autorizacionSchema.optional(),
});
export type MovimientoCajaCreate = z.input<typeof movimientoCajaCreateSchema>;

/** POST /api/caja/turnos/{id}/cierre. */
export const cierreTurnoSchema = z.object({ monto_contado: monto('El monto contado') });

export const turnoActualQuerySchema = minimarketOpcionalQuerySchema;
export const turnosQuerySchema = minimarketOpcionalQuerySchema.extend(paginaSchema(PAGE_SIZE_TURNOS));

export const movimientoCajaSchema = z
  .object({
    id_movimiento: z.number().int(),
    tipo: z.enum(TIPOS_MOVIMIENTO_CAJA),
    monto: z.number().int(),
    motivo: z.string(),
    fecha: z.string(),
    nombre_usuario: z.string().nullable(),
    /** Who approved it with their PIN (a cashier's withdrawal), or null. */
    nombre_autorizador: z.string().nullable(),
  })
  .meta({ id: 'MovimientoCaja' });
export type MovimientoCaja = z.infer<typeof movimientoCajaSchema>;

/**
 * A shift with its figures: running while open (the "X" report), fixed at the close.
 * esperado_efectivo = monto_inicial + cash sales − cash refunds + ingresos − retiros;
 * diferencia = monto_contado − esperado_efectivo (positive: sobrante; negative: faltante).
 *
 * A cashier counts blind (docs/cajeros.md «Arqueo ciego»): for them every figure the expected cash
 * could be worked out from is null (what the sales brought in, in cash and by method, the expected
 * cash and the difference); they see how many sales, their own movements and what they counted.
 */
export const turnoSchema = z
  .object({
    id_turno: z.number().int(),
    id_minimarket: z.number().int(),
    /** The shop's own number for it, 1, 2, 3…: what a person reads («Turno N° 3»); id_turno stays the key. */
    numero_turno: z.number().int(),
    abierto_en: z.string(),
    nombre_usuario_apertura: z.string().nullable(),
    monto_inicial: z.number().int(),
    /** The shift's sales that count (completed; the app's one definition of a sale). */
    ventas: z.number().int(),
    /** What they brought in: their totals less what was returned of them. */
    total_ventas: z.number().int().nullable(),
    /** Per method: sales and what they brought in (less their returns). */
    por_metodo_pago: z.array(z.object({ metodo_pago: z.enum(METODOS_PAGO), ventas: z.number().int(), total: z.number().int().nullable() })),
    /** Per person at the till (docs/cajeros.md): the sales that count and what they brought in. */
    por_vendedor: z.array(
      z.object({
        id_usuario: z.number().int().nullable(),
        nombre: z.string().nullable(),
        ventas: z.number().int(),
        total: z.number().int().nullable(),
      }),
    ),
    /** What the shift's cash sales charged (their refunds are devoluciones_efectivo): the cash count's first line. */
    ventas_efectivo: z.number().int().nullable(),
    devoluciones_efectivo: z.number().int().nullable(),
    /** Cash paid on customers' accounts while the shift was open (la libreta): cash in the till. */
    abonos_efectivo: z.number().int().nullable(),
    ingresos: z.number().int(),
    retiros: z.number().int(),
    /**
     * Cash rounding of the shift (Ley 20.956): what rounding its cash sales added or took, less what
     * rounding gave back in its cash refunds and voids. The expected cash counts it.
     */
    redondeo: z.number().int().nullable(),
    esperado_efectivo: z.number().int().nullable(),
    monto_contado: z.number().int().nullable(),
    diferencia: z.number().int().nullable(),
    cerrado_en: z.string().nullable(),
    /** Who counted the cash at the close. */
    nombre_usuario_cierre: z.string().nullable(),
    movimientos: z.array(movimientoCajaSchema),
  })
  .meta({ id: 'TurnoCaja' });
export type Turno = z.infer<typeof turnoSchema>;

/** GET /api/ventas/{id}/boleta: what the printed receipt shows. */
export const boletaSchema = z
  .object({
    id_venta: z.number().int(),
    ...referenciaVentaSchema,
    fecha_venta: z.string(),
    minimarket: z.object({ nombre: z.string(), rut: z.string(), direccion: z.string(), comuna: z.string() }),
    lineas: z.array(
      z.object({
        /** num_unidades are grams when unidad is 'kg' (the receipt prints '0,350 kg × $8.990/kg'). */
        ...lineaVendidaSchema,
        /** Pesos off this line (0 when none): the receipt prints it under the line. */
        descuento: z.number().int(),
      }),
    ),
    /** Why the sale carries a discount (null when none). */
    motivo_descuento: z.string().nullable(),
    total: z.number().int(),
    /** round(total / 1.19). */
    neto: z.number().int(),
    /** total − neto. */
    iva: z.number().int(),
    /** 'Mixto' for a split sale: `pagos` lists every part. */
    metodo_pago: z.enum(METODOS_VENTA),
    pagos: z.array(pagoSchema),
    estado_venta: z.string(),
    /**
     * Cash rounding (Ley 20.956): added to (+) or taken from (−) the cash part; the receipt prints
     * «Redondeo (Ley 20.956)» and what the cash part was paid with. The total stays exact.
     */
    redondeo: z.number().int(),
    /** A sale with a cash part: what was handed over and the change (of the rounded cash part). */
    monto_recibido: z.number().int().nullable(),
    vuelto: z.number().int().nullable(),
    /** A sale on credit: the customer whose account it goes to (la libreta). */
    cliente: z.string().nullable(),
    /** A sale made offline: the provisional reference its first receipt carried (issue #22). */
    referencia_local: z.string().nullable(),
    /**
     * The sale's electronic boleta when the shop issues them (issue #23): its folio and timbre once the
     * provider gave them, «Boleta en proceso» until then. null: the shop does not issue boletas.
     */
    boleta_electronica: boletaElectronicaSchema.nullable(),
    /**
     * The sale's boleta was issued by the local stand-in (`boleta_electronica.de_prueba`): the paper
     * prints LEYENDA_DOCUMENTO_PRUEBA across it. false when there is no electronic boleta.
     */
    de_prueba: z.boolean(),
    /** null once the sale has a boleta with its folio: the paper is then the boleta itself. */
    leyenda: z.literal(LEYENDA_COMPROBANTE).nullable(),
  })
  .meta({ id: 'Boleta' });
export type Boleta = z.infer<typeof boletaSchema>;

/** Neto and IVA of a total that includes IVA. */
export function desgloseIva(total: number) {
  const neto = Math.round(total / (1 + TASA_IVA));
  return { neto, iva: total - neto };
}
