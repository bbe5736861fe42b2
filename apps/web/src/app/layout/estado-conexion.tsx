import { CloudOff, RefreshCw, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useSinConexion } from '../../lib/offline/conexion';
import { useEstadoOutbox } from '../../lib/offline/use-outbox';

const ventas = (n: number) => (n === 1 ? '1 venta' : `${n} ventas`);

/**
 * The top bar's word on the connection and the outbox: «Sin conexión · 3 ventas por enviar»,
 * then «Enviando…», then nothing. A sale the server refused for good is said until it is seen.
 */
export function EstadoConexion() {
  const sinConexion = useSinConexion();
  const { pendientes, enviando, rechazadas } = useEstadoOutbox();
  let texto: string | null = null;
  if (sinConexion) texto = pendientes > 0 ? `Sin conexión · ${ventas(pendientes)} por enviar` : 'Sin conexión';
  else if (enviando) texto = 'Enviando…';
  else if (pendientes > 0) texto = `${ventas(pendientes)} por enviar`;
  return (
    <div className="flex min-w-0 items-center gap-2">
      <span role="status" data-testid="estado-conexion" className="min-w-0">
        {texto && (
          <span
            className={`inline-flex max-w-full items-center gap-1.5 rounded-xl px-2 py-1 text-xs font-medium sm:rounded-full sm:px-2.5 sm:text-sm ${
              sinConexion ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-800'
            }`}
          >
            {sinConexion ? (
              <CloudOff className="size-4 shrink-0" aria-hidden="true" />
            ) : (
              <RefreshCw className={`size-4 shrink-0 ${enviando ? 'motion-safe:animate-spin' : ''}`} aria-hidden="true" />
            )}
            {/* Short lines on a phone rather than «Sin …»: the count of sales to send must be read. */}
            <span className="leading-tight max-sm:line-clamp-3 max-sm:text-[11px] sm:truncate">{texto}</span>
          </span>
        )}
      </span>
      {rechazadas.length > 0 && (
        <Link
          to="/pos/nueva-venta"
          className="inline-flex items-center gap-1.5 rounded-full bg-red-100 px-2.5 py-1 text-xs font-medium text-red-900 sm:text-sm"
        >
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          {rechazadas.length === 1 ? '1 venta rechazada' : `${rechazadas.length} ventas rechazadas`}
        </Link>
      )}
    </div>
  );
}
