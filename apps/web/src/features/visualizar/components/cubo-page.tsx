import type { Cubo } from '@minimarket/contracts/analitica';
import { formatCantidad } from '@minimarket/contracts/cantidad';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { CampoOpciones } from '../../../components/ui/field';
import { QueryResult } from '../../../components/ui/query-result';
import { mensajeDeError } from '../../../lib/api-client';
import { cuboQueryOptions, type FiltrosAnalitica } from '../../../lib/analitica';
import { formatClp, formatEntero } from '../../../utils/format';
import { useGiroCubo } from '../hooks/use-giro-cubo';
import { CORTES, cortar, NOMBRE_DIMENSION, type Corte, type MedidaCubo } from '../utils/cubo';
import { type Celda, nombreArchivo, type TipoColumna } from '../utils/tabla-exportable';
import { BotonesGiro, CuboGiratorio, ElegirCara, tituloCorte } from './cubo-3d';
import { MarcoAnalitica } from './marco-analitica';
import { SinVentas } from './sin-ventas';
import { TablaDatos } from './tabla-datos';

const MEDIDAS: Record<MedidaCubo, string> = {
  ingresos: 'Pesos (ingresos)',
  unidades: 'Unidades (sin granel)',
  gramos: 'Kilos (a granel)',
  margen: 'Margen',
};
const SUMADA = { hora: 'todas las horas', dia: 'todos los días de la semana', categoria: 'todas las categorías' } as const;

/** The face in front as a table, with its totals: what the download writes. */
function TablaCara({ cubo, corte, medida, filtros }: { cubo: Cubo; corte: Corte; medida: MedidaCubo; filtros: FiltrosAnalitica }) {
  const tabla = cortar(cubo, corte, medida);
  const tipo: TipoColumna = medida === 'unidades' ? 'entero' : medida === 'gramos' ? 'kilos' : 'pesos';
  // Grams travel as a weight cell, so a download writes kilos ('0,350'), never grams.
  const celdaDe = (v: number): Celda => (tipo === 'kilos' ? { n: v, tipo } : v);
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <h3 className="text-lg font-semibold text-slate-900">
        {MEDIDAS[medida]} por {tituloCorte(corte).toLowerCase()}
      </h3>
      <p className="mb-3 text-sm text-slate-600">
        Cada celda suma {SUMADA[CORTES[corte].sumada]} del rango. Total:{' '}
        <strong>
          {tipo === 'pesos' ? formatClp(tabla.total) : tipo === 'kilos' ? formatCantidad(tabla.total, 'kg') : formatEntero(tabla.total)}
        </strong>
        .
      </p>
      <TablaDatos
        extremosFijos
        caption={`${MEDIDAS[medida]} por ${tituloCorte(corte)}`}
        tabla={{
          nombre: nombreArchivo(`cubo ${medida} ${corte}`, filtros.desde, filtros.hasta),
          columnas: [
            { titulo: NOMBRE_DIMENSION[CORTES[corte].filas], tipo: 'texto' },
            ...tabla.columnas.map((titulo) => ({ titulo, tipo })),
            { titulo: 'Total', tipo },
          ],
          filas: [
            ...tabla.filas.map((f, i) => [f, ...[...tabla.valores[i]!, tabla.totalFila[i]!].map(celdaDe)]),
            ['Total', ...[...tabla.totalColumna, tabla.total].map(celdaDe)],
          ],
        }}
      />
    </Card>
  );
}

function CuboVista({ idMinimarket, filtros }: { idMinimarket: number; filtros: FiltrosAnalitica }) {
  const consulta = useQuery(cuboQueryOptions(idMinimarket, filtros));
  const [medida, setMedida] = useState<MedidaCubo>('ingresos');
  const giroCubo = useGiroCubo();

  return (
    <QueryResult
      query={consulta}
      filas={(d) => (d.celdas.length > 0 ? [d] : [])}
      error={mensajeDeError(consulta.error, 'No se pudo cargar el cubo.')}
      vacio={<SinVentas />}
    >
      {([cubo]) => (
        // The cube and its controls above (one short band on a laptop), the table below at the content's
        // full width: at 1366 px a face by day (nine columns of pesos, Total last) fits without scrolling.
        <div className="space-y-4">
          <Card className="grid grid-cols-1 justify-items-center gap-4 p-4 sm:p-5 lg:grid-cols-[minmax(0,20rem)_auto] lg:grid-rows-[auto_1fr] lg:justify-center lg:gap-x-16">
            <div className="w-full space-y-4 lg:col-start-1 lg:row-start-1">
              <CampoOpciones label="Medida" className="w-full" value={medida} onChange={setMedida} opciones={MEDIDAS} />
              <p id="cubo-ayuda" className="text-sm text-slate-600">
                Arrastra el cubo, usa las flechas del teclado o los botones para girarlo. La cara que queda al frente se muestra como tabla.
              </p>
            </div>
            <div className="flex flex-col items-center lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:flex-row lg:gap-10">
              <CuboGiratorio cubo={cubo} medida={medida} giroCubo={giroCubo} />
              <BotonesGiro giroCubo={giroCubo} />
            </div>
            <ElegirCara giroCubo={giroCubo} />
          </Card>
          <TablaCara cubo={cubo} corte={giroCubo.corte} medida={medida} filtros={filtros} />
        </div>
      )}
    </QueryResult>
  );
}

export function CuboPage() {
  return <MarcoAnalitica>{(id, f) => <CuboVista idMinimarket={id} filtros={f} />}</MarcoAnalitica>;
}
