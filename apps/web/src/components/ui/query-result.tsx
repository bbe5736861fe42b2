import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Loading } from './loading';

/** A failed load, with a Reintentar button that asks again. */
export function RetryAlert({ onReintentar, children }: { onReintentar: () => void; children: ReactNode }) {
  return (
    <Alert
      tipo="error"
      accion={
        <button type="button" className="font-medium underline" onClick={onReintentar}>
          Reintentar
        </button>
      }
    >
      {children}
    </Alert>
  );
}

/**
 * The states of a list query in one place: loading, failed (with Reintentar), empty, or its rows.
 * The wrapper is aria-busy while a new page or search is fetched, so the old rows stay readable.
 */
export function QueryResult<T, F>({
  query,
  filas,
  error,
  vacio,
  className,
  children,
}: {
  query: UseQueryResult<T>;
  /** The rows of the loaded data; none means `vacio` is shown instead of `children`. */
  filas: (data: T) => readonly F[];
  error: ReactNode;
  vacio: ReactNode;
  className?: string;
  children: (filas: readonly F[]) => ReactNode;
}) {
  let contenido: ReactNode;
  if (query.isPending) contenido = <Loading />;
  else if (query.isError) contenido = <RetryAlert onReintentar={() => query.refetch()}>{error}</RetryAlert>;
  else {
    const lista = filas(query.data);
    contenido = lista.length === 0 ? vacio : children(lista);
  }
  return (
    <div className={className} aria-busy={query.isFetching}>
      {contenido}
    </div>
  );
}
