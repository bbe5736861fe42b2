import { useParams } from 'react-router-dom';
import { PaginaNoEncontrada } from '../error-page';
import { ComprobantePage } from '../../features/pos/components/comprobante/comprobante-page';

/** /pos/comprobante/:id — the printable receipt, with no app chrome around it. */
export function ComprobanteRoute() {
  const { id } = useParams();
  const idVenta = Number(id);
  if (!Number.isInteger(idVenta) || idVenta <= 0) return <PaginaNoEncontrada />;
  return <ComprobantePage key={idVenta} idVenta={idVenta} />;
}
