import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '../../../../components/ui/card';
import { Field, Select } from '../../../../components/ui/field';
import { QueryResult } from '../../../../components/ui/query-result';
import { Table, Td, Th } from '../../../../components/ui/table';
import { mensajeDeError } from '../../../../lib/api-client';
import { porCategoriaQueryOptions, rankingQueryOptions, type FiltrosAnalitica, type RankingParams } from '../../../../lib/analitica';
import { formatClp, formatEntero } from '../../../../utils/format';
import { archivoVendido, celdaVendida } from '../../utils/cantidad';
import { nombreArchivo, tablaPorCategoria } from '../../utils/tabla-exportable';
import { formatPeso } from '@minimarket/contracts/granel';
import { BotonesExportar } from '../botones-exportar';
import { MarcoAnalitica } from '../marco-analitica';
import { SinVentas } from '../sin-ventas';

const LIMITES = [10, 25, 50] as const;
/** What each ranking counts: units and kilos are never ranked together (docs/granel.md). */
const SEGUN: Record<RankingParams['por'], string> = {
  ingresos: 'ingresos',
  unidades: 'unidades (productos por unidad)',
  kilos: 'kilos (productos a granel)',
};

function RankingProductos({ idMinimarket, filtros }: { idMinimarket: number; filtros: FiltrosAnalitica }) {
  const [params, setParams] = useState<RankingParams>({ por: 'ingresos', orden: 'desc', limite: 10 });
  const consulta = useQuery(rankingQueryOptions(idMinimarket, filtros, params));
  const titulo = `${params.orden === 'desc' ? 'Más' : 'Menos'} vendidos por ${SEGUN[params.por]}`;
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 className="text-lg font-semibold text-slate-900">Ranking de productos</h3>
        <div className="flex flex-wrap gap-3">
          <Field label="Según" className="w-44">
            {(p) => (
              <Select {...p} value={params.por} onChange={(e) => setParams({ ...params, por: e.target.value as RankingParams['por'] })}>
                <option value="ingresos">Ingresos</option>
                <option value="unidades">Unidades</option>
                <option value="kilos">Kilos (a granel)</option>
              </Select>
            )}
          </Field>
          <Field label="Mostrar" className="w-40">
            {(p) => (
              <Select
                {...p}
                value={params.orden}
                onChange={(e) => setParams({ ...params, orden: e.target.value as RankingParams['orden'] })}
              >
                <option value="desc">Más vendidos</option>
                <option value="asc">Menos vendidos</option>
              </Select>
            )}
          </Field>
          <Field label="Cuántos" className="w-24">
            {(p) => (
              <Select {...p} value={params.limite} onChange={(e) => setParams({ ...params, limite: Number(e.target.value) })}>
                {LIMITES.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      </div>
      <QueryResult
        className="mt-3"
        query={consulta}
        filas={(d) => d}
        error={mensajeDeError(consulta.error, 'No se pudo cargar el ranking.')}
        vacio={<SinVentas />}
      >
        {(filas) => (
          <>
            <Table caption={titulo}>
              <thead>
                <tr>
                  <Th className="w-12">N°</Th>
                  <Th>Producto</Th>
                  <Th className="hidden sm:table-cell">Categoría</Th>
                  <Th className="text-right">Cantidad</Th>
                  <Th className="text-right">Ingresos</Th>
                </tr>
              </thead>
              <tbody>
                {filas.map((f, i) => (
                  <tr key={f.id_producto}>
                    <Td className="text-slate-600">{i + 1}</Td>
                    <Td className="font-medium">{f.nombre_producto}</Td>
                    <Td className="hidden sm:table-cell">{f.categoria}</Td>
                    <Td className="text-right whitespace-nowrap">{celdaVendida(f)}</Td>
                    <Td className="text-right font-semibold whitespace-nowrap">{formatClp(f.ingresos)}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <p className="mt-2 text-xs text-slate-600">
              La cantidad va en unidades, o en kilos para lo que vendes a granel: nunca se suman entre sí.
            </p>
            <div className="mt-3">
              <BotonesExportar
                etiqueta="el ranking de productos"
                tabla={() => ({
                  nombre: nombreArchivo(`ranking ${titulo}`, filtros.desde, filtros.hasta),
                  columnas: [
                    { titulo: 'N°', tipo: 'entero' },
                    { titulo: 'Producto', tipo: 'texto' },
                    { titulo: 'Categoría', tipo: 'texto' },
                    { titulo: 'Cantidad', tipo: 'entero' },
                    { titulo: 'Unidad', tipo: 'texto' },
                    { titulo: 'Ingresos', tipo: 'pesos' },
                  ],
                  filas: filas.map((f, i) => [i + 1, f.nombre_producto, f.categoria, archivoVendido(f), f.unidad, f.ingresos]),
                })}
              />
            </div>
          </>
        )}
      </QueryResult>
    </Card>
  );
}

function RankingCategorias({ idMinimarket, filtros }: { idMinimarket: number; filtros: FiltrosAnalitica }) {
  const consulta = useQuery(porCategoriaQueryOptions(idMinimarket, filtros));
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <h3 className="text-lg font-semibold text-slate-900">Categorías</h3>
      <QueryResult
        className="mt-3"
        query={consulta}
        filas={(d) => d}
        error={mensajeDeError(consulta.error, 'No se pudieron cargar las categorías.')}
        vacio={<SinVentas />}
      >
        {(filas) => (
          <>
            <Table caption="Ventas por categoría">
              <thead>
                <tr>
                  <Th>Categoría</Th>
                  <Th className="text-right">Ventas</Th>
                  <Th className="text-right">Unidades</Th>
                  <Th className="text-right">Kilos</Th>
                  <Th className="text-right">Ingresos</Th>
                </tr>
              </thead>
              <tbody>
                {filas.map((f) => (
                  <tr key={f.categoria}>
                    <Td className="font-medium">{f.categoria}</Td>
                    <Td className="text-right">{formatEntero(f.ventas)}</Td>
                    <Td className="text-right">{formatEntero(f.unidades)}</Td>
                    <Td className="text-right whitespace-nowrap">{f.gramos === 0 ? '—' : formatPeso(f.gramos)}</Td>
                    <Td className="text-right font-semibold whitespace-nowrap">{formatClp(f.ingresos)}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <div className="mt-3">
              <BotonesExportar etiqueta="las categorías" tabla={() => tablaPorCategoria(filas, filtros.desde, filtros.hasta)} />
            </div>
          </>
        )}
      </QueryResult>
    </Card>
  );
}

export default function ListasPage() {
  return (
    <MarcoAnalitica>
      {(id, f) => (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-[3fr_2fr]">
          <RankingProductos idMinimarket={id} filtros={f} />
          <RankingCategorias idMinimarket={id} filtros={f} />
        </div>
      )}
    </MarcoAnalitica>
  );
}
