import { useParams, useSearchParams } from 'react-router-dom';
import { PaginaNoEncontrada } from '../error-page';
import { Loading } from '../../components/ui/loading';
import { useCurrentShop } from '../../lib/current-shop';
import { EstadoCuentaTermico } from '../../features/clientes/components/estado-cuenta-termico';
import { ComprobantePage } from '../../features/ventas/components/comprobante/comprobante-page';
import { ComprobantePendientePage } from '../../features/ventas/components/comprobante/comprobante-pendiente';
import { NotaCreditoPage } from '../../features/ventas/components/comprobante/nota-credito-page';

/** A provisional reference of a sale made on this device ('CK7Q2-0042'; 'C12-0042' from the first version). */
const REFERENCIA_LOCAL = /^C[A-Z0-9]{1,4}-\d{4,}$/;

/**
 * A nota de crédito's paper (issue 32): 'nota-credito-55'. Under the receipt's own route rather than a
 * route of its own, which the router (loaded with the login page) would carry for everyone.
 */
const NOTA_CREDITO = /^nota-credito-(\d+)$/;

/** /pos/comprobante/:id — the printable receipt (or a nota de crédito's), with no app chrome around it. */
export function ComprobanteRoute() {
  const { id } = useParams();
  const nota = id ? NOTA_CREDITO.exec(id) : null;
  if (nota) return <NotaCreditoRoute idDocumento={Number(nota[1])} />;
  if (id && REFERENCIA_LOCAL.test(id)) return <ComprobantePendientePage key={id} referencia={id} />;
  const idVenta = Number(id);
  if (!Number.isInteger(idVenta) || idVenta <= 0) return <PaginaNoEncontrada />;
  return <ComprobantePage key={idVenta} idVenta={idVenta} />;
}

/** /pos/clientes/:id/imprimir — a customer's statement on the thermal roll, with no app chrome around it. */
export function EstadoCuentaTermicoRoute() {
  const idCliente = Number(useParams().id);
  if (!Number.isInteger(idCliente) || idCliente <= 0) return <PaginaNoEncontrada />;
  return <EstadoCuentaTermico key={idCliente} idCliente={idCliente} />;
}

/**
 * /pos/comprobante/nota-credito-:id?tienda= — a nota de crédito printed as its own document. The shop
 * rides in the URL (the links put it there), so a reload or a bookmark prints the same; without it, the
 * shop at hand.
 */
function NotaCreditoRoute({ idDocumento }: { idDocumento: number }) {
  const tienda = useSearchParams()[0].get('tienda');
  const actual = useCurrentShop();
  const idMinimarket = tienda !== null ? Number(tienda) : actual.idMinimarket;
  if (!Number.isInteger(idDocumento) || idDocumento <= 0) return <PaginaNoEncontrada />;
  if (idMinimarket === null) return actual.cargando ? <Loading /> : <PaginaNoEncontrada />;
  if (!Number.isInteger(idMinimarket) || idMinimarket <= 0) return <PaginaNoEncontrada />;
  return <NotaCreditoPage key={`${idMinimarket}-${idDocumento}`} idMinimarket={idMinimarket} idDocumento={idDocumento} />;
}
