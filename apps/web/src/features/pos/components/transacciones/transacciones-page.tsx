import { PAGE_SIZE_TRANSACCIONES } from '@minimarket/contracts/comunes';
import { ORIGENES_VENTA, referenciaVenta, textoPagos, type OrigenVenta, type Venta } from '@minimarket/contracts/ventas';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, Receipt, Search } from 'lucide-react';
import { Fragment, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { FechaInput } from '../../../../components/ui/fecha-input';
import { Field, Input, Select } from '../../../../components/ui/field';
import { Pagination } from '../../../../components/ui/pagination';
import { totalPaginas } from '../../../../utils/paginacion';
import { QueryResult } from '../../../../components/ui/query-result';
import { Table, Td, Th } from '../../../../components/ui/table';
import { useEsTelefono } from '../../../../hooks/use-media-query';
import { mensajeDeError } from '../../../../lib/api-client';
import { tituloPagina } from '../../../../lib/app-info';
import { useAuth } from '../../../../lib/auth';
import { usePersonasDeLaTienda } from '../../../../lib/cajeros';
import { esFechaIso, MENSAJE_FECHA_INVALIDA } from '../../../../utils/fechas';
import { contar, formatClp, formatFechaHora } from '../../../../utils/format';
import { ventasQueryOptions } from '../../api/ventas';
import { cn } from '../../../../utils/cn';
import { AnularVentaDialog } from './anular-venta-dialog';
import { DevolverProductosDialog } from './devolver-productos-dialog';
import {
  AccionesVenta,
  AlertasVenta,
  DetalleVenta,
  esAnulada,
  EstadoVenta,
  FechaVenta,
  HistoriaVenta,
  VendedorVenta,
} from './venta-partes';
import { AvisoRechazadas, VentasRechazadasServidor } from './ventas-rechazadas-servidor';

export const MENSAJE_FECHAS_INVALIDAS = 'La fecha de inicio no puede ser posterior a la fecha de término.';

/** The search typed (applied with «Buscar»). */
interface Filtros {
  search: string;
  desde: string;
  hasta: string;
}

const VACIO: Filtros = { search: '', desde: '', hasta: '' };

/** The lists to choose from (applied as soon as chosen): who sold it, from which lane, only those with alerts. */
interface Seleccion {
  idVendedor: number | null;
  origen: OrigenVenta | '';
  conAlertas: boolean;
}

const SIN_SELECCION: Seleccion = { idVendedor: null, origen: '', conAlertas: false };

export const ETIQUETA_ORIGEN: Record<OrigenVenta, string> = {
  mostrador: 'Mostrador',
  offline: 'Sin conexión',
  archivo: 'Archivo',
};

/**
 * Who sold it (the shop's owner and cashiers: owners and administrators only, a cashier may not list
 * them), from which lane, and «Con alertas» (an offline sale that did what the counter would not allow).
 */
function FiltrosSeleccion({
  idMinimarket,
  conPersonas,
  seleccion,
  onCambiar,
}: {
  idMinimarket: number;
  conPersonas: boolean;
  seleccion: Seleccion;
  onCambiar: (s: Seleccion) => void;
}) {
  const personas = usePersonasDeLaTienda(idMinimarket, conPersonas);
  const idAlertas = useId();
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end">
      {conPersonas && (
        <Field label="Vendedor">
          {(p) => (
            <Select
              {...p}
              value={seleccion.idVendedor ?? ''}
              onChange={(e) => onCambiar({ ...seleccion, idVendedor: e.target.value === '' ? null : Number(e.target.value) })}
            >
              <option value="">Todos</option>
              {personas.map((x) => (
                <option key={x.id_usuario} value={x.id_usuario}>
                  {x.nombre}
                  {x.rol === 'pyme' ? ' (dueño)' : ''}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <Field label="Origen">
        {(p) => (
          <Select {...p} value={seleccion.origen} onChange={(e) => onCambiar({ ...seleccion, origen: e.target.value as OrigenVenta | '' })}>
            <option value="">Todos</option>
            {ORIGENES_VENTA.map((o) => (
              <option key={o} value={o}>
                {ETIQUETA_ORIGEN[o]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="flex items-center gap-2 lg:h-10">
        <input
          id={idAlertas}
          type="checkbox"
          className="size-4 accent-marca-700"
          checked={seleccion.conAlertas}
          onChange={(e) => onCambiar({ ...seleccion, conAlertas: e.target.checked })}
        />
        <label htmlFor={idAlertas} className="text-sm font-medium text-slate-700">
          Con alertas
        </label>
      </div>
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
                <p className={cn('text-xs', anulada ? 'text-red-800' : 'text-slate-700')}>
                  Vendedor: <VendedorVenta venta={v} />
                </p>
                {v.origen === 'offline' && (
                  <p className="text-xs text-amber-900" data-testid="recibida-en">
                    Sin conexión · recibida {formatFechaHora(v.recibida_en)}
                  </p>
                )}
              </div>
              <p className={cn('font-semibold whitespace-nowrap', anulada && 'line-through')}>{formatClp(v.total)}</p>
            </div>
            <div className="mt-2">
              <AlertasVenta venta={v} />
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
  const [seleccion, setSeleccion] = useState<Seleccion>(SIN_SELECCION);
  // The people filter and the refused sales are the owner's (and an administrator's), not a cashier's.
  const esDueno = useAuth().user?.rol !== 'cajero';
  const [errorFechas, setErrorFechas] = useState<string | null>(null);
  const [pagina, setPagina] = useState(1);
  const [abiertas, setAbiertas] = useState<Set<number>>(new Set());
  const [anulando, setAnulando] = useState<Venta | null>(null);
  const [devolviendo, setDevolviendo] = useState<Venta | null>(null);
  const consulta = useQuery(
    ventasQueryOptions({
      idMinimarket,
      pagina,
      tamano: PAGE_SIZE_TRANSACCIONES,
      ...filtros,
      idVendedor: seleccion.idVendedor ?? undefined,
      origen: seleccion.origen || undefined,
      conAlertas: seleccion.conAlertas,
    }),
  );

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

  const hayFiltros = Boolean(
    filtros.search || filtros.desde || filtros.hasta || seleccion.idVendedor !== null || seleccion.origen || seleccion.conAlertas,
  );

  return (
    <div className="space-y-4">
      <title>{tituloPagina('Transacciones')}</title>
      {esDueno && <AvisoRechazadas idMinimarket={idMinimarket} />}
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
                  setSeleccion(SIN_SELECCION);
                  setErrorFechas(null);
                  setPagina(1);
                }}
              >
                Limpiar
              </Button>
            )}
          </div>
        </form>
        <FiltrosSeleccion
          idMinimarket={idMinimarket}
          conPersonas={esDueno}
          seleccion={seleccion}
          onCambiar={(nueva) => {
            setSeleccion(nueva);
            setPagina(1);
          }}
        />

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
                    <Th>Vendedor</Th>
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
                          <Td>
                            <FechaVenta venta={v} />
                          </Td>
                          <Td>
                            <VendedorVenta venta={v} />
                          </Td>
                          <Td>{textoPagos(v.pagos)}</Td>
                          <Td className={cn('text-right font-semibold whitespace-nowrap', anulada && 'line-through')}>
                            {formatClp(v.total)}
                          </Td>
                          <Td className="max-w-64">
                            <span className="flex flex-col gap-1">
                              <EstadoVenta venta={v} />
                              <AlertasVenta venta={v} />
                            </span>
                          </Td>
                        </tr>
                        {abierta && (
                          <tr id={`detalle-venta-${v.id_venta}`}>
                            <td colSpan={7} className="px-3 pb-3">
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
      {esDueno && <VentasRechazadasServidor idMinimarket={idMinimarket} />}
      <AnularVentaDialog venta={anulando} onCerrar={() => setAnulando(null)} />
      <DevolverProductosDialog venta={devolviendo} onCerrar={() => setDevolviendo(null)} />
    </div>
  );
}
