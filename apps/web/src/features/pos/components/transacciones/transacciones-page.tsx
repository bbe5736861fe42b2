import { ESTADO_VENTA_COMPLETADA, PAGE_SIZE_TRANSACCIONES } from '@minimarket/contracts/comunes';
import type { Venta } from '@minimarket/contracts/ventas';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, Receipt, Search } from 'lucide-react';
import { Fragment, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../../components/ui/badge';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { FechaInput } from '../../../../components/ui/fecha-input';
import { Field, Input } from '../../../../components/ui/field';
import { Pagination, totalPaginas } from '../../../../components/ui/pagination';
import { QueryResult } from '../../../../components/ui/query-result';
import { Table, Td, Th } from '../../../../components/ui/table';
import { mensajeDeError } from '../../../../lib/api-client';
import { tituloPagina } from '../../../../lib/app-info';
import { esFechaIso, MENSAJE_FECHA_INVALIDA } from '../../../../utils/fechas';
import { formatClp, formatEntero, formatFechaHora } from '../../../../utils/format';
import { ventasQueryOptions } from '../../api/ventas';

export const MENSAJE_FECHAS_INVALIDAS = 'La fecha de inicio no puede ser posterior a la fecha de término.';

interface Filtros {
  search: string;
  desde: string;
  hasta: string;
}

const VACIO: Filtros = { search: '', desde: '', hasta: '' };

function DetalleVenta({ venta }: { venta: Venta }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <table className="w-full text-sm">
        <caption className="sr-only">Detalle de la venta {venta.id_venta}</caption>
        <thead>
          <tr className="text-left text-xs text-slate-600 uppercase">
            <th scope="col" className="py-1 pr-2 font-semibold">
              Producto
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-semibold">
              Cantidad
            </th>
            <th scope="col" className="hidden py-1 pr-2 text-right font-semibold sm:table-cell">
              Precio unitario
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Subtotal
            </th>
          </tr>
        </thead>
        <tbody>
          {venta.detalles.map((d) => (
            <tr key={d.id_detalle_venta} className="border-t border-slate-200">
              <td className="py-1.5 pr-2">{d.nombre_producto}</td>
              <td className="py-1.5 pr-2 text-right">{formatEntero(d.num_unidades)}</td>
              <td className="hidden py-1.5 pr-2 text-right sm:table-cell">{formatClp(d.precio_unitario)}</td>
              <td className="py-1.5 text-right font-medium">{formatClp(d.subtotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function TransaccionesPage({ idMinimarket }: { idMinimarket: number }) {
  const [borrador, setBorrador] = useState<Filtros>(VACIO);
  const [filtros, setFiltros] = useState<Filtros>(VACIO);
  const [errorFechas, setErrorFechas] = useState<string | null>(null);
  const [pagina, setPagina] = useState(1);
  const [abiertas, setAbiertas] = useState<Set<number>>(new Set());
  const consulta = useQuery(ventasQueryOptions({ idMinimarket, pagina, tamano: PAGE_SIZE_TRANSACCIONES, ...filtros }));

  const buscar = (e: FormEvent) => {
    e.preventDefault();
    if ([borrador.desde, borrador.hasta].some((f) => f !== '' && !esFechaIso(f))) {
      setErrorFechas(MENSAJE_FECHA_INVALIDA);
      return;
    }
    if (borrador.desde && borrador.hasta && borrador.desde > borrador.hasta) {
      setErrorFechas(MENSAJE_FECHAS_INVALIDAS);
      return;
    }
    setErrorFechas(null);
    setFiltros({ ...borrador, search: borrador.search.replace(/\D/g, '') });
    setPagina(1);
  };

  const alternar = (id: number) =>
    setAbiertas((actual) => {
      const nuevo = new Set(actual);
      if (nuevo.has(id)) nuevo.delete(id);
      else nuevo.add(id);
      return nuevo;
    });

  const hayFiltros = filtros.search || filtros.desde || filtros.hasta;

  return (
    <>
      <title>{tituloPagina('Transacciones')}</title>
      <Card className="p-4 sm:p-5">
        <h2 className="text-lg font-semibold text-slate-900">Transacciones</h2>
        <form onSubmit={buscar} noValidate className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end">
          <Field label="N° de venta">
            {(p) => (
              <Input
                {...p}
                inputMode="numeric"
                placeholder="Ej: 1024"
                value={borrador.search}
                onChange={(e) => setBorrador((b) => ({ ...b, search: e.target.value.replace(/\D/g, '') }))}
              />
            )}
          </Field>
          <Field label="Desde" error={errorFechas ?? undefined}>
            {(p) => (
              <FechaInput
                {...p}
                value={borrador.desde}
                max={borrador.hasta || undefined}
                onChange={(desde) => setBorrador((b) => ({ ...b, desde }))}
              />
            )}
          </Field>
          <Field label="Hasta">
            {(p) => (
              <FechaInput
                {...p}
                value={borrador.hasta}
                min={borrador.desde || undefined}
                onChange={(hasta) => setBorrador((b) => ({ ...b, hasta }))}
              />
            )}
          </Field>
          <div className="flex gap-2">
            <Button type="submit">
              <Search className="size-4" aria-hidden="true" /> Buscar
            </Button>
            {hayFiltros && (
              <Button
                variante="contorno"
                onClick={() => {
                  setBorrador(VACIO);
                  setFiltros(VACIO);
                  setErrorFechas(null);
                  setPagina(1);
                }}
              >
                Limpiar
              </Button>
            )}
          </div>
        </form>

        <QueryResult
          className="mt-4"
          query={consulta}
          filas={(d) => d.sales}
          error={mensajeDeError(consulta.error, 'No se pudieron cargar las transacciones.')}
          vacio={
            hayFiltros ? (
              <p className="py-8 text-center text-sm text-slate-600">No se encontraron ventas con esos filtros.</p>
            ) : (
              <EmptyState
                icono={Receipt}
                titulo="Todavía no hay ventas registradas."
                accion={
                  <Link to="/pos/nueva-venta" className={buttonClasses('primario')}>
                    Registrar una venta
                  </Link>
                }
              >
                Registra ventas en Nueva venta o carga tu historial de ventas en Cargar Información.
              </EmptyState>
            )
          }
        >
          {(ventas) => (
            <Table caption="Ventas registradas">
              <thead>
                <tr>
                  <Th>
                    <span className="sr-only">Detalle</span>
                  </Th>
                  <Th>N° venta</Th>
                  <Th className="hidden sm:table-cell">Fecha</Th>
                  <Th className="hidden sm:table-cell">Método de pago</Th>
                  <Th className="text-right">Total</Th>
                  <Th className="hidden sm:table-cell">Estado</Th>
                </tr>
              </thead>
              <tbody>
                {ventas.map((v) => {
                  const abierta = abiertas.has(v.id_venta);
                  return (
                    <Fragment key={v.id_venta}>
                      <tr data-testid={`venta-${v.id_venta}`}>
                        <Td className="w-10">
                          <button
                            type="button"
                            className="rounded-md p-1 text-slate-600 hover:bg-slate-100"
                            aria-expanded={abierta}
                            aria-controls={`detalle-venta-${v.id_venta}`}
                            aria-label={`${abierta ? 'Ocultar' : 'Ver'} detalle de la venta ${v.id_venta}`}
                            onClick={() => alternar(v.id_venta)}
                          >
                            {abierta ? (
                              <ChevronDown className="size-4" aria-hidden="true" />
                            ) : (
                              <ChevronRight className="size-4" aria-hidden="true" />
                            )}
                          </button>
                        </Td>
                        <Td>
                          <span className="block font-mono font-medium">#{v.id_venta}</span>
                          <span className="block text-xs whitespace-nowrap text-slate-600 sm:hidden">{formatFechaHora(v.fecha_venta)}</span>
                        </Td>
                        <Td className="hidden whitespace-nowrap sm:table-cell">{formatFechaHora(v.fecha_venta)}</Td>
                        <Td className="hidden sm:table-cell">{v.metodo_pago}</Td>
                        <Td className="text-right font-semibold whitespace-nowrap">{formatClp(v.total)}</Td>
                        <Td className="hidden sm:table-cell">
                          <Badge color={v.estado_venta === ESTADO_VENTA_COMPLETADA ? 'verde' : 'rojo'}>{v.estado_venta}</Badge>
                        </Td>
                      </tr>
                      {abierta && (
                        <tr id={`detalle-venta-${v.id_venta}`}>
                          <td colSpan={6} className="px-3 pb-3">
                            <p className="mb-2 text-xs text-slate-600 sm:hidden">
                              {v.metodo_pago} · {v.estado_venta}
                            </p>
                            <DetalleVenta venta={v} />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </Table>
          )}
        </QueryResult>
        {consulta.data && (
          <Pagination
            className="mt-3"
            pagina={pagina}
            totalPaginas={totalPaginas(consulta.data.total, PAGE_SIZE_TRANSACCIONES)}
            onCambiar={setPagina}
          />
        )}
      </Card>
    </>
  );
}
