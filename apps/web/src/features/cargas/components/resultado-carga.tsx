import type { DetalleResultado, EstadoProcesamiento } from '@minimarket/contracts/uploads';
import { AlertTriangle, CheckCircle2, Clock, XCircle } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Badge, type ColorBadge } from '../../../components/ui/badge';
import { contar, formatEntero } from '../../../utils/format';
import type { TipoCarga } from '../api/cargas';
import { MENSAJE_NO_PARSEABLE } from '../utils/resultado';

const ESTADOS: Record<EstadoProcesamiento, { color: ColorBadge; icono: typeof CheckCircle2 }> = {
  Completado: { color: 'verde', icono: CheckCircle2 },
  'Con errores': { color: 'rojo', icono: AlertTriangle },
  Error: { color: 'rojo', icono: XCircle },
  'En revisión': { color: 'amarillo', icono: Clock },
};

export function EstadoCargaBadge({ estado }: { estado: EstadoProcesamiento }) {
  const { color, icono: Icono } = ESTADOS[estado];
  return (
    <Badge color={color}>
      <Icono className="size-3.5" aria-hidden="true" />
      {estado}
    </Badge>
  );
}

/** Most rows shown at once; the rest are counted. */
const MAX_ERRORES_VISIBLES = 100;

function Cifras({ r, tipo }: { r: DetalleResultado; tipo: TipoCarga }) {
  const cifras: Array<[string, number]> =
    tipo === 'clientes'
      ? [
          ['Filas leídas', r.total_filas],
          ['Clientes cargados', r.clientes_cargados],
          ['Omitidos por duplicado', r.clientes_omitidos_por_duplicado],
          ['Errores', r.errores],
        ]
      : tipo === 'productos'
        ? [
            ['Filas leídas', r.total_filas],
            ['Productos cargados', r.productos_cargados],
            ['Productos reactivados', r.productos_reactivados],
            ['Omitidos por duplicado', r.productos_omitidos_por_duplicado],
            ['Errores', r.errores],
          ]
        : [
            ['Filas leídas', r.total_filas],
            ['Ventas procesadas', r.ventas_procesadas],
            ['Ventas omitidas por errores', r.ventas_omitidas_por_errores],
            ['Errores', r.errores],
          ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {cifras.map(([etiqueta, valor]) => (
        <div key={etiqueta} className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-600">{etiqueta}</dt>
          <dd className="text-lg font-semibold text-slate-900">{formatEntero(valor)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Said before a sales file is sent and after it is imported: history never touches today's shelf. */
export const AVISO_HISTORIAL_STOCK = 'Las ventas que importas son historial: se suman a tus análisis, pero no descuentan el stock de hoy.';
export const AVISO_HISTORIAL_STOCK_HECHO = 'Estas ventas son historial: no movieron el stock de hoy.';

/** What the server reported for one upload: counters, its message and the rejected rows. */
export function ResultadoCarga({ detalle: r, tipo }: { detalle: DetalleResultado | null; tipo: TipoCarga }) {
  if (!r) return <Alert tipo="aviso">{MENSAJE_NO_PARSEABLE}</Alert>;
  return (
    <div className="space-y-3 text-sm">
      {r.message && <p className="text-slate-800">{r.message}</p>}
      <Cifras r={r} tipo={tipo} />
      {tipo === 'ventas' && <p className="text-slate-600">{AVISO_HISTORIAL_STOCK_HECHO}</p>}
      {r.detalle_errores.length > 0 && (
        <div>
          <h3 className="font-semibold text-slate-900">Filas con errores</h3>
          <div className="mt-1 max-h-64 overflow-auto rounded-lg border border-slate-200">
            <table className="w-full text-xs">
              <caption className="sr-only">Filas con errores</caption>
              <thead className="sticky top-0 bg-slate-50 text-left">
                <tr>
                  <th scope="col" className="px-2 py-1.5">
                    Fila
                  </th>
                  <th scope="col" className="px-2 py-1.5">
                    Campo
                  </th>
                  <th scope="col" className="px-2 py-1.5">
                    Mensaje
                  </th>
                </tr>
              </thead>
              <tbody>
                {r.detalle_errores.slice(0, MAX_ERRORES_VISIBLES).map((e, i) => (
                  <tr key={i} className="border-t border-slate-100">
                    <td className="px-2 py-1.5">{e.fila}</td>
                    <td className="px-2 py-1.5 font-mono">{e.campo}</td>
                    <td className="px-2 py-1.5">{e.mensaje}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {r.detalle_errores.length > MAX_ERRORES_VISIBLES && (
            <p className="mt-1 text-xs text-slate-600">
              Y {contar(r.detalle_errores.length - MAX_ERRORES_VISIBLES, 'error', 'errores')} más. Corrige estas filas y vuelve a subir el
              archivo.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
