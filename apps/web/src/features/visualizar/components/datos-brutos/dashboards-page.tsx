import { useQuery } from '@tanstack/react-query';
import { Card } from '../../../../components/ui/card';
import { QueryResult } from '../../../../components/ui/query-result';
import { mensajeDeError } from '../../../../lib/api-client';
import {
  descuentosQueryOptions,
  porCobrarQueryOptions,
  porVendedorQueryOptions,
  rankingQueryOptions,
  resumenQueryOptions,
  serieQueryOptions,
  type FiltrosAnalitica,
} from '../../../../lib/analitica';
import { contar, formatClp } from '../../../../utils/format';
import { isoATexto } from '../../../../utils/fechas';
import { ETIQUETA_REDONDEO, formatRedondeo } from '../../../../utils/redondeo';
import { fraseComparacion } from '../../../../utils/comparacion';
import { cantidadVendida } from '../../utils/cantidad';
import { indicadores } from '../../utils/indicadores';
import { columnasVentas, nombreArchivo, tablaComparacion, type FilaComparacion } from '../../utils/tabla-exportable';
import { GraficoIngresosDia } from '../graficos';
import { MarcoAnalitica } from '../marco-analitica';
import { SinVentas } from '../sin-ventas';
import { TablaDatos } from '../tabla-datos';
import { TarjetaAnalitica } from '../tarjeta-analitica';
import { VariacionBadge } from '../variacion-badge';

const TOP = 5;

function Dashboard({ idMinimarket, filtros }: { idMinimarket: number; filtros: FiltrosAnalitica }) {
  const resumen = useQuery(resumenQueryOptions(idMinimarket, filtros));
  const serie = useQuery(serieQueryOptions(idMinimarket, filtros, 'dia'));
  const top = useQuery(rankingQueryOptions(idMinimarket, filtros, { por: 'ingresos', orden: 'desc', limite: TOP }));
  return (
    <QueryResult
      query={resumen}
      filas={(r) => (r.ventas > 0 ? [r] : [])}
      error={mensajeDeError(resumen.error, 'No se pudieron cargar los indicadores.')}
      vacio={<SinVentas />}
    >
      {([r]) => {
        const lista = indicadores(r);
        return (
          <div className="space-y-4">
            <p className="text-sm text-slate-600">{fraseComparacion(r)}</p>
            <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
              {lista.map((ind) => (
                <li key={ind.clave}>
                  <Card className="h-full p-4">
                    <p className="text-sm text-slate-600">{ind.titulo}</p>
                    <p className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl" data-indicador={ind.clave}>
                      {ind.texto}
                    </p>
                    {ind.valor !== null && ind.anterior !== null && <VariacionBadge actual={ind.valor} anterior={ind.anterior} />}
                  </Card>
                </li>
              ))}
            </ul>
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-[3fr_2fr]">
              <Card className="min-w-0 p-4 sm:p-5">
                <h3 className="text-lg font-semibold text-slate-900">Ingresos por día</h3>
                <QueryResult
                  className="mt-3"
                  query={serie}
                  filas={(d) => [d]}
                  error={mensajeDeError(serie.error, 'No se pudo cargar la serie de ventas.')}
                  vacio={null}
                >
                  {([s]) => <GraficoIngresosDia serie={s} />}
                </QueryResult>
              </Card>
              <Card className="min-w-0 p-4 sm:p-5">
                <h3 className="text-lg font-semibold text-slate-900">Tus {TOP} productos con más ingresos</h3>
                <QueryResult
                  className="mt-3"
                  query={top}
                  filas={(d) => d}
                  error={mensajeDeError(top.error, 'No se pudo cargar el ranking.')}
                  vacio={null}
                >
                  {(filas) => (
                    <ol className="divide-y divide-slate-100 text-sm">
                      {filas.map((f, i) => (
                        <li key={f.id_producto} className="flex items-baseline gap-2 py-2">
                          <span className="w-5 text-slate-500">{i + 1}.</span>
                          <span className="flex-1">
                            {f.nombre_producto}
                            <span className="block text-xs text-slate-600">{cantidadVendida(f)}</span>
                          </span>
                          <span className="font-semibold whitespace-nowrap">{formatClp(f.ingresos)}</span>
                        </li>
                      ))}
                    </ol>
                  )}
                </QueryResult>
              </Card>
            </div>
            <Card className="min-w-0 p-4 sm:p-5">
              <h3 className="mb-3 text-lg font-semibold text-slate-900">Comparación con el período anterior</h3>
              <TablaDatos
                caption="Indicadores del período y del anterior"
                tabla={tablaComparacion(
                  nombreArchivo('indicadores', filtros.desde, filtros.hasta),
                  ['Este período', 'Período anterior'],
                  lista
                    .filter((ind) => ind.valor !== null && ind.anterior !== null)
                    .map((ind): FilaComparacion => {
                      const tipo =
                        ind.clave === 'ventas' || ind.clave === 'unidades' ? 'entero' : ind.clave === 'kilos' ? 'kilos' : 'pesos';
                      return [ind.titulo, ind.valor ?? 0, ind.anterior ?? 0, tipo];
                    }),
                )}
              />
            </Card>
          </div>
        );
      }}
    </QueryResult>
  );
}

/**
 * What the customers owe today (la libreta de fiado): not a figure of the range, so it stands apart
 * from the indicators and shows even in a range without sales.
 */
function PorCobrar({ idMinimarket }: { idMinimarket: number }) {
  const consulta = useQuery(porCobrarQueryOptions(idMinimarket));
  return (
    <Card className="flex flex-wrap items-baseline gap-x-3 gap-y-1 p-4">
      <p className="text-sm text-slate-600">Cuentas por cobrar hoy</p>
      <p className="text-xl font-bold text-slate-900" data-indicador="por_cobrar">
        {consulta.isPending ? '…' : consulta.isError ? '—' : formatClp(consulta.data.por_cobrar)}
      </p>
      {consulta.data && (
        <p className="text-sm text-slate-600">
          {consulta.data.clientes_con_deuda === 0
            ? 'Nadie te debe fiado.'
            : `${contar(consulta.data.clientes_con_deuda, 'cliente te debe', 'clientes te deben')} fiado.`}
        </p>
      )}
    </Card>
  );
}

/**
 * «Ventas por persona» (docs/cajeros.md): who sold how much in the range, the one definition of a sale
 * (venta_contada). Only the range applies: a sale has one seller, not one per category or payment.
 */
function VentasPorPersona({ idMinimarket, filtros }: { idMinimarket: number; filtros: FiltrosAnalitica }) {
  const consulta = useQuery(porVendedorQueryOptions(idMinimarket, filtros));
  const filtrada = Boolean(filtros.categoria || filtros.metodo_pago);
  return (
    <TarjetaAnalitica
      titulo="Ventas por persona"
      testId="ventas-por-persona"
      nota={
        filtrada && (
          <p className="mt-1 text-sm text-slate-600">
            Cuenta todas las ventas del período: la categoría y el método de pago no la dividen.
          </p>
        )
      }
      consulta={consulta}
      filas={(d) => d}
      error={mensajeDeError(consulta.error, 'No se pudieron cargar las ventas por persona.')}
      vacio={<p className="text-sm text-slate-600">Sin ventas en el período.</p>}
    >
      {(filas) => (
        <TablaDatos
          caption="Ventas por persona"
          tabla={{
            nombre: nombreArchivo('ventas-por-persona', filtros.desde, filtros.hasta),
            columnas: columnasVentas('Persona'),
            filas: filas.map((f) => [f.nombre ?? 'Sin vendedor (cargadas desde archivo)', f.ventas, f.ingresos]),
          }}
        />
      )}
    </TarjetaAnalitica>
  );
}

/**
 * «Descuentos» (issue 32, docs/pagos.md): what was discounted in the range — in all, by day, by product
 * (a loose sale under its name) and by person at the till — and the period's cash rounding (Ley 20.956),
 * what rounding the cash added to the sales less what it gave back in cash refunds. Only the range
 * applies: revenue elsewhere is already net of discounts and never rounded.
 */
function Descuentos({ idMinimarket, filtros }: { idMinimarket: number; filtros: FiltrosAnalitica }) {
  const consulta = useQuery(descuentosQueryOptions(idMinimarket, filtros));
  const filtrada = Boolean(filtros.categoria || filtros.metodo_pago);
  const tabla = (titulo: string) => nombreArchivo(titulo, filtros.desde, filtros.hasta);
  return (
    <TarjetaAnalitica
      titulo="Descuentos"
      testId="descuentos"
      nota={
        filtrada && (
          <p className="mt-1 text-sm text-slate-600">
            Cuenta todas las ventas del período: la categoría y el método de pago no lo dividen.
          </p>
        )
      }
      consulta={consulta}
      filas={(d) => [d]}
      error={mensajeDeError(consulta.error, 'No se pudieron cargar los descuentos.')}
      vacio={null}
    >
      {([d]) => (
        <div className="space-y-4">
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <li className="rounded-lg bg-slate-50 px-4 py-3">
              <p className="text-sm text-slate-600">Descuentos del período</p>
              <p className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl" data-indicador="descuentos">
                {formatClp(d.descuento)}
              </p>
              <p className="text-sm text-slate-600">
                {d.ventas_con_descuento === 0 ? 'Ninguna venta con descuento.' : `En ${contar(d.ventas_con_descuento, 'venta')}.`}
              </p>
            </li>
            <li className="rounded-lg bg-slate-50 px-4 py-3">
              <p className="text-sm text-slate-600">{ETIQUETA_REDONDEO}</p>
              <p className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl" data-indicador="redondeo">
                {formatRedondeo(d.redondeo)}
              </p>
              <p className="text-sm text-slate-600">Lo que el redondeo del efectivo sumó o restó a la caja (menos lo devuelto).</p>
            </li>
          </ul>
          {d.descuento > 0 && (
            <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
              <TablaDatos
                caption="Descuentos por día"
                tabla={{
                  nombre: tabla('descuentos-por-dia'),
                  columnas: [
                    { titulo: 'Día', tipo: 'texto' },
                    { titulo: 'Ventas', tipo: 'entero' },
                    { titulo: 'Descuento', tipo: 'pesos' },
                  ],
                  filas: d.por_dia.map((f) => [isoATexto(f.dia), f.ventas, f.descuento]),
                }}
              />
              <TablaDatos
                caption="Descuentos por producto"
                tabla={{
                  nombre: tabla('descuentos-por-producto'),
                  columnas: [
                    { titulo: 'Producto', tipo: 'texto' },
                    { titulo: 'Descuento', tipo: 'pesos' },
                  ],
                  filas: d.por_producto.map((f) => [
                    f.id_producto === null ? `${f.nombre_producto} (venta libre)` : f.nombre_producto,
                    f.descuento,
                  ]),
                }}
              />
              <TablaDatos
                caption="Descuentos por persona"
                tabla={{
                  nombre: tabla('descuentos-por-persona'),
                  columnas: [
                    { titulo: 'Persona', tipo: 'texto' },
                    { titulo: 'Ventas', tipo: 'entero' },
                    { titulo: 'Descuento', tipo: 'pesos' },
                  ],
                  filas: d.por_persona.map((f) => [f.nombre ?? 'Sin vendedor registrado', f.ventas, f.descuento]),
                }}
              />
            </div>
          )}
        </div>
      )}
    </TarjetaAnalitica>
  );
}

export default function DashboardsPage() {
  return (
    <MarcoAnalitica>
      {(id, f) => (
        <div className="space-y-4">
          <Dashboard idMinimarket={id} filtros={f} />
          <VentasPorPersona idMinimarket={id} filtros={f} />
          <Descuentos idMinimarket={id} filtros={f} />
          <PorCobrar idMinimarket={id} />
        </div>
      )}
    </MarcoAnalitica>
  );
}
