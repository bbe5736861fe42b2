import { useQuery } from '@tanstack/react-query';
import { mensajeDeError } from '../../../lib/api-client';
import { resumenQueryOptions, type FiltrosAnalitica } from '../../../lib/analitica';
import { QueryResult } from '../../../components/ui/query-result';
import { contar } from '../../../utils/format';
import { fraseComparacion } from '../../../utils/comparacion';
import { indicadores } from '../utils/indicadores';
import { fraseVariacion } from '../utils/variacion';
import { MarcoAnalitica } from './marco-analitica';
import { SinVentas } from './sin-ventas';
import { TarjetaVolteable } from './tarjeta-volteable';
import { VariacionBadge } from './variacion-badge';

function Tarjetas({ idMinimarket, filtros }: { idMinimarket: number; filtros: FiltrosAnalitica }) {
  const consulta = useQuery(resumenQueryOptions(idMinimarket, filtros));
  return (
    <QueryResult
      query={consulta}
      filas={(r) => (r.ventas > 0 ? [r] : [])}
      error={mensajeDeError(consulta.error, 'No se pudieron cargar los indicadores.')}
      vacio={<SinVentas />}
    >
      {([r]) => (
        <>
          <p className="mb-3 text-sm text-slate-600">{fraseComparacion(r)} Toca una tarjeta (o usa Enter o Espacio) para darla vuelta.</p>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {indicadores(r).map((ind) => (
              <li key={ind.clave}>
                <TarjetaVolteable
                  titulo={ind.titulo}
                  frente={
                    <>
                      <span className="mt-2 text-3xl font-bold text-slate-900" data-indicador={ind.clave}>
                        {ind.texto}
                      </span>
                      {ind.valor !== null && ind.anterior !== null && (
                        <VariacionBadge className="mt-1" actual={ind.valor} anterior={ind.anterior} />
                      )}
                    </>
                  }
                  reverso={
                    <>
                      <span className="mt-2 text-sm text-slate-800">{ind.significado}</span>
                      {ind.valor !== null && ind.anterior !== null && (
                        <span className="mt-2 text-sm font-medium text-slate-900">{fraseVariacion(ind.valor, ind.anterior)}</span>
                      )}
                      {(ind.clave === 'margen' || ind.clave === 'margen_pct') && r.lineas_sin_costo > 0 && (
                        <span className="mt-2 text-xs text-slate-700">
                          No cuenta {contar(r.lineas_sin_costo, 'línea de venta', 'líneas de venta')} de productos sin precio de compra.
                        </span>
                      )}
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </QueryResult>
  );
}

export function TarjetasPage() {
  return <MarcoAnalitica>{(id, f) => <Tarjetas idMinimarket={id} filtros={f} />}</MarcoAnalitica>;
}
