// The pieces a sale is shown with in Transacciones, as a table row on a laptop and as a card on a
// phone: its state and alerts, when and where it was made (and when it reached the server), who sold
// it, its lines (with the catalogue's price beside the price charged), what happened after, and its actions.
import { ESTADO_VENTA_COMPLETADA } from '@minimarket/contracts/comunes';
import { ALERTAS_VENTA, ESTADO_VENTA_ANULADA, referenciaVenta, type Venta } from '@minimarket/contracts/ventas';
import { useQuery } from '@tanstack/react-query';
import { CloudOff, FileMinus, Printer, TriangleAlert, Undo2, XCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { notasCreditoDeVentaQueryOptions } from '../../../lib/boletas';
import { formatCantidadBreve, formatPrecio } from '../../../lib/granel';
import { formatClp, formatFechaHora } from '../../../utils/format';
import { quedaPorDevolver } from '../utils/devolucion';
import { puedeTenerNotas, rutaNotaCredito } from '../../boletas';

export const esAnulada = (v: Venta) => v.estado_venta === ESTADO_VENTA_ANULADA;

/** Transacciones' list of sales, as a table (tabla-ventas.tsx) or as cards (ventas-en-tarjetas.tsx). */
export interface ListaVentasProps {
  ventas: readonly Venta[];
  /** The sales whose detail is open. */
  abiertas: Set<number>;
  onAlternar: (id: number) => void;
  onAnular: (venta: Venta) => void;
  onDevolver: (venta: Venta) => void;
}

/** The sale's state: red when voided, a note when part of it came back, and an offline sale's alerts. */
export function EstadoVenta({ venta }: { venta: Venta }) {
  const devuelta = (venta.devoluciones ?? []).length > 0;
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge color={venta.estado_venta === ESTADO_VENTA_COMPLETADA ? 'verde' : 'rojo'}>{venta.estado_venta}</Badge>
      {devuelta && !esAnulada(venta) && <Badge color="amarillo">Con devolución</Badge>}
    </span>
  );
}

/**
 * What an offline sale did that the counter would not have let through (docs/offline.md «El rastro»):
 * a warning badge each, with the contract's words. The sale counts all the same.
 */
export function AlertasVenta({ venta }: { venta: Venta }) {
  if (venta.alertas.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={`Alertas de la venta ${referenciaVenta(venta)}`} data-testid="alertas-venta">
      {venta.alertas.map((a) => (
        <li
          key={a}
          // A badge that wraps: these are sentences, and the table's column must not grow past the screen.
          className="inline-flex items-start gap-1 rounded-lg bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-600/20 ring-inset"
        >
          <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {ALERTAS_VENTA[a]}
        </li>
      ))}
    </ul>
  );
}

/** When the sale was made; an offline one says so and when it reached the server. */
export function FechaVenta({ venta }: { venta: Venta }) {
  return (
    <span className="inline-flex flex-col gap-0.5">
      <span className="whitespace-nowrap">{formatFechaHora(venta.fecha_venta)}</span>
      {venta.origen === 'offline' && (
        <>
          <Badge color="amarillo" className="w-fit">
            <CloudOff className="size-3.5" aria-hidden="true" /> Sin conexión
          </Badge>
          <span className="text-xs whitespace-nowrap text-slate-600" data-testid="recibida-en">
            Recibida {formatFechaHora(venta.recibida_en)}
          </span>
        </>
      )}
      {venta.origen === 'archivo' && (
        <Badge color="gris" className="w-fit">
          Archivo
        </Badge>
      )}
    </span>
  );
}

/** Who sold it: the person at the till (none for a sale loaded from a file). */
export function VendedorVenta({ venta }: { venta: Venta }) {
  return <span data-testid="vendedor">{venta.nombre_vendedor ?? '—'}</span>;
}

/** What happened to the sale after it was made: its void, its returns (oldest first). */
export function HistoriaVenta({ venta }: { venta: Venta }) {
  const devoluciones = venta.devoluciones ?? [];
  return (
    <>
      {venta.anulada_en && (
        <p className="mt-2 text-sm font-medium text-red-800">
          Anulada el {formatFechaHora(venta.anulada_en)}
          {venta.motivo_anulacion ? `. Motivo: ${venta.motivo_anulacion}` : ''}
        </p>
      )}
      {devoluciones.length > 0 && (
        <div className="mt-3">
          <h4 className="text-xs font-semibold text-slate-600 uppercase">Devoluciones</h4>
          <ul className="mt-1 space-y-1 text-sm" aria-label={`Devoluciones de la venta ${referenciaVenta(venta)}`}>
            {devoluciones.map((d) => (
              <li key={d.id_devolucion} className="rounded-md border border-amber-200 bg-amber-50 px-2 py-1.5">
                <span className="font-medium">{formatFechaHora(d.fecha)}</span> ·{' '}
                {d.detalles.map((x) => `${formatCantidadBreve(x.num_unidades, x.unidad)} × ${x.nombre_producto}`).join(', ')} ·{' '}
                <span className="font-medium whitespace-nowrap">{formatClp(d.total)}</span>
                <span className="block text-xs text-slate-700">Motivo: {d.motivo}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/**
 * «Imprimir nota de crédito» for each nota de crédito of a voided or returned sale with an electronic
 * boleta (issue 32: the receipt's button printed the voided boleta). Asked for only when the sale may
 * have one; the question changes with the sale, so a void or a return just made is listed.
 */
function NotasCreditoVenta({ venta }: { venta: Venta }) {
  const posible = puedeTenerNotas(venta);
  const version = `${venta.estado_venta}-${(venta.devoluciones ?? []).length}`;
  const { data: notas } = useQuery({ ...notasCreditoDeVentaQueryOptions(venta.id_minimarket, venta.id_venta, version), enabled: posible });
  if (!posible || !notas) return null;
  return notas.map((n) => (
    <Link
      key={n.id_documento}
      to={rutaNotaCredito(n)}
      state={{ desde: '/pos/transacciones' }}
      className={buttonClasses('contorno', 'sm')}
      data-testid={`nota-credito-${n.id_documento}`}
    >
      <FileMinus className="size-4" aria-hidden="true" /> Imprimir nota de crédito
      <span className="font-normal">{n.folio === null ? ' (en proceso)' : ` N° ${n.folio}`}</span>
    </Link>
  ));
}

/**
 * Imprimir, the notas de crédito, Devolver and Anular. A cashier sees them too: the server asks for
 * the owner's PIN, and the dialogs ask for it (components/shop/autorizacion-dueno.tsx).
 */
export function AccionesVenta({ venta, onAnular, onDevolver }: { venta: Venta; onAnular: () => void; onDevolver: () => void }) {
  const anulada = esAnulada(venta);
  return (
    <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label={`Acciones de la venta ${referenciaVenta(venta)}`}>
      <Link to={`/pos/comprobante/${venta.id_venta}`} state={{ desde: '/pos/transacciones' }} className={buttonClasses('contorno', 'sm')}>
        <Printer className="size-4" aria-hidden="true" /> Imprimir comprobante
      </Link>
      <NotasCreditoVenta venta={venta} />
      {!anulada && quedaPorDevolver(venta) && (
        <Button variante="contorno" tamano="sm" onClick={onDevolver}>
          <Undo2 className="size-4" aria-hidden="true" /> Devolver productos
        </Button>
      )}
      {!anulada && (
        <Button variante="peligro" tamano="sm" onClick={onAnular}>
          <XCircle className="size-4" aria-hidden="true" /> Anular venta
        </Button>
      )}
    </div>
  );
}

/**
 * The sale's lines; a line charged at another price than the catalogue's (an offline sale) shows both, a
 * line with a discount shows it under its subtotal, a loose sale says so (issue 32), and the sale's
 * reason for its discounts goes under the lines.
 */
export function DetalleVenta({ venta }: { venta: Venta }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <table className="w-full text-sm">
        <caption className="sr-only">Detalle de la venta {referenciaVenta(venta)}</caption>
        <thead>
          <tr className="text-left text-xs text-slate-600 uppercase">
            <th scope="col" className="py-1 pr-2 font-semibold">
              Producto
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-semibold">
              Cantidad
            </th>
            <th scope="col" className="hidden py-1 pr-2 text-right font-semibold sm:table-cell">
              Precio unitario
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Subtotal
            </th>
          </tr>
        </thead>
        <tbody>
          {venta.detalles.map((d) => (
            <tr key={d.id_detalle_venta} className="border-t border-slate-200">
              <td className="py-1.5 pr-2">
                {d.nombre_producto}
                {d.id_producto === null && <span className="ml-1 text-xs text-slate-600">(venta libre)</span>}
                {/* On a phone the price column is gone: a line charged off the catalogue says both prices here. */}
                {d.precio_catalogo !== null && d.precio_catalogo !== undefined && (
                  <span className="block text-xs text-amber-800 sm:hidden">
                    Cobrado {formatPrecio(d.precio_unitario, d.unidad)} · catálogo {formatPrecio(d.precio_catalogo, d.unidad)}
                  </span>
                )}
              </td>
              <td className="py-1.5 pr-2 text-right whitespace-nowrap">{formatCantidadBreve(d.num_unidades, d.unidad)}</td>
              <td className="hidden py-1.5 pr-2 text-right sm:table-cell">
                <span className="whitespace-nowrap">{formatPrecio(d.precio_unitario, d.unidad)}</span>
                {d.precio_catalogo !== null && d.precio_catalogo !== undefined && (
                  <span className="block text-xs whitespace-nowrap text-amber-800" data-testid="precio-catalogo">
                    Catálogo: {formatPrecio(d.precio_catalogo, d.unidad)}
                  </span>
                )}
              </td>
              <td className="py-1.5 text-right font-medium">
                {formatClp(d.subtotal)}
                {d.descuento > 0 && (
                  <span className="block text-xs font-normal whitespace-nowrap text-green-800" data-testid="descuento-detalle">
                    Desc. {formatClp(-d.descuento)}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {venta.motivo_descuento && <p className="mt-2 text-xs text-slate-700">Motivo del descuento: {venta.motivo_descuento}</p>}
    </div>
  );
}
