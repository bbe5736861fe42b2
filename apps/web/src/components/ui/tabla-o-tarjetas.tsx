import { Fragment, type HTMLAttributes, type ReactNode } from 'react';
import { useEsTelefono } from '../../hooks/use-media-query';
import { cn } from '../../utils/cn';
import { Table, Td, Th } from './table';

export interface ColumnaTabla<T> {
  titulo: string;
  celda: (fila: T) => ReactNode;
  /** Numbers and amounts: right-aligned in the table. */
  derecha?: boolean;
  /** More classes for this column's cells in the table (e.g. `hidden md:table-cell`). */
  claseTabla?: string;
  /**
   * On a phone card: 'titulo' is the card's heading, 'oculta' leaves the column out (the heading
   * or another line already says it, or it is detail the file keeps); by default a label and its value.
   */
  enTarjeta?: 'titulo' | 'oculta';
}

/** Where a row's actions are drawn: icons fit a table cell, a card has room for their words. */
export type FormaFila = 'tabla' | 'tarjeta';

/**
 * A list as a table on a laptop and as cards on a phone, from one description of its columns.
 * A table cut to a phone's width hides its last columns, where the row's actions live; a card
 * stacks the same values and shows every action in full.
 */
export function TablaOTarjetas<T>({
  filas,
  columnas,
  clave,
  caption,
  acciones,
  tituloAcciones = 'Acciones',
  propsFila,
}: {
  filas: readonly T[];
  columnas: ColumnaTabla<T>[];
  clave: (fila: T) => string | number;
  /** Names the table and the list of cards for a screen reader. */
  caption: string;
  acciones?: (fila: T, forma: FormaFila) => ReactNode;
  /** The actions column's heading; an empty string leaves only the sr-only 'Acciones'. */
  tituloAcciones?: string;
  /** Attributes of a row or card (a test id, a state). */
  propsFila?: (fila: T) => HTMLAttributes<HTMLElement> & Record<`data-${string}`, string | number | undefined>;
}) {
  const telefono = useEsTelefono();

  if (telefono) {
    const titulos = columnas.filter((c) => c.enTarjeta === 'titulo');
    const datos = columnas.filter((c) => !c.enTarjeta);
    return (
      <ul aria-label={caption} className="space-y-3">
        {filas.map((f) => {
          const { className, ...props } = propsFila?.(f) ?? {};
          return (
            <li key={clave(f)} className={cn('rounded-lg border border-slate-200 bg-white p-3', className)} {...props}>
              {titulos.map((c) => (
                <div key={c.titulo} className="min-w-0 font-medium break-words text-slate-900">
                  {c.celda(f)}
                </div>
              ))}
              {datos.length > 0 && (
                <dl className={cn('grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm', titulos.length > 0 && 'mt-2')}>
                  {datos.map((c) => (
                    <Fragment key={c.titulo}>
                      <dt className="text-slate-600">{c.titulo}</dt>
                      <dd className="min-w-0 text-right break-words text-slate-900">{c.celda(f)}</dd>
                    </Fragment>
                  ))}
                </dl>
              )}
              {acciones && <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-100 pt-3">{acciones(f, 'tarjeta')}</div>}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Table caption={caption}>
      <thead>
        <tr>
          {columnas.map((c) => (
            <Th key={c.titulo} className={cn(c.derecha && 'text-right', c.claseTabla)}>
              {c.titulo}
            </Th>
          ))}
          {acciones && <Th className="text-right">{tituloAcciones ? tituloAcciones : <span className="sr-only">Acciones</span>}</Th>}
        </tr>
      </thead>
      <tbody>
        {filas.map((f) => (
          <tr key={clave(f)} {...propsFila?.(f)}>
            {columnas.map((c) => (
              <Td key={c.titulo} className={cn(c.derecha && 'text-right whitespace-nowrap', c.claseTabla)}>
                {c.celda(f)}
              </Td>
            ))}
            {acciones && <Td className="text-right whitespace-nowrap">{acciones(f, 'tabla')}</Td>}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
