// A nota de crédito (61) as its paper shows it (GET /api/boletas/notas-credito, issue 32): until now its
// print button printed the voided boleta. The lines and amounts are the outbox row's, fixed when the
// void or return was written (encolar_nota_credito.sql); the issuer is the shop's as configured; the
// reason, the one sent to the provider (motivoNotaCredito).
import type { NotaCredito } from '@minimarket/contracts/boletas';
import type { UnidadVenta } from '@minimarket/contracts/granel';
import { referenciaVenta } from '@minimarket/contracts/ventas';
import type { Tx } from '../../db/client.js';
import { notasCredito } from '../../data/documento-dte.js';
import { documentoElectronico } from './boleta-de-venta.js';
import { motivoNotaCredito } from './documento.js';

interface LineaGuardada {
  nombre: string;
  cantidad: number;
  unidad: UnidadVenta;
  precio_unitario: number;
  monto: number;
  exento: boolean;
}

type Fila = Awaited<ReturnType<typeof notasCredito>>[number];

/** null when the shop has no issuer any more (its row was removed): nothing to print as a document. */
function aNota(d: Fila): NotaCredito | null {
  const emisor = d.minimarket.emisor_dte;
  const boleta = d.referencia;
  if (!emisor || !boleta) return null;
  const lineas = (d.lineas as unknown as LineaGuardada[]).map(({ nombre, cantidad, unidad, precio_unitario, monto, exento }) => ({
    nombre,
    cantidad,
    unidad,
    precio_unitario,
    monto,
    exento,
  }));
  return {
    ...documentoElectronico(d, emisor),
    id_documento: d.id_documento,
    id_minimarket: d.id_minimarket,
    id_venta: d.id_venta,
    referencia_venta: referenciaVenta({ id_venta: d.id_venta, numero_venta: d.venta.numero_venta, id_venta_csv: d.venta.id_venta_csv }),
    id_devolucion: d.id_devolucion,
    fecha: d.creado_en.toISOString(),
    razon: motivoNotaCredito({ id_devolucion: d.id_devolucion, total: d.total }, boleta.total).razon,
    referencia: { tipo: boleta.tipo, folio: boleta.folio, fecha: boleta.creado_en.toISOString() },
    nombre_tienda: d.minimarket.nombre_minimarket,
    lineas,
  };
}

/** The notas de crédito of one sale (a void's and each return's), oldest first. */
export async function notasCreditoDeVenta(tx: Tx, idMinimarket: number, idVenta: number): Promise<NotaCredito[]> {
  return (await notasCredito(tx, { id_minimarket: idMinimarket, id_venta: idVenta })).map(aNota).filter((n) => n !== null);
}

/** One nota de crédito of the shop, or null (none with that id, or it is a boleta). */
export async function notaCredito(tx: Tx, idMinimarket: number, idDocumento: number): Promise<NotaCredito | null> {
  const [fila] = await notasCredito(tx, { id_minimarket: idMinimarket, id_documento: idDocumento });
  return fila ? aNota(fila) : null;
}
