import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CampoOpciones } from '../../../../components/ui/field';
import { mensajeDeError } from '../../../../lib/api-client';
import {
  porCategoriaQueryOptions,
  porMetodoPagoQueryOptions,
  serieQueryOptions,
  type Agrupacion,
  type FiltrosAnalitica,
} from '../../../../lib/analitica';
import { formatClp } from '../../../../utils/format';
import { etiquetaPeriodo, periodoLargo } from '../../utils/periodos';
import { nombreArchivo, tablaPorCategoria } from '../../utils/tabla-exportable';
import { GraficoBarras, GraficoSerie, GraficoTorta, COLORES, formatoMedida, type MedidaGrafico } from '../graficos';
import { MarcoAnalitica } from '../marco-analitica';
import { TablaDatos } from '../tabla-datos';
import { TarjetaAnalitica } from '../tarjeta-analitica';

const MEDIDAS: Record<MedidaGrafico, string> = {
  ingresos: 'Ingresos',
  ventas: 'N° de ventas',
  unidades: 'Unidades (sin granel)',
  gramos: 'Kilos (a granel)',
};
const AGRUPACIONES: Record<Agrupacion, string> = { dia: 'Día', semana: 'Semana', mes: 'Mes' };

const valorTexto = (medida: MedidaGrafico, n: number) => formatoMedida(medida)(n);

/** 'Ver como tabla': the chart's figures, readable and downloadable. */
function ComoTabla({ children }: { children: React.ReactNode }) {
  return (
    <details className="mt-3 rounded-lg border border-slate-200 p-3">
      <summary className="cursor-pointer text-sm font-medium text-marca-700">Ver como tabla y descargar</summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

function VentasEnElTiempo({ idMinimarket, filtros }: { idMinimarket: number; filtros: FiltrosAnalitica }) {
  const [agrupar, setAgrupar] = useState<Agrupacion>('dia');
  const [medida, setMedida] = useState<MedidaGrafico>('ingresos');
  const consulta = useQuery(serieQueryOptions(idMinimarket, filtros, agrupar));
  return (
    <TarjetaAnalitica
      titulo="Ventas en el tiempo"
      className="lg:col-span-2"
      controles={
        <>
          <CampoOpciones label="Agrupar por" className="w-32" value={agrupar} onChange={setAgrupar} opciones={AGRUPACIONES} />
          <CampoOpciones label="Medida" className="w-36" value={medida} onChange={setMedida} opciones={MEDIDAS} />
        </>
      }
      consulta={consulta}
      filas={(d) => (d.some((p) => p.ventas > 0) ? [d] : [])}
      error={mensajeDeError(consulta.error, 'No se pudo cargar la serie de ventas.')}
    >
      {([serie]) => (
        <>
          <GraficoSerie
            medida={medida}
            datos={serie.map((p) => ({ etiqueta: etiquetaPeriodo(p.periodo, agrupar), valor: p[medida], enCurso: p.en_curso }))}
            descripcion={`${MEDIDAS[medida]} por ${AGRUPACIONES[agrupar].toLowerCase()}: ${serie
              .map((p) => `${periodoLargo(p.periodo, agrupar, p.en_curso)}, ${valorTexto(medida, p[medida])}`)
              .join('; ')}`}
          />
          <ComoTabla>
            <TablaDatos
              caption={`Ventas por ${AGRUPACIONES[agrupar].toLowerCase()}`}
              tabla={{
                nombre: nombreArchivo(`ventas por ${agrupar}`, filtros.desde, filtros.hasta),
                columnas: [
                  { titulo: 'Período', tipo: 'texto' },
                  { titulo: 'Ventas', tipo: 'entero' },
                  { titulo: 'Unidades', tipo: 'entero' },
                  { titulo: 'Kilos (a granel)', tipo: 'kilos' },
                  { titulo: 'Ingresos', tipo: 'pesos' },
                ],
                filas: serie.map((p) => [
                  periodoLargo(p.periodo, agrupar, p.en_curso),
                  p.ventas,
                  p.unidades,
                  { n: p.gramos, tipo: 'kilos' },
                  p.ingresos,
                ]),
              }}
            />
          </ComoTabla>
        </>
      )}
    </TarjetaAnalitica>
  );
}

function PorCategoria({ idMinimarket, filtros }: { idMinimarket: number; filtros: FiltrosAnalitica }) {
  const consulta = useQuery(porCategoriaQueryOptions(idMinimarket, filtros));
  return (
    <TarjetaAnalitica
      titulo="Ingresos por categoría"
      consulta={consulta}
      filas={(d) => d}
      error={mensajeDeError(consulta.error, 'No se pudieron cargar las categorías.')}
    >
      {(filas) => (
        <>
          <GraficoBarras
            medida="ingresos"
            datos={filas.map((f) => ({ etiqueta: f.categoria, valor: f.ingresos }))}
            descripcion={`Ingresos por categoría: ${filas.map((f) => `${f.categoria}, ${formatClp(f.ingresos)}`).join('; ')}`}
          />
          <ComoTabla>
            <TablaDatos caption="Ventas por categoría" tabla={tablaPorCategoria(filas, filtros.desde, filtros.hasta)} />
          </ComoTabla>
        </>
      )}
    </TarjetaAnalitica>
  );
}

function PorMetodoPago({ idMinimarket, filtros }: { idMinimarket: number; filtros: FiltrosAnalitica }) {
  const consulta = useQuery(porMetodoPagoQueryOptions(idMinimarket, filtros));
  return (
    <TarjetaAnalitica
      titulo="Ingresos por método de pago"
      consulta={consulta}
      filas={(d) => d.filter((f) => f.ventas > 0)}
      error={mensajeDeError(consulta.error, 'No se pudieron cargar los métodos de pago.')}
    >
      {(filas) => {
        const total = filas.reduce((s, f) => s + f.ingresos, 0);
        const participacion = (n: number) => (total > 0 ? Math.round((n / total) * 1000) / 10 : 0);
        return (
          <>
            <GraficoTorta
              medida="ingresos"
              datos={filas.map((f) => ({ etiqueta: f.metodo_pago, valor: f.ingresos }))}
              descripcion={`Ingresos por método de pago: ${filas.map((f) => `${f.metodo_pago}, ${formatClp(f.ingresos)}`).join('; ')}`}
            />
            <ul className="mt-2 grid gap-1 text-sm">
              {filas.map((f, i) => (
                <li key={f.metodo_pago} className="flex items-center gap-2">
                  <span className="size-3 rounded-sm" style={{ background: COLORES[i % COLORES.length] }} aria-hidden="true" />
                  <span className="flex-1">{f.metodo_pago}</span>
                  <span className="font-medium">{formatClp(f.ingresos)}</span>
                </li>
              ))}
            </ul>
            <ComoTabla>
              <TablaDatos
                caption="Ventas por método de pago"
                tabla={{
                  nombre: nombreArchivo('ventas por metodo de pago', filtros.desde, filtros.hasta),
                  columnas: [
                    { titulo: 'Método de pago', tipo: 'texto' },
                    { titulo: 'Ventas', tipo: 'entero' },
                    { titulo: 'Ingresos', tipo: 'pesos' },
                    { titulo: 'Participación', tipo: 'porcentaje' },
                  ],
                  filas: filas.map((f) => [f.metodo_pago, f.ventas, f.ingresos, participacion(f.ingresos)]),
                }}
              />
            </ComoTabla>
          </>
        );
      }}
    </TarjetaAnalitica>
  );
}

export default function GraficosPage() {
  return (
    <MarcoAnalitica>
      {(id, f) => (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <VentasEnElTiempo idMinimarket={id} filtros={f} />
          <PorCategoria idMinimarket={id} filtros={f} />
          <PorMetodoPago idMinimarket={id} filtros={f} />
        </div>
      )}
    </MarcoAnalitica>
  );
}
