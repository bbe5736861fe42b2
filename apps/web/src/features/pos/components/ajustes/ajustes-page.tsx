import {
  ETIQUETA_TIPO_AJUSTE,
  MESES_INFORME_AJUSTES_POR_DEFECTO,
  MAX_MESES_INFORME_AJUSTES,
  PAGE_SIZE_AJUSTES,
  TIPOS_AJUSTE,
  type AjusteStock,
  type CifrasAjuste,
  type InformeAjustes,
  type TipoAjuste,
} from '@minimarket/contracts/ajustes-stock';
import type { Producto } from '@minimarket/contracts/productos';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Field, Select } from '../../../../components/ui/field';
import { Pagination } from '../../../../components/ui/pagination';
import { QueryResult } from '../../../../components/ui/query-result';
import { SearchInput } from '../../../../components/ui/search-input';
import { type ColumnaTabla, TablaOTarjetas } from '../../../../components/ui/tabla-o-tarjetas';
import { Table, Td, Th } from '../../../../components/ui/table';
import { useClampedPage } from '../../../../hooks/use-clamped-page';
import { useEsTelefono } from '../../../../hooks/use-media-query';
import { mensajeDeError } from '../../../../lib/api-client';
import { tituloPagina } from '../../../../lib/app-info';
import { useCurrentShop } from '../../../../lib/current-shop';
import { capitalizar, formatClp, formatFechaHora, hoyEnSantiago } from '../../../../utils/format';
import { mesesHasta, nombreMes } from '../../../../utils/meses';
import { ajustesQueryOptions, informeAjustesQueryOptions } from '../../api/ajustes-stock';
import { useBusquedaProductos } from '../../hooks/use-busqueda-productos';
import { cantidadConSigno, pesosConSigno, unidadesConSigno } from '../../utils/ajustes';
import { formatCantidadBreve } from '../../../../lib/granel';
import { ProductoCelda } from '../producto-celda';
import { StockBadge } from '../stock-badge';
import { AjusteStockForm } from './ajuste-stock-form';

/**
 * A filter's width: the longest month the select offers («septiembre de 2026») whole, with its arrow.
 * 12rem cut «noviembre de 202»; on a phone each takes the card's width.
 */
const ANCHO_FILTRO = 'w-full sm:w-60';
/** The filters beside a card's title: stacked on a phone, side by side from `sm` up. */
const FILTROS = 'grid w-full grid-cols-1 gap-3 sm:flex sm:w-auto sm:flex-wrap';

/** Products the search offers at once. */
const RESULTADOS_BUSQUEDA = 5;

const unidadesTexto = (n: number) => `${unidadesConSigno(n)} ${Math.abs(n) === 1 ? 'unidad' : 'unidades'}`;

/** Units and kilos side by side, never added (grams of kg products come apart in the report). */
function cantidadesTexto(unidades: number, gramos: number): string {
  const partes: string[] = [];
  if (unidades !== 0 || gramos === 0) partes.push(unidadesTexto(unidades));
  if (gramos !== 0) partes.push(cantidadConSigno(gramos, 'kg'));
  return partes.join(' · ');
}

/**
 * POS → AJUSTES Y MERMAS: correct a product's stock with a reason (search, reason, quantity), the
 * report by month and reason valued at cost, and the list of adjustments. "Mermas" is in the tab
 * and the heading because that is the word an owner looks for.
 */
export function AjustesPage({ idMinimarket }: { idMinimarket: number }) {
  return (
    <>
      <title>{tituloPagina('Ajustes de stock y mermas')}</title>
      <div className="space-y-4">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Ajustes de stock y mermas</h2>
          <p className="mt-1 text-sm text-slate-600">
            El estante manda: corrige el stock con lo que contaste, o descuenta mermas, vencidos, robos y consumo interno. Cada ajuste queda
            registrado con su motivo, quién lo hizo y su valor a costo.
          </p>
        </div>
        <RegistrarAjuste idMinimarket={idMinimarket} />
        <InformeAjustesCard idMinimarket={idMinimarket} />
        <ListaAjustes idMinimarket={idMinimarket} />
      </div>
    </>
  );
}

function RegistrarAjuste({ idMinimarket }: { idMinimarket: number }) {
  const { umbralStockBajo } = useCurrentShop();
  const [elegido, setElegido] = useState<Producto | null>(null);
  const { busqueda, setBusqueda, consulta } = useBusquedaProductos({ idMinimarket, tamano: RESULTADOS_BUSQUEDA });
  const buscando = busqueda.trim() !== '';

  return (
    <Card className="p-4 sm:p-5">
      <h3 className="text-lg font-semibold text-slate-900">Registrar un ajuste</h3>
      {elegido ? (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-slate-700">
            Producto: <strong>{elegido.nombre_producto}</strong>
          </p>
          <AjusteStockForm
            key={elegido.id_producto}
            idMinimarket={idMinimarket}
            producto={elegido}
            onDone={() => {
              setElegido(null);
              setBusqueda('');
            }}
            onCancelar={() => setElegido(null)}
          />
        </div>
      ) : (
        <div className="mt-3 space-y-3">
          <SearchInput
            className="w-full sm:max-w-md"
            aria-label="Buscar producto para ajustar"
            placeholder="Buscar por nombre, marca o código..."
            value={busqueda}
            onChange={(e) => setBusqueda(e.target.value)}
          />
          {buscando ? (
            <QueryResult
              query={consulta}
              filas={(d) => d.items}
              error={mensajeDeError(consulta.error, 'No se pudo buscar en el inventario.')}
              vacio={<p className="py-4 text-sm text-slate-600">No se encontraron productos.</p>}
            >
              {(productos) => (
                <Table caption="Productos para ajustar">
                  <thead>
                    <tr>
                      <Th>Producto</Th>
                      <Th>Stock</Th>
                      <Th className="text-right">Acción</Th>
                    </tr>
                  </thead>
                  <tbody>
                    {productos.map((p) => (
                      <tr key={p.id_producto}>
                        <Td>
                          <ProductoCelda producto={p} />
                        </Td>
                        <Td>
                          <StockBadge stock={p.stock} umbral={umbralStockBajo} unidad={p.unidad} />
                        </Td>
                        <Td className="text-right">
                          <Button tamano="sm" variante="contorno" onClick={() => setElegido(p)} aria-label={`Ajustar ${p.nombre_producto}`}>
                            Ajustar
                          </Button>
                        </Td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
            </QueryResult>
          ) : (
            <p className="text-sm text-slate-600">Busca el producto por su nombre, marca o código de barras.</p>
          )}
        </div>
      )}
    </Card>
  );
}

function Cifras({ c }: { c: CifrasAjuste | undefined }) {
  if (!c) return <span className="text-slate-400">—</span>;
  return (
    <>
      <span className="block font-medium whitespace-nowrap">{cantidadesTexto(c.unidades, c.gramos)}</span>
      <span className="block text-xs whitespace-nowrap text-slate-600">{pesosConSigno(c.valor_costo)}</span>
    </>
  );
}

/**
 * A phone's report: one card per month (and one for the total) with the reasons it has, one per line.
 * The table's seven columns only fit 390 px by scrolling sideways, and then the month and the total
 * are never on screen together.
 */
function InformeEnTarjetas({ informe }: { informe: InformeAjustes }) {
  const bloques = [
    ...informe.meses.map((m) => ({ clave: m.mes, titulo: capitalizar(nombreMes(m.mes)), porTipo: m.por_tipo, total: m as CifrasAjuste })),
    { clave: 'total', titulo: 'Total del período', porTipo: informe.por_tipo, total: informe.total as CifrasAjuste },
  ];
  return (
    <ul className="mt-3 space-y-3" aria-label="Ajustes por mes y motivo">
      {bloques.map((b) => (
        <li key={b.clave} className="rounded-lg border border-slate-200 p-3" data-testid={`informe-mes-${b.clave}`}>
          <h4 className="font-semibold text-slate-900">{b.titulo}</h4>
          <dl className="mt-2 space-y-1 text-sm">
            {TIPOS_AJUSTE.filter((t) => b.porTipo.some((x) => x.tipo === t)).map((t) => (
              <div key={t} className="flex items-start justify-between gap-3">
                <dt className="text-slate-700">{ETIQUETA_TIPO_AJUSTE[t]}</dt>
                <dd className="text-right">
                  <Cifras c={b.porTipo.find((x) => x.tipo === t)} />
                </dd>
              </div>
            ))}
            <div className="flex items-start justify-between gap-3 border-t border-slate-200 pt-1 font-semibold">
              <dt>Total</dt>
              <dd className="text-right">
                <Cifras c={b.total} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function TablaInforme({ informe }: { informe: InformeAjustes }) {
  const telefono = useEsTelefono();
  const total = informe.por_tipo.reduce<Partial<Record<TipoAjuste, CifrasAjuste>>>((acc, t) => ({ ...acc, [t.tipo]: t }), {});
  const resumen = (
    <p className="text-sm text-slate-700" data-testid="total-informe-ajustes">
      En el período: <strong>{cantidadesTexto(informe.total.unidades, informe.total.gramos)}</strong>,{' '}
      <strong>{pesosConSigno(informe.total.valor_costo)}</strong> a costo, en{' '}
      {informe.total.ajustes === 1 ? '1 ajuste' : `${informe.total.ajustes} ajustes`}.
    </p>
  );
  const nota = (
    <p className="mt-2 text-xs text-slate-600">
      Negativo: unidades (o kilos, a granel) que salieron del estante. El valor usa el precio de compra que tenía cada producto al ajustarlo
      (por kilo, a granel).
      {(informe.total.unidades_sin_costo !== 0 || informe.total.gramos_sin_costo !== 0) &&
        ` ${cantidadesTexto(informe.total.unidades_sin_costo, informe.total.gramos_sin_costo)} de productos sin precio de compra no suman valor.`}
    </p>
  );
  if (telefono)
    return (
      <>
        {resumen}
        <InformeEnTarjetas informe={informe} />
        {nota}
      </>
    );
  return (
    <>
      {resumen}
      <Table caption="Ajustes por mes y motivo" className="mt-3">
        <thead>
          <tr>
            <Th>Mes</Th>
            {TIPOS_AJUSTE.map((t) => (
              <Th key={t} className="text-right">
                {ETIQUETA_TIPO_AJUSTE[t]}
              </Th>
            ))}
            <Th className="text-right">Total</Th>
          </tr>
        </thead>
        <tbody>
          {informe.meses.map((m) => {
            const porTipo = Object.fromEntries(m.por_tipo.map((t) => [t.tipo, t])) as Partial<Record<TipoAjuste, CifrasAjuste>>;
            return (
              <tr key={m.mes}>
                <Td className="font-medium whitespace-nowrap">{capitalizar(nombreMes(m.mes))}</Td>
                {TIPOS_AJUSTE.map((t) => (
                  <Td key={t} className="text-right">
                    <Cifras c={porTipo[t]} />
                  </Td>
                ))}
                <Td className="text-right">
                  <Cifras c={m} />
                </Td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr className="bg-slate-50">
            <Td className="font-semibold">Total</Td>
            {TIPOS_AJUSTE.map((t) => (
              <Td key={t} className="text-right">
                <Cifras c={total[t]} />
              </Td>
            ))}
            <Td className="text-right">
              <Cifras c={informe.total} />
            </Td>
          </tr>
        </tfoot>
      </Table>
      {nota}
    </>
  );
}

function InformeAjustesCard({ idMinimarket }: { idMinimarket: number }) {
  const meses = mesesHasta(hoyEnSantiago(), MAX_MESES_INFORME_AJUSTES);
  const [desde, setDesde] = useState(meses[MESES_INFORME_AJUSTES_POR_DEFECTO - 1]!);
  const [hasta, setHasta] = useState(meses[0]!);
  const rangoValido = desde <= hasta;
  const consulta = useQuery({ ...informeAjustesQueryOptions(idMinimarket, desde, hasta), enabled: rangoValido });

  const selectorMes = (etiqueta: string, valor: string, cambiar: (m: string) => void) => (
    <Field label={etiqueta} className={ANCHO_FILTRO}>
      {(p) => (
        <Select {...p} value={valor} onChange={(e) => cambiar(e.target.value)}>
          {meses.map((m) => (
            <option key={m} value={m}>
              {nombreMes(m)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );

  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 className="text-lg font-semibold text-slate-900">Informe por motivo y mes</h3>
        <div className={FILTROS}>
          {selectorMes('Desde', desde, setDesde)}
          {selectorMes('Hasta', hasta, setHasta)}
        </div>
      </div>
      {!rangoValido ? (
        <p className="mt-3 text-sm text-red-700">El mes «Desde» no puede ser posterior a «Hasta».</p>
      ) : (
        <QueryResult
          className="mt-3"
          query={consulta}
          filas={(d) => (d.meses.length > 0 ? [d] : [])}
          error={mensajeDeError(consulta.error, 'No se pudo cargar el informe de ajustes.')}
          vacio={
            <p className="py-6 text-center text-sm text-slate-600">
              No hay ajustes entre {nombreMes(desde)} y {nombreMes(hasta)}.
            </p>
          }
        >
          {([informe]) => <TablaInforme informe={informe!} />}
        </QueryResult>
      )}
    </Card>
  );
}

function ListaAjustes({ idMinimarket }: { idMinimarket: number }) {
  const meses = mesesHasta(hoyEnSantiago(), MAX_MESES_INFORME_AJUSTES);
  const [mes, setMes] = useState('');
  const [tipo, setTipo] = useState<TipoAjuste | ''>('');
  const [pagina, setPagina] = useState(1);
  const consulta = useQuery(
    ajustesQueryOptions({ idMinimarket, pagina, tamano: PAGE_SIZE_AJUSTES, mes: mes || undefined, tipo: tipo || undefined }),
  );
  const paginas = useClampedPage({
    pagina,
    setPagina,
    total: consulta.data?.total,
    tamano: PAGE_SIZE_AJUSTES,
    isFetching: consulta.isFetching,
  });

  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 className="text-lg font-semibold text-slate-900">Ajustes registrados</h3>
        <div className={FILTROS}>
          <Field label="Mes" className={ANCHO_FILTRO}>
            {(p) => (
              <Select
                {...p}
                value={mes}
                onChange={(e) => {
                  setMes(e.target.value);
                  setPagina(1);
                }}
              >
                <option value="">Todos los meses</option>
                {meses.map((m) => (
                  <option key={m} value={m}>
                    {nombreMes(m)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Motivo" className={ANCHO_FILTRO}>
            {(p) => (
              <Select
                {...p}
                value={tipo}
                onChange={(e) => {
                  setTipo(e.target.value as TipoAjuste | '');
                  setPagina(1);
                }}
              >
                <option value="">Todos los motivos</option>
                {TIPOS_AJUSTE.map((t) => (
                  <option key={t} value={t}>
                    {ETIQUETA_TIPO_AJUSTE[t]}
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
        filas={(d) => d.items}
        error={mensajeDeError(consulta.error, 'No se pudieron cargar los ajustes.')}
        vacio={
          <p className="py-6 text-center text-sm text-slate-600">
            {mes || tipo ? 'No hay ajustes con estos filtros.' : 'Aún no hay ajustes. Registra el primero arriba.'}
          </p>
        }
      >
        {(ajustes) => (
          // Cards on a phone: eight columns cut to 390 px would hide the value and who registered it.
          <TablaOTarjetas
            caption="Ajustes de stock registrados"
            filas={ajustes}
            clave={(a) => a.id_movimiento}
            columnas={COLUMNAS_AJUSTES}
          />
        )}
      </QueryResult>
      {consulta.data && <Pagination className="mt-3" pagina={pagina} totalPaginas={paginas} onCambiar={setPagina} />}
    </Card>
  );
}

/** The registered adjustments, as a table on a laptop and as cards on a phone. */
const COLUMNAS_AJUSTES: ColumnaTabla<AjusteStock>[] = [
  {
    titulo: 'Producto',
    enTarjeta: 'titulo',
    celda: (a) => (
      <>
        <span className="block font-medium text-slate-900">{a.nombre_producto}</span>
        <span className="block text-xs font-normal text-slate-600">{a.codigo_barra}</span>
      </>
    ),
  },
  { titulo: 'Fecha', claseTabla: 'whitespace-nowrap', celda: (a) => formatFechaHora(a.fecha) },
  { titulo: 'Motivo', celda: (a) => ETIQUETA_TIPO_AJUSTE[a.tipo] },
  { titulo: 'Cantidad', derecha: true, claseTabla: 'font-medium', celda: (a) => cantidadConSigno(a.cantidad, a.unidad) },
  {
    titulo: 'Stock',
    derecha: true,
    celda: (a) => `${formatCantidadBreve(a.stock_anterior, a.unidad)} → ${formatCantidadBreve(a.stock_resultante, a.unidad)}`,
  },
  {
    titulo: 'Valor a costo',
    derecha: true,
    celda: (a) =>
      a.valor_costo === null ? (
        <span title="El producto no tenía precio de compra">—</span>
      ) : (
        <>
          {pesosConSigno(a.valor_costo)}
          <span className="block text-xs text-slate-600">
            {a.unidad === 'kg' ? `${formatClp(a.costo_unitario!)}/kg` : `${formatClp(a.costo_unitario!)} c/u`}
          </span>
        </>
      ),
  },
  { titulo: 'Nota', claseTabla: 'max-w-56 text-slate-700', celda: (a) => a.nota ?? '—' },
  { titulo: 'Registró', claseTabla: 'whitespace-nowrap text-slate-700', celda: (a) => a.nombre_usuario ?? '—' },
];
