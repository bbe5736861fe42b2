// The printed receipt's totals block, in the order a Chilean receipt reads (the paper's own rules,
// shared with the customer's statement, are lib/papel.ts).
import { type BoletaElectronica, LEYENDA_DOCUMENTO_PRUEBA } from '@minimarket/contracts/boletas';
import type { Boleta } from '@minimarket/contracts/caja';
import { formatRut, normalizeRut } from '@minimarket/contracts/rut';
import { efectivoAPagar, redondeoDePagos } from '@minimarket/contracts/ventas';
import { formatClp } from '../../../utils/format';
import { ETIQUETA_REDONDEO, formatRedondeo } from '../../../utils/redondeo';

export interface FilaTotales {
  etiqueta: string;
  valor: string;
  destacada?: boolean;
}

/** The row under the lines when the sale carries a discount: why (one reason for the sale). */
export const ETIQUETA_MOTIVO_DESCUENTO = 'Motivo del descuento';

/**
 * How it was paid (a split payment: every part with its amount), the customer of a fiado part and,
 * with cash, the cash rounding (Ley 20.956: «Redondeo (Ley 20.956)» and what the cash part was paid
 * with, when the rounding moved it), what was handed over and the change: the receipt's rows after the
 * total, also on the provisional receipt of a sale still in the outbox (its rounding is worked out
 * from its parts with the server's own rule).
 */
export function filasPago(b: Pick<Boleta, 'pagos' | 'monto_recibido' | 'vuelto' | 'cliente'> & { redondeo?: number }): FilaTotales[] {
  const filas: FilaTotales[] = [];
  if (b.pagos.length > 1) {
    filas.push({ etiqueta: 'Pago', valor: 'Dividido' });
    for (const p of b.pagos) filas.push({ etiqueta: `· ${p.metodo_pago}`, valor: formatClp(p.monto) });
  } else if (b.pagos[0]) filas.push({ etiqueta: 'Pago', valor: b.pagos[0].metodo_pago });
  if (b.cliente !== null) filas.push({ etiqueta: 'Cliente', valor: b.cliente });
  const redondeo = b.redondeo ?? redondeoDePagos(b.pagos);
  if (redondeo !== 0) {
    filas.push({ etiqueta: ETIQUETA_REDONDEO, valor: formatRedondeo(redondeo) });
    filas.push({ etiqueta: 'Efectivo pagado', valor: formatClp(efectivoAPagar(b.pagos)) });
  }
  if (b.monto_recibido !== null) filas.push({ etiqueta: 'Recibido', valor: formatClp(b.monto_recibido) });
  if (b.vuelto !== null) filas.push({ etiqueta: 'Vuelto', valor: formatClp(b.vuelto) });
  return filas;
}

/** Neto, IVA, the exempt amount (a boleta with exempt lines), total, then how it was paid (filasPago). */
export function filasTotales(
  b: Pick<Boleta, 'neto' | 'iva' | 'total' | 'pagos' | 'monto_recibido' | 'vuelto' | 'cliente'> & { exento?: number; redondeo?: number },
): FilaTotales[] {
  // An exempt boleta (41) has nothing taxed: SII's format has no neto nor IVA on it, so neither row.
  const soloExento = Boolean(b.exento) && b.neto === 0 && b.iva === 0;
  return [
    ...(soloExento
      ? []
      : [
          { etiqueta: 'Neto', valor: formatClp(b.neto) },
          { etiqueta: 'IVA 19%', valor: formatClp(b.iva) },
        ]),
    ...(b.exento ? [{ etiqueta: 'Exento', valor: formatClp(b.exento) }] : []),
    { etiqueta: 'TOTAL', valor: formatClp(b.total), destacada: true },
    ...filasPago(b),
  ];
}

/** An electronic boleta that already has its folio: the paper is the boleta itself. */
export type BoletaEmitida = BoletaElectronica & { folio: number };

/** The sale's boleta once it has a folio; null while it has none (or the shop issues none). */
export function boletaEmitida(b: Pick<Boleta, 'boleta_electronica'>): BoletaEmitida | null {
  const e = b.boleta_electronica;
  return e !== null && e.folio !== null ? { ...e, folio: e.folio } : null;
}

/** The shop issues boletas and this sale's has no folio yet: the receipt says «Boleta en proceso». */
export function boletaEnProceso(b: Pick<Boleta, 'boleta_electronica'>): boolean {
  return b.boleta_electronica !== null && b.boleta_electronica.folio === null;
}

/** What SII's box calls each document the shop issues. */
const TITULO_DTE: Record<number, string> = {
  39: 'BOLETA ELECTRÓNICA',
  41: 'BOLETA EXENTA ELECTRÓNICA',
  61: 'NOTA DE CRÉDITO ELECTRÓNICA',
};

/**
 * A document's title, «BOLETA ELECTRÓNICA N° 1234», «NOTA DE CRÉDITO ELECTRÓNICA N° 88», in its two
 * parts (the paper keeps the number on one line when 58 mm wraps the title). 41 is the exempt boleta
 * (every line exempt), 61 the nota de crédito, anything else a 39. Without a folio yet: «(en proceso)».
 */
export function encabezadoDte(tipo: number, folio: number | null): { documento: string; numero: string } {
  return { documento: TITULO_DTE[tipo] ?? TITULO_DTE[39]!, numero: folio === null ? '(en proceso)' : `N° ${folio}` };
}

/** '76123456-0' → '76.123.456-0'; anything the server sent that is no valid RUT, as it came. */
export function rutLegible(rut: string): string {
  const normal = normalizeRut(rut);
  return normal === null ? rut : formatRut(normal);
}

/**
 * The amounts the receipt prints: a boleta's own (neto and IVA of the taxed lines, the exempt part
 * apart, as SII rounds them) once it has a folio, else the sale's.
 */
export function montosDelRecibo(b: Pick<Boleta, 'neto' | 'iva' | 'total' | 'boleta_electronica'>) {
  const e = boletaEmitida(b);
  return e ? { neto: e.neto, iva: e.iva, exento: e.exento, total: e.total } : { neto: b.neto, iva: b.iva, exento: 0, total: b.total };
}

/**
 * What the receipt prints across a boleta the local stand-in issued (its folio and timbre look real
 * and are not SII's); null for any other sale. The server decides (`de_prueba`), the paper says it.
 */
export function leyendaDePrueba(b: Pick<Boleta, 'de_prueba'>): string | null {
  return b.de_prueba ? LEYENDA_DOCUMENTO_PRUEBA : null;
}

/** How often the receipt is read again while its boleta waits for a folio (and its timbre). */
export const REFRESCO_BOLETA_MS = 3_000;

/**
 * Whether the receipt page asks the server again, and how soon: while the sale's boleta has no
 * folio or no timbre yet, so both appear by themselves. A rejected one waits for someone to retry it
 * (POS → BOLETAS): no point asking every few seconds then; nor when the shop issues no boletas.
 */
export function refrescoComprobante(b: Pick<Boleta, 'boleta_electronica'> | undefined): number | false {
  const e = b?.boleta_electronica;
  if (!e || e.estado === 'rechazado') return false;
  return e.folio === null || e.ted === null ? REFRESCO_BOLETA_MS : false;
}
