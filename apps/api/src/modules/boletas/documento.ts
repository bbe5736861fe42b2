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
    // (encolar_nota_credito.sql). With nothing credited before it annuls the boleta (CodRef 1); after
    // returns it credits only what was left: that corrects the boleta's amounts (CodRef 3), like a return.
    const anulacion = fila.id_devolucion === null;
    const acredita = lineas.reduce((s, l) => s + l.monto, 0);
    const anula = anulacion && acredita === referencia.total;
    documento.referencia = {
      tipo: referencia.tipo as 39 | 41,
      folio: referencia.folio,
      fecha: diaLocal(referencia.creado_en),
      codigo: anula ? ANULA : CORRIGE_MONTOS,
      razon: anula
        ? 'Anula la boleta (venta anulada)'
        : anulacion
          ? 'Venta anulada: acredita lo que quedaba tras las devoluciones'
          : 'Devolución de productos',
    };
  }
  return documento;
}
