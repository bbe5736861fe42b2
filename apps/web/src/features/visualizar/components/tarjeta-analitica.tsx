import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { QueryResult } from '../../../components/ui/query-result';
import { cn } from '../../../utils/cn';
import { SinVentas } from './sin-ventas';

/**
 * One card of Visualizar: its title (with its controls beside it, when it has some), a note under the
 * title, and one read's states (loading, failed with Reintentar, no sales) around what it shows.
 */
export function TarjetaAnalitica<T, F>({
  titulo,
  controles,
  nota,
  className,
  testId,
  consulta,
  filas,
  error,
  vacio = <SinVentas />,
  children,
}: {
  titulo: ReactNode;
  controles?: ReactNode;
  nota?: ReactNode;
  className?: string;
  testId?: string;
  consulta: UseQueryResult<T>;
  filas: (data: T) => readonly F[];
  error: ReactNode;
  vacio?: ReactNode;
  children: (filas: readonly F[]) => ReactNode;
}) {
  const encabezado = <h3 className="text-lg font-semibold text-slate-900">{titulo}</h3>;
  return (
    <Card className={cn('min-w-0 p-4 sm:p-5', className)} data-testid={testId}>
      {controles ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          {encabezado}
          <div className="flex flex-wrap gap-3">{controles}</div>
        </div>
      ) : (
        encabezado
      )}
      {nota}
      <QueryResult className="mt-3" query={consulta} filas={filas} error={error} vacio={vacio}>
        {children}
      </QueryResult>
    </Card>
  );
}
