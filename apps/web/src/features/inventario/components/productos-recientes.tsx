import { PAGE_SIZE_PRODUCTOS_RECIENTES } from '@minimarket/contracts/comunes';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { mensajeDeError } from '../../../lib/api-client';
import { formatPrecio } from '../../../lib/granel';
import { formatFechaHora } from '../../../utils/format';
import { productosQueryOptions } from '../../productos';

export function ProductosRecientes({ idMinimarket }: { idMinimarket: number }) {
  const { data, isPending, isError, error } = useQuery(
    productosQueryOptions({ idMinimarket, pagina: 1, tamano: PAGE_SIZE_PRODUCTOS_RECIENTES, orden: 'recientes' }),
  );
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <History className="size-5 text-marca-700" aria-hidden="true" /> Últimos productos agregados
      </h2>
      {isPending ? (
        <Loading />
      ) : isError ? (
        <p className="py-4 text-sm text-red-700">{mensajeDeError(error, 'No se pudieron cargar los productos recientes.')}</p>
      ) : data.items.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">No hay productos recientes.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" aria-label="Últimos productos agregados">
          {data.items.map((p) => (
            <li key={p.id_producto} className="flex items-start justify-between gap-3 py-2.5">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{p.nombre_producto}</p>
                <p className="text-xs text-slate-600">
                  {p.categoria} · <span className="font-mono">{p.codigo_barra ?? `PLU ${p.codigo_plu ?? '—'}`}</span> ·{' '}
                  {formatFechaHora(p.fecha_creacion)}
                </p>
              </div>
              <p className="font-semibold whitespace-nowrap">{formatPrecio(p.precio_venta_actual, p.unidad)}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
