// A row of the outbox as the provider's document (issue 23): the lines and amounts fixed when the
// sale, void or return was written, the issuer's data as configured now, and for a nota de crédito
// the boleta it corrects. Pure: the worker reads the rows, this shapes them.
import type { DocumentoDte, EmisorDte, LineaDte } from '../dte/proveedor.js';
import { diaLocal } from '../../lib/tiempo.js';

export interface FilaDocumento {
  tipo: number;
  id_devolucion: number | null;
  lineas: unknown;
  creado_en: Date;
}

export interface Referencia {
  tipo: number;
  folio: number;
  creado_en: Date;
  /** What the boleta charged (its MntTotal). */
  total: number;
}

/** SII's reference codes (DTE_v10.xsd, Referencia/CodRef): 1 annuls the referenced document, 3 corrects its amounts. */
const ANULA = 1;
const CORRIGE_MONTOS = 3;

/**
 * Why a nota de crédito corrects its boleta, SII's CodRef and RazonRef: a void with nothing credited
 * before annuls it (1); a void after returns credits only what was left (3, it corrects the amounts,
 * like a return). The document sent to the provider and the printed nota say the same.
 */
export function motivoNotaCredito(
  nota: { id_devolucion: number | null; total: number },
  totalBoleta: number,
): { codigo: 1 | 3; razon: string } {
  const anulacion = nota.id_devolucion === null;
  const anula = anulacion && nota.total === totalBoleta;
  return {
    codigo: anula ? ANULA : CORRIGE_MONTOS,
    razon: anula
      ? 'Anula la boleta (venta anulada)'
      : anulacion
        ? 'Venta anulada: acredita lo que quedaba tras las devoluciones'
        : 'Devolución de productos',
  };
}

export function documentoParaProveedor(fila: FilaDocumento, emisor: EmisorDte, referencia: Referencia | null): DocumentoDte {
  const lineas = (fila.lineas as Array<LineaDte & { id_producto?: number }>).map(
    ({ nombre, cantidad, unidad, precio_unitario, monto, exento }) => ({ nombre, cantidad, unidad, precio_unitario, monto, exento }),
  );
  const documento: DocumentoDte = {
    tipo: fila.tipo as DocumentoDte['tipo'],
    // The date it was requested, in Chile: a sale's, or its void's or return's.
    fecha: diaLocal(fila.creado_en),
    emisor,
    lineas,
  };
  if (fila.tipo === 61 && referencia) {
    // A void credits what the boleta charged less what returns already credited
    // (encolar_nota_credito.sql): motivoNotaCredito says whether that annuls the boleta.
    const acredita = lineas.reduce((s, l) => s + l.monto, 0);
    documento.referencia = {
      tipo: referencia.tipo as 39 | 41,
      folio: referencia.folio,
      fecha: diaLocal(referencia.creado_en),
      ...motivoNotaCredito({ id_devolucion: fila.id_devolucion, total: acredita }, referencia.total),
    };
  }
  return documento;
}
