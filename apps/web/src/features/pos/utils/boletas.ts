// The rules of POS → BOLETAS as pure functions: what each document's row says, the colour of its
// state, and the counts in the order a document lives them.
import {
  ESTADOS_DOCUMENTO,
  NOMBRE_ESTADO_DOCUMENTO,
  NOMBRE_TIPO_DTE,
  type Documento,
  type EstadoDocumento,
} from '@minimarket/contracts/boletas';
import type { ColorBadge } from '../../../components/ui/badge';

export const COLOR_ESTADO_DOCUMENTO: Record<EstadoDocumento, ColorBadge> = {
  pendiente: 'amarillo',
  en_proceso: 'azul',
  aceptado: 'verde',
  reparos: 'morado',
  rechazado: 'rojo',
};

/** 39 → 'Boleta electrónica'; a type the contract does not name yet, by its SII number. */
export function nombreTipoDte(tipo: number): string {
  return NOMBRE_TIPO_DTE[tipo] ?? `Documento tipo ${tipo}`;
}

/** The row's title: its type and folio, or that it has none yet. A nota de crédito says which boleta it corrects. */
export function tituloDocumento(d: Pick<Documento, 'tipo' | 'folio' | 'referencia_folio'>): string {
  const folio = d.folio === null ? 'sin folio aún' : `N° ${d.folio}`;
  return `${nombreTipoDte(d.tipo)} ${folio}${d.referencia_folio !== null ? ` (corrige la N° ${d.referencia_folio})` : ''}`;
}

/** Every state with its count (0 when the shop has none), in the order a document goes through them. */
export function conteosPorEstado(
  porEstado: Partial<Record<EstadoDocumento, number>> | undefined,
): Array<{ estado: EstadoDocumento; nombre: string; cantidad: number }> {
  return ESTADOS_DOCUMENTO.map((estado) => ({ estado, nombre: NOMBRE_ESTADO_DOCUMENTO[estado], cantidad: porEstado?.[estado] ?? 0 }));
}

/** Only a rejected document goes back to the outbox by hand; the others the worker moves by itself. */
export const sePuedeReintentar = (d: Pick<Documento, 'estado'>) => d.estado === 'rechazado';
