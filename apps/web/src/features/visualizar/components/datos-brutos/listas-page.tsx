import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CampoOpciones, Field, Select } from '../../../../components/ui/field';
import { Table, Td, Th } from '../../../../components/ui/table';
import { mensajeDeError } from '../../../../lib/api-client';
import { porCategoriaQueryOptions, rankingQueryOptions, type FiltrosAnalitica, type RankingParams } from '../../../../lib/analitica';
import { formatClp, formatEntero } from '../../../../utils/format';
import { archivoVendido, celdaVendida } from '../../utils/cantidad';
import { nombreArchivo, tablaPorCategoria } from '../../utils/tabla-exportable';
import { formatPeso } from '@minimarket/contracts/granel';
import { BotonesExportar } from '../botones-exportar';
import { MarcoAnalitica } from '../marco-analitica';
import { TarjetaAnalitica } from '../tarjeta-analitica';

const LIMITES = [10, 25, 50] as const;
/** What each ranking counts: units and kilos are never ranked together (docs/granel.md). */
const SEGUN: Record<RankingParams['por'], string> = {
  ingresos: 'ingresos',
  unidades: 'unidades (productos por unidad)',
  kilos: 'kilos (productos a granel)',
};
const OPCIONES_SEGUN: Record<RankingParams['por'], string> = { ingresos: 'Ingresos', unidades: 'Unidades', kilos: 'Kilos (a granel)' };
const OPCIONES_ORDEN: Record<RankingParams['orden'], string> = { desc: 'Más vendidos', asc: 'Menos vendidos' };

function RankingProductos({ idMinimarket, filtros }: { idMinimarket: number; filtros: FiltrosAnalitica }) {
  const [params, setParams] = useState<RankingParams>({ por: 'ingresos', orden: 'desc', limite: 10 });
  const consulta = useQuery(rankingQueryOptions(idMinimarket, filtros, params));
  const titulo = `${params.orden === 'desc' ? 'Más' : 'Menos'} vendidos por ${SEGUN[params.por]}`;
  return (
    <TarjetaAnalitica
      titulo="Ranking de productos"
      controles={
        <>
          <CampoOpciones
            label="Según"
            className="w-44"
            value={params.por}
            onChange={(por) => setParams({ ...params, por })}
            opciones={OPCIONES_SEGUN}
          />
          <CampoOpciones
            label="Mostrar"
            className="w-40"
            value={params.orden}
            onChange={(orden) => setParams({ ...params, orden })}
            opciones={OPCIONES_ORDEN}
          />
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
        </>
      }
      consulta={consulta}
      filas={(d) => d}
      error={mensajeDeError(consulta.error, 'No se pudo cargar el ranking.')}
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
    </TarjetaAnalitica>
  );
}

function RankingCategorias({ idMinimarket, filtros }: { idMinimarket: number; filtros: FiltrosAnalitica }) {
  const consulta = useQuery(porCategoriaQueryOptions(idMinimarket, filtros));
  return (
    <TarjetaAnalitica
      titulo="Categorías"
      consulta={consulta}
      filas={(d) => d}
      error={mensajeDeError(consulta.error, 'No se pudieron cargar las categorías.')}
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
    </TarjetaAnalitica>
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
