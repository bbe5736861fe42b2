import { useParams } from 'react-router-dom';
import { PaginaNoEncontrada } from '../error-page';
import { EstadoCuentaTermico } from '../../features/clientes/components/estado-cuenta-termico';
import { ComprobantePage } from '../../features/pos/components/comprobante/comprobante-page';
import { ComprobantePendientePage } from '../../features/pos/components/comprobante/comprobante-pendiente';

/** A provisional reference of a sale made on this device ('CK7Q2-0042'; 'C12-0042' from the first version). */
const REFERENCIA_LOCAL = /^C[A-Z0-9]{1,4}-\d{4,}$/;

/** /pos/comprobante/:id — the printable receipt, with no app chrome around it. */
export function ComprobanteRoute() {
  const { id } = useParams();
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
