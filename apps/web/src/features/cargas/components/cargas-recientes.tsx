import { NOMBRE_TIPO_CARGA } from '@minimarket/contracts/uploads';
import { useQuery } from '@tanstack/react-query';
import { FileSpreadsheet } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Loading } from '../../../components/ui/loading';
import { RetryAlert } from '../../../components/ui/query-result';
import { contar, formatFechaHora } from '../../../utils/format';
import { historialCargasQueryOptions } from '../api/cargas';
import { EstadoCargaBadge } from './resultado-carga';

/** The last few uploads, for Inicio's updates: what came in, when, and how it went. */
export function CargasRecientes({ idMinimarket, cantidad = 3 }: { idMinimarket: number; cantidad?: number }) {
  const consulta = useQuery(historialCargasQueryOptions(idMinimarket));
  if (consulta.isPending) return <Loading />;
  if (consulta.isError) return <RetryAlert onReintentar={() => consulta.refetch()}>No se pudieron cargar tus últimas cargas.</RetryAlert>;
  const ultimas = consulta.data.slice(0, cantidad);
  if (ultimas.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        Todavía no has cargado archivos. Sube tus productos o tu historial de ventas en{' '}
        <Link to="/cargar/cargar-datos" className="font-medium text-marca-700 underline">
          Cargar Información
        </Link>
        .
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {ultimas.map((c) => (
        <li key={c.id_archivo} className="flex items-start gap-3 py-2.5">
          <span className="rounded-lg bg-marca-50 p-2 text-marca-700">
            <FileSpreadsheet className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900" title={c.nombre_archivo}>
              {c.nombre_archivo}
            </p>
            <p className="text-xs text-slate-600">
              {NOMBRE_TIPO_CARGA[c.tipo_archivo]} · <time dateTime={c.fecha_subida}>{formatFechaHora(c.fecha_subida)}</time>
              {c.detalle && ` · ${contar(c.detalle.total_filas, 'fila', 'filas')}`}
            </p>
          </div>
          <EstadoCargaBadge estado={c.estado_procesamiento} />
        </li>
      ))}
    </ul>
  );
}
