// The rules of POS → BOLETAS as pure functions: what each document's row says, the colour of its
// state, and the counts in the order a document lives them.
import { type Documento, LEYENDA_DOCUMENTO_PRUEBA } from '@minimarket/contracts/boletas';
import { ESTADOS_DTE, ETIQUETA_ESTADO_DTE, NOMBRE_TIPO_DTE, type EstadoDte } from '@minimarket/contracts/dte';
import type { ColorBadge } from '../../../components/ui/badge';

export const COLOR_ESTADO_DOCUMENTO: Record<EstadoDte, ColorBadge> = {
  pendiente: 'amarillo',
  en_proceso: 'azul',
  aceptado: 'verde',
  reparos: 'morado',
  rechazado: 'rojo',
};

/** 39 → 'Boleta electrónica'; a type the contract does not name yet, by its SII number. */
export function nombreTipoDte(tipo: number): string {
  return (NOMBRE_TIPO_DTE as Record<number, string | undefined>)[tipo] ?? `Documento tipo ${tipo}`;
}

/** The row's title: its type and folio, or that it has none yet. A nota de crédito says which boleta it corrects. */
export function tituloDocumento(d: Pick<Documento, 'tipo' | 'folio' | 'referencia_folio'>): string {
  const folio = d.folio === null ? 'sin folio aún' : `N° ${d.folio}`;
  return `${nombreTipoDte(d.tipo)} ${folio}${d.referencia_folio !== null ? ` (corrige la N° ${d.referencia_folio})` : ''}`;
}

/** Every state with its count (0 when the shop has none), in the order a document goes through them. */
export function conteosPorEstado(
  porEstado: Partial<Record<EstadoDte, number>> | undefined,
): Array<{ estado: EstadoDte; nombre: string; cantidad: number }> {
  return ESTADOS_DTE.map((estado) => ({ estado, nombre: ETIQUETA_ESTADO_DTE[estado], cantidad: porEstado?.[estado] ?? 0 }));
}

/** The badge of a document the local stand-in issued, and what it says in full (its title, its label). */
export const INSIGNIA_PRUEBA = { texto: 'De prueba', detalle: LEYENDA_DOCUMENTO_PRUEBA } as const;

/** Whether the page shows any document the stand-in issued: then the screen says, once, what that means. */
export const hayDocumentosDePrueba = (documentos: readonly Pick<Documento, 'de_prueba'>[] | undefined) =>
  documentos?.some((d) => d.de_prueba) ?? false;

/** Only a rejected document goes back to the outbox by hand; the others the worker moves by itself. */
export const sePuedeReintentar = (d: Pick<Documento, 'estado'>) => d.estado === 'rechazado';
