// The electronic boleta (issue 23, docs/boleta.md): the document types we issue, their amounts as
// SII rounds them, their states and the words the owner reads when the provider fails. Zod-free and
// integer-only, like granel.ts: the API's outbox, the receipt and the documents screen share it.
import { dividirRedondeando } from './costo-promedio.js';

/** The SII document types a shop issues: boleta (39), boleta exenta (41), nota de crédito (61). */
export const TIPOS_DTE = [39, 41, 61] as const;
export type TipoDte = (typeof TIPOS_DTE)[number];

/** What the receipt and the screens call each type (SII prints the type in words). */
export const NOMBRE_TIPO_DTE: Record<TipoDte, string> = {
  39: 'Boleta electrónica',
  41: 'Boleta exenta electrónica',
  61: 'Nota de crédito electrónica',
};

/**
 * Where a document is: 'pendiente' (in our outbox, not yet accepted by the provider), 'en_proceso'
 * (the provider holds it, with its folio, and SII has not answered), then one of the three final
 * states SII gives: 'aceptado', 'reparos' (accepted with repairs) or 'rechazado'.
 */
export const ESTADOS_DTE = ['pendiente', 'en_proceso', 'aceptado', 'reparos', 'rechazado'] as const;
export type EstadoDte = (typeof ESTADOS_DTE)[number];

export const ETIQUETA_ESTADO_DTE: Record<EstadoDte, string> = {
  pendiente: 'Pendiente',
  en_proceso: 'En proceso',
  aceptado: 'Aceptado',
  reparos: 'Aceptado con reparos',
  rechazado: 'Rechazado',
};

/** The states after which nobody polls the provider again. */
export const esEstadoDteFinal = (estado: EstadoDte) => estado === 'aceptado' || estado === 'reparos' || estado === 'rechazado';

/** IVA in Chile, as a whole percentage: the only rate in a boleta. */
export const TASA_IVA_PORCENTAJE = 19;

/** A document line as the amounts see it: its gross amount (IVA included) in pesos, and whether it is exempt. */
export interface LineaMonto {
  monto: number;
  exento: boolean;
}

/** The totals of a boleta or a nota de crédito, in whole pesos: MntNeto, IVA, MntExe, MntTotal. */
export interface MontosDte {
  neto: number;
  iva: number;
  exento: number;
  total: number;
}

/**
 * The totals as SII's «Formato Boletas Electrónicas» computes them from gross lines (no
 * IndMntNeto): MntExe is the sum of the exempt lines; the other lines add up to T, the affected
 * gross total; MntNeto = T / (1 + 19 %) to the nearest peso, half a peso going up (done in
 * integers: T × 100 / 119, never a float); IVA = T − MntNeto, so MntNeto + IVA + MntExe is exactly
 * what the customer paid. Every amount is a whole number ≥ 0; T × 100 stays far below 2^53 for any
 * sale we can store (docs/boleta.md, «Montos»).
 */
export function montosDte(lineas: readonly LineaMonto[]): MontosDte {
  let afecto = 0;
  let exento = 0;
  for (const { monto, exento: esExento } of lineas) {
    if (!Number.isSafeInteger(monto) || monto < 0) throw new RangeError(`Monto de línea no válido: ${monto}`);
    if (esExento) exento += monto;
    else afecto += monto;
  }
  const neto = dividirRedondeando(afecto * 100, 100 + TASA_IVA_PORCENTAJE);
  return { neto, iva: afecto - neto, exento, total: afecto + exento };
}

/** The boleta a sale needs: 41 when every line is exempt, else 39 (which carries exempt lines apart, in MntExe). */
export const tipoBoleta = (lineas: readonly LineaMonto[]): 39 | 41 => (lineas.length > 0 && lineas.every((l) => l.exento) ? 41 : 39);

// What the owner reads when the provider fails. The API's provider layer throws these, the outbox
// stores them, the documents screen shows them. They never carry a credential.
export const MENSAJE_DTE_TEMPORAL = 'El proveedor de boletas no responde en este momento. Se reintentará solo.';
export const MENSAJE_DTE_TIEMPO_AGOTADO = 'El proveedor de boletas tardó demasiado en responder. Se reintentará solo.';
export const MENSAJE_DTE_LIMITE =
  'El proveedor de boletas pidió esperar: se enviaron demasiadas solicitudes seguidas. Se reintentará en unos segundos.';
export const MENSAJE_DTE_CREDENCIALES =
  'El proveedor de boletas no aceptó la clave de API. Revisa la clave en la configuración de la boleta electrónica.';
export const MENSAJE_DTE_RESPUESTA_INVALIDA = 'El proveedor de boletas respondió algo que no se pudo leer. Se reintentará solo.';
export const MENSAJE_DTE_CONFLICTO_IDEMPOTENCIA =
  'El proveedor ya recibió otro documento con la misma clave de envío; este no se emitió. Avisa a soporte.';

/** A rejection, with the provider's reason (already in Spanish, translated or quoted). */
export const mensajeDteRechazado = (motivo: string) => `El proveedor de boletas rechazó el documento: ${motivo}`;
