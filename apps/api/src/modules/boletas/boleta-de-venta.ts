// What a sale's receipt shows of its electronic boleta (GET /api/ventas/{id}/boleta; issue 23):
// the document the outbox holds for it and the shop's issuer data. null: the sale has no boleta
// (the shop does not issue them, or did not when it was sold).
import type { BoletaElectronica } from '@minimarket/contracts/boletas';
import { type EstadoDte } from '@minimarket/contracts/dte';
import { formatRut } from '@minimarket/contracts/rut';
import type { Tx } from '../../db/client.js';
import { boletaDeVenta } from '../../data/documento-dte.js';
import type { DocumentoDte, EmisorDte } from '../../generated/prisma/client.js';

export async function boletaElectronicaDeVenta(tx: Tx, idMinimarket: number, idVenta: number): Promise<BoletaElectronica | null> {
  const documento = await boletaDeVenta(tx, idMinimarket, idVenta);
  const emisor = documento?.minimarket.emisor_dte;
  if (!documento || !emisor) return null;
  return documentoElectronico(documento, emisor);
}

/**
 * What every printed electronic document shows of itself (the sale's boleta, a nota de crédito): the
 * outbox row's type, state, folio, timbre and amounts, and the shop's issuer as configured.
 */
export function documentoElectronico(
  documento: Pick<DocumentoDte, 'tipo' | 'estado' | 'folio' | 'ted' | 'neto' | 'iva' | 'exento' | 'total' | 'de_prueba'>,
  emisor: Pick<EmisorDte, 'rut' | 'razon_social' | 'giro' | 'direccion' | 'comuna' | 'resolucion_numero' | 'resolucion_anio'>,
): BoletaElectronica {
  return {
    tipo: documento.tipo,
    estado: documento.estado as EstadoDte,
    folio: documento.folio,
    ted: documento.ted,
    emisor: {
      rut: formatRut(emisor.rut),
      razon_social: emisor.razon_social,
      giro: emisor.giro,
      direccion: emisor.direccion,
      comuna: emisor.comuna,
    },
    resolucion: { numero: emisor.resolucion_numero, anio: emisor.resolucion_anio },
    neto: documento.neto,
    iva: documento.iva,
    exento: documento.exento,
    total: documento.total,
    de_prueba: documento.de_prueba,
  };
}
