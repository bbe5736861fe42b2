import type { MapaCalor } from '@minimarket/contracts/analitica';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { Card } from '../../../../components/ui/card';
import { Field, Select } from '../../../../components/ui/field';
import { QueryResult } from '../../../../components/ui/query-result';
import { DesplazamientoTabla } from '../../../../components/ui/table';
import { mensajeDeError } from '../../../../lib/api-client';
import { mapaCalorQueryOptions, type FiltrosAnalitica } from '../../../../lib/analitica';
import { cn } from '../../../../utils/cn';
import { formatClp, formatEntero } from '../../../../utils/format';
import {
  colorCalor,
  DIAS_SEMANA,
  textoSobreCalor,
  formatHora,
  franjaHora,
  HORAS,
  horaInicioVista,
  intensidad,
  nombreDiaCorto,
} from '../../utils/calendario';
import { nombreArchivo } from '../../utils/tabla-exportable';
import { BotonesExportar } from '../botones-exportar';
import { MarcoAnalitica } from '../marco-analitica';
import { SinVentas } from '../sin-ventas';

type Medida = 'ventas' | 'ingresos';

/** Pesos in a small cell: '$1,2 M', '$350 mil'; the exact figure is in the cell's title. */
function pesosCortos(n: number): string {
  if (n >= 1_000_000) return `$${(n / 1_000_000).toLocaleString('es-CL', { maximumFractionDigits: 1 })} M`;
  if (n >= 1_000) return `$${Math.round(n / 1_000)} mil`;
  return formatClp(n);
}

/** The 7 × 24 grid as a real table: a screen reader reads day, hour and value; the colour only repeats it. */
function Grilla({ celdas, medida }: { celdas: MapaCalor; medida: Medida }) {
  const valor = new Map(celdas.map((c) => [`${c.dia_semana}-${c.hora}`, c]));
  const max = Math.max(0, ...celdas.map((c) => c[medida]));
  const caja = useRef<HTMLDivElement>(null);
  const columnaDias = useRef<HTMLTableCellElement>(null);
  const horaInicio = useRef<HTMLTableCellElement>(null);
  // Where the 24 hours do not fit (a phone), the grid opens at the shop's morning, just right of
  // the days (which stay put); midnight is one swipe to the left. Once, when it first shows.
  const [desdeLaManana, setDesdeLaManana] = useState(false);
  useLayoutEffect(() => {
    const [c, dias, hora] = [caja.current, columnaDias.current, horaInicio.current];
    if (!c || !dias || !hora || c.scrollWidth <= c.clientWidth) return;
    c.scrollLeft += hora.getBoundingClientRect().left - dias.getBoundingClientRect().right;
    setDesdeLaManana(c.scrollLeft > 0);
  }, []);
  const primeraHora = horaInicioVista(celdas);
  const fija = 'sticky left-0 z-10 bg-white';
  return (
    <>
      {desdeLaManana && (
        <p className="mb-2 text-xs text-slate-600">
          Empieza a las {formatHora(primeraHora)}: desliza a la izquierda para ver la madrugada y a la derecha para la noche.
        </p>
      )}
      <DesplazamientoTabla etiqueta="Mapa de calor" ref={caja}>
        <table className="w-full min-w-[56rem] table-fixed border-separate border-spacing-0.5 text-center text-[11px]">
          <caption className="sr-only">
            {medida === 'ventas' ? 'Número de ventas' : 'Ingresos'} por día de la semana (filas) y hora (columnas)
          </caption>
          <thead>
            <tr>
              <th scope="col" className={cn('w-12', fija)} ref={columnaDias}>
                <span className="sr-only">Día</span>
              </th>
              {HORAS.map((h) => (
                <th
                  key={h}
                  scope="col"
                  className="font-medium text-slate-600"
                  title={franjaHora(h)}
                  ref={h === primeraHora ? horaInicio : undefined}
                >
                  <span aria-hidden="true">{h}</span>
                  <span className="sr-only">{formatHora(h)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {DIAS_SEMANA.map((nombre, i) => (
              <tr key={nombre}>
                <th scope="row" className={cn('pr-1 text-left text-xs font-medium text-slate-700', fija)}>
                  <span aria-hidden="true">{nombreDiaCorto(i + 1)}</span>
                  <span className="sr-only">{nombre}</span>
                </th>
                {HORAS.map((h) => {
                  const c = valor.get(`${i + 1}-${h}`);
                  const v = c?.[medida] ?? 0;
                  const t = intensidad(v, max);
                  const texto = medida === 'ventas' ? formatEntero(v) : pesosCortos(v);
                  return (
                    <td
                      key={h}
                      title={`${nombre}, ${franjaHora(h)}: ${formatEntero(c?.ventas ?? 0)} ventas, ${formatClp(c?.ingresos ?? 0)}`}
                      className="h-9 rounded"
                      style={{ background: colorCalor(t), color: textoSobreCalor(t) }}
                    >
                      {v === 0 ? <span aria-hidden="true">·</span> : texto}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </DesplazamientoTabla>
    </>
  );
}

function MapaCalorVista({ idMinimarket, filtros }: { idMinimarket: number; filtros: FiltrosAnalitica }) {
  const [medida, setMedida] = useState<Medida>('ventas');
  const consulta = useQuery(mapaCalorQueryOptions(idMinimarket, filtros));
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">Ventas por día y hora</h3>
          <p className="text-sm text-slate-600">Más oscuro, más ventas. Úsalo para decidir turnos y cuándo reponer.</p>
        </div>
        <Field label="Medida" className="w-40">
          {(p) => (
            <Select {...p} value={medida} onChange={(e) => setMedida(e.target.value as Medida)}>
              <option value="ventas">N° de ventas</option>
              <option value="ingresos">Ingresos</option>
            </Select>
          )}
        </Field>
      </div>
      <QueryResult
        className="mt-3"
        query={consulta}
        filas={(d) => (d.some((c) => c.ventas > 0) ? [d] : [])}
        error={mensajeDeError(consulta.error, 'No se pudo cargar el mapa de calor.')}
        vacio={<SinVentas />}
      >
        {([celdas]) => (
          <>
            <Grilla celdas={celdas} medida={medida} />
            <div className="mt-3">
              <BotonesExportar
                etiqueta="el mapa de calor"
                tabla={() => ({
                  nombre: nombreArchivo('mapa de calor', filtros.desde, filtros.hasta),
                  columnas: [
                    { titulo: 'Día', tipo: 'texto' },
                    { titulo: 'Hora', tipo: 'texto' },
                    { titulo: 'Ventas', tipo: 'entero' },
                    { titulo: 'Ingresos', tipo: 'pesos' },
                  ],
                  filas: celdas.map((c) => [DIAS_SEMANA[c.dia_semana - 1], formatHora(c.hora), c.ventas, c.ingresos]),
                })}
              />
            </div>
          </>
        )}
      </QueryResult>
    </Card>
  );
}

export default function MapaCalorPage() {
  return <MarcoAnalitica>{(id, f) => <MapaCalorVista idMinimarket={id} filtros={f} />}</MarcoAnalitica>;
}
