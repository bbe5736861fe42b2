import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pagination } from '../../../components/ui/pagination';
import { QueryResult } from '../../../components/ui/query-result';
import { useClampedPage } from '../../../hooks/use-clamped-page';
import { mensajeDeError } from '../../../lib/api-client';
import { tituloPagina } from '../../../lib/app-info';
import { formatEntero } from '../../../utils/format';
import type { BusquedaGestion } from '../hooks/use-busqueda-gestion';
import { BarraBusqueda } from './barra-busqueda';

// The pieces both management lists (usuarios, minimarkets) are built from, besides BarraBusqueda.

/** The list's title with its total, and the card that opens the create form. */
export function CabeceraGestion({
  titulo,
  total,
  singular,
  plural,
  testIdTotal,
  icono: Icono,
  textoCrear,
  descripcionCrear,
  onCrear,
}: {
  titulo: string;
  /** Undefined until the first page has loaded. */
  total: number | undefined;
  singular: string;
  plural: string;
  testIdTotal: string;
  icono: LucideIcon;
  textoCrear: string;
  descripcionCrear: string;
  onCrear: () => void;
}) {
  return (
    <>
      <title>{tituloPagina(titulo)}</title>
      <div>
        <h2 className="text-xl font-semibold text-slate-900">{titulo}</h2>
        <p className="text-sm text-slate-600" data-testid={testIdTotal}>
          {total !== undefined ? `Total: ${formatEntero(total)} ${total === 1 ? singular : plural}` : ' '}
        </p>
      </div>

      <Card className="flex flex-wrap items-center gap-4 border-marca-200 bg-marca-50 p-4">
        <span className="rounded-lg bg-white p-2.5 text-marca-700">
          <Icono className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1 basis-56">
          <p className="font-semibold text-slate-900">{textoCrear}</p>
          <p className="text-sm text-slate-600">{descripcionCrear}</p>
        </div>
        <Button onClick={onCrear}>{textoCrear}</Button>
      </Card>
    </>
  );
}

/** Why the list is empty: the search, the filters, or nothing there yet. */
export function SinResultados({ plural, termino, filtrosActivos }: { plural: string; termino: string; filtrosActivos: number }) {
  return (
    <p className="py-8 text-center text-sm text-slate-600">
      {termino
        ? `No se encontraron ${plural} que coincidan con "${termino}"`
        : filtrosActivos > 0
          ? `No se encontraron ${plural} con los filtros elegidos`
          : `No hay ${plural} para mostrar`}
    </p>
  );
}

/**
 * The list itself: the search bar with its filters, the page of rows (or why there are none) and the
 * pages, stepping back a page when the list shrinks under it (useClampedPage).
 */
export function ListaGestion<D extends { total: number }, T>({
  busqueda,
  etiqueta,
  placeholder,
  filtros,
  consulta,
  filas,
  error,
  plural,
  tamano,
  children,
}: {
  busqueda: BusquedaGestion;
  etiqueta: string;
  placeholder: string;
  filtros: ReactNode;
  consulta: UseQueryResult<D>;
  filas: (data: D) => readonly T[];
  error: string;
  plural: string;
  tamano: number;
  children: (filas: readonly T[]) => ReactNode;
}) {
  const { termino, filtrosActivos, pagina, setPagina } = busqueda;
  const paginas = useClampedPage({ pagina, setPagina, total: consulta.data?.total, tamano, isFetching: consulta.isFetching });
  return (
    <Card className="space-y-4 p-4 sm:p-5">
      <BarraBusqueda
        termino={termino}
        etiqueta={etiqueta}
        placeholder={placeholder}
        filtrosActivos={filtrosActivos}
        onBuscar={busqueda.buscar}
        onLimpiar={busqueda.limpiar}
        filtros={filtros}
      />

      <QueryResult
        query={consulta}
        filas={filas}
        error={error}
        vacio={<SinResultados plural={plural} termino={termino} filtrosActivos={filtrosActivos} />}
      >
        {children}
      </QueryResult>
      {consulta.data && <Pagination pagina={pagina} totalPaginas={paginas} onCambiar={setPagina} />}
    </Card>
  );
}

/** Asks before deleting; the outcome is told in a toast and the dialog closes either way. */
export function ConfirmarEliminacion<T>({
  elemento,
  titulo,
  eliminar,
  idDe,
  mensajeExito,
  prefijoError,
  onCerrar,
  children,
}: {
  elemento: T | null;
  titulo: string;
  eliminar: UseMutationResult<unknown, Error, number>;
  idDe: (elemento: T) => number;
  mensajeExito: (elemento: T) => string;
  /** Put before the server's reason in the error toast. */
  prefijoError: string;
  onCerrar: () => void;
  /** The question, naming what is deleted and what goes with it. */
  children: (elemento: T) => string;
}) {
  return (
    <ConfirmDialog
      abierto={elemento !== null}
      titulo={titulo}
      procesando={eliminar.isPending}
      onCancelar={onCerrar}
      onConfirmar={() => {
        if (elemento === null) return;
        const exito = mensajeExito(elemento);
        eliminar.mutate(idDe(elemento), {
          onSuccess: () => {
            toast.success(exito, { duration: 2000 });
            onCerrar();
          },
          onError: (e) => {
            toast.error(`${prefijoError}: ${mensajeDeError(e, 'Error desconocido')}`);
            onCerrar();
          },
        });
      }}
    >
      {elemento !== null ? children(elemento) : null}
    </ConfirmDialog>
  );
}
