import { ESTADO_VENTA_COMPLETADA, PAGE_SIZE_TRANSACCIONES } from '@minimarket/contracts/comunes';
import { ESTADO_VENTA_ANULADA, referenciaVenta, textoPagos, type Venta } from '@minimarket/contracts/ventas';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, Printer, Receipt, Search, Undo2, XCircle } from 'lucide-react';
import { Fragment, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge } from '../../../../components/ui/badge';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { FechaInput } from '../../../../components/ui/fecha-input';
import { Field, Input } from '../../../../components/ui/field';
import { Pagination, totalPaginas } from '../../../../components/ui/pagination';
import { QueryResult } from '../../../../components/ui/query-result';
import { Table, Td, Th } from '../../../../components/ui/table';
import { useEsTelefono } from '../../../../hooks/use-media-query';
import { mensajeDeError } from '../../../../lib/api-client';
import { formatCantidadBreve, formatPrecio } from '../../../../lib/granel';
import { tituloPagina } from '../../../../lib/app-info';
import { esFechaIso, MENSAJE_FECHA_INVALIDA } from '../../../../utils/fechas';
import { contar, formatClp, formatFechaHora } from '../../../../utils/format';
import { ventasQueryOptions } from '../../api/ventas';
import { cn } from '../../../../utils/cn';
import { quedaPorDevolver } from '../../utils/devolucion';
import { AnularVentaDialog } from './anular-venta-dialog';
import { DevolverProductosDialog } from './devolver-productos-dialog';

export const MENSAJE_FECHAS_INVALIDAS = 'La fecha de inicio no puede ser posterior a la fecha de término.';

interface Filtros {
  search: string;
  desde: string;
  hasta: string;
}

const VACIO: Filtros = { search: '', desde: '', hasta: '' };

const esAnulada = (v: Venta) => v.estado_venta === ESTADO_VENTA_ANULADA;

/** The sale's state: red when voided, and a note when part of it came back. */
function EstadoVenta({ venta }: { venta: Venta }) {
  const devuelta = (venta.devoluciones ?? []).length > 0;
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge color={venta.estado_venta === ESTADO_VENTA_COMPLETADA ? 'verde' : 'rojo'}>{venta.estado_venta}</Badge>
      {devuelta && !esAnulada(venta) && <Badge color="amarillo">Con devolución</Badge>}
    </span>
  );
}

/** What happened to the sale after it was made: its void, its returns (oldest first). */
function HistoriaVenta({ venta }: { venta: Venta }) {
  const devoluciones = venta.devoluciones ?? [];
  return (
    <>
      {venta.anulada_en && (
        <p className="mt-2 text-sm font-medium text-red-800">
          Anulada el {formatFechaHora(venta.anulada_en)}
          {venta.motivo_anulacion ? `. Motivo: ${venta.motivo_anulacion}` : ''}
        </p>
      )}
      {devoluciones.length > 0 && (
        <div className="mt-3">
          <h4 className="text-xs font-semibold text-slate-600 uppercase">Devoluciones</h4>
          <ul className="mt-1 space-y-1 text-sm" aria-label={`Devoluciones de la venta ${referenciaVenta(venta)}`}>
            {devoluciones.map((d) => (
              <li key={d.id_devolucion} className="rounded-md border border-amber-200 bg-amber-50 px-2 py-1.5">
                <span className="font-medium">{formatFechaHora(d.fecha)}</span> ·{' '}
                {d.detalles.map((x) => `${formatCantidadBreve(x.num_unidades, x.unidad)} × ${x.nombre_producto}`).join(', ')} ·{' '}
                <span className="font-medium whitespace-nowrap">{formatClp(d.total)}</span>
                <span className="block text-xs text-slate-700">Motivo: {d.motivo}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function AccionesVenta({ venta, onAnular, onDevolver }: { venta: Venta; onAnular: () => void; onDevolver: () => void }) {
  const anulada = esAnulada(venta);
  return (
    <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label={`Acciones de la venta ${referenciaVenta(venta)}`}>
      <Link to={`/pos/comprobante/${venta.id_venta}`} state={{ desde: '/pos/transacciones' }} className={buttonClasses('contorno', 'sm')}>
        <Printer className="size-4" aria-hidden="true" /> Imprimir comprobante
      </Link>
      {!anulada && quedaPorDevolver(venta) && (
        <Button variante="contorno" tamano="sm" onClick={onDevolver}>
          <Undo2 className="size-4" aria-hidden="true" /> Devolver productos
        </Button>
      )}
      {!anulada && (
        <Button variante="peligro" tamano="sm" onClick={onAnular}>
          <XCircle className="size-4" aria-hidden="true" /> Anular venta
        </Button>
      )}
    </div>
  );
}

function DetalleVenta({ venta }: { venta: Venta }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <table className="w-full text-sm">
        <caption className="sr-only">Detalle de la venta {referenciaVenta(venta)}</caption>
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
              <td className="py-1.5 pr-2 text-right whitespace-nowrap">{formatCantidadBreve(d.num_unidades, d.unidad)}</td>
              <td className="hidden py-1.5 pr-2 text-right whitespace-nowrap sm:table-cell">{formatPrecio(d.precio_unitario, d.unidad)}</td>
              <td className="py-1.5 text-right font-medium">{formatClp(d.subtotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A phone's Transacciones: one card per sale with what the table's columns say, and 'Ver detalle'
 * opening the lines with the same actions as on a laptop (comprobante, devolver, anular).
 */
function VentasEnTarjetas({
  ventas,
  abiertas,
  onAlternar,
  onAnular,
  onDevolver,
}: {
  ventas: readonly Venta[];
  abiertas: Set<number>;
  onAlternar: (id: number) => void;
  onAnular: (venta: Venta) => void;
  onDevolver: (venta: Venta) => void;
}) {
  return (
    <ul aria-label="Ventas registradas" className="space-y-3">
      {ventas.map((v) => {
        const abierta = abiertas.has(v.id_venta);
        const anulada = esAnulada(v);
        return (
          <li
            key={v.id_venta}
            data-testid={`venta-${v.id_venta}`}
            data-estado={v.estado_venta}
            className={cn('rounded-lg border p-3', anulada ? 'border-red-200 bg-red-50 text-red-800' : 'border-slate-200 bg-white')}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-mono font-medium">{referenciaVenta(v)}</p>
                <p className={cn('text-xs', anulada ? 'text-red-800' : 'text-slate-600')}>
                  {formatFechaHora(v.fecha_venta)} · {textoPagos(v.pagos)}
                </p>
              </div>
              <p className={cn('font-semibold whitespace-nowrap', anulada && 'line-through')}>{formatClp(v.total)}</p>
            </div>
            <div className="mt-2 flex items-center justify-between gap-2">
              <EstadoVenta venta={v} />
              <button
                type="button"
                className={buttonClasses('fantasma', 'sm', '-mr-2')}
                aria-expanded={abierta}
                aria-controls={`detalle-venta-${v.id_venta}`}
                aria-label={`${abierta ? 'Ocultar' : 'Ver'} detalle de la venta ${referenciaVenta(v)}`}
                onClick={() => onAlternar(v.id_venta)}
              >
                {abierta ? 'Ocultar detalle' : 'Ver detalle'}
                {abierta ? <ChevronDown className="size-4" aria-hidden="true" /> : <ChevronRight className="size-4" aria-hidden="true" />}
              </button>
            </div>
            {abierta && (
              <div id={`detalle-venta-${v.id_venta}`} className="mt-2">
                <DetalleVenta venta={v} />
                <HistoriaVenta venta={v} />
                <AccionesVenta venta={v} onAnular={() => onAnular(v)} onDevolver={() => onDevolver(v)} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function TransaccionesPage({ idMinimarket }: { idMinimarket: number }) {
  const telefono = useEsTelefono();
  // ?buscar=C1-0042: a notice about one sale (an offline sale at old prices) opens the list on it.
  const [params] = useSearchParams();
  const inicial: Filtros = { ...VACIO, search: params.get('buscar')?.trim() ?? '' };
  const [borrador, setBorrador] = useState<Filtros>(inicial);
  const [filtros, setFiltros] = useState<Filtros>(inicial);
  const [errorFechas, setErrorFechas] = useState<string | null>(null);
  const [pagina, setPagina] = useState(1);
  const [abiertas, setAbiertas] = useState<Set<number>>(new Set());
  const [anulando, setAnulando] = useState<Venta | null>(null);
  const [devolviendo, setDevolviendo] = useState<Venta | null>(null);
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
    setFiltros({ ...borrador, search: borrador.search.trim() });
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
                placeholder="Ej: 12 o CK7Q2-0042"
                maxLength={100}
                value={borrador.search}
                onChange={(e) => setBorrador((b) => ({ ...b, search: e.target.value }))}
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

        {consulta.data && consulta.data.total > 0 && (
          <p className="mt-4 text-sm text-slate-700" data-testid="totales-transacciones">
            {contar(consulta.data.ventas_completadas, 'venta')} por <strong>{formatClp(consulta.data.monto_total)}</strong>
            {consulta.data.ventas_completadas < consulta.data.total ? ' (las anuladas no cuentan)' : ''}; lo devuelto ya está descontado.
          </p>
        )}
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
          {(ventas) =>
            telefono ? (
              <VentasEnTarjetas
                ventas={ventas}
                abiertas={abiertas}
                onAlternar={alternar}
                onAnular={setAnulando}
                onDevolver={setDevolviendo}
              />
            ) : (
              <Table caption="Ventas registradas">
                <thead>
                  <tr>
                    <Th>
                      <span className="sr-only">Detalle</span>
                    </Th>
                    <Th>N° venta</Th>
                    <Th>Fecha</Th>
                    <Th>Método de pago</Th>
                    <Th className="text-right">Total</Th>
                    <Th>Estado</Th>
                  </tr>
                </thead>
                <tbody>
                  {ventas.map((v) => {
                    const abierta = abiertas.has(v.id_venta);
                    const anulada = esAnulada(v);
                    return (
                      <Fragment key={v.id_venta}>
                        <tr
                          data-testid={`venta-${v.id_venta}`}
                          data-estado={v.estado_venta}
                          className={cn(anulada && 'bg-red-50 text-red-800')}
                        >
                          <Td className="w-10">
                            <button
                              type="button"
                              className="rounded-md p-1 text-slate-600 hover:bg-slate-100"
                              aria-expanded={abierta}
                              aria-controls={`detalle-venta-${v.id_venta}`}
                              aria-label={`${abierta ? 'Ocultar' : 'Ver'} detalle de la venta ${referenciaVenta(v)}`}
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
                            <span className="block font-mono font-medium">{referenciaVenta(v)}</span>
                          </Td>
                          <Td className="whitespace-nowrap">{formatFechaHora(v.fecha_venta)}</Td>
                          <Td>{textoPagos(v.pagos)}</Td>
                          <Td className={cn('text-right font-semibold whitespace-nowrap', anulada && 'line-through')}>
                            {formatClp(v.total)}
                          </Td>
                          <Td>
                            <EstadoVenta venta={v} />
                          </Td>
                        </tr>
                        {abierta && (
                          <tr id={`detalle-venta-${v.id_venta}`}>
                            <td colSpan={6} className="px-3 pb-3">
                              <DetalleVenta venta={v} />
                              <HistoriaVenta venta={v} />
                              <AccionesVenta venta={v} onAnular={() => setAnulando(v)} onDevolver={() => setDevolviendo(v)} />
                            </td>
                          </tr>
                        )}
                      </Fragment>
                    );
                  })}
                </tbody>
              </Table>
            )
          }
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
      <AnularVentaDialog venta={anulando} onCerrar={() => setAnulando(null)} />
      <DevolverProductosDialog venta={devolviendo} onCerrar={() => setDevolviendo(null)} />
    </>
  );
}
