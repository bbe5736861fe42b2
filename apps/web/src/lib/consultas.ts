import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';

/** The page of a list as the API reads it: the rows it skips and how many it hands out. */
export const skipLimit = ({ pagina, tamano }: { pagina: number; tamano: number }) => ({ skip: (pagina - 1) * tamano, limit: tamano });

/**
 * A page of a list: `pedir` asks for it with the query's signal (a new search cancels the old one),
 * and the page before stays on screen while the next one comes.
 */
export function paginaQueryOptions<T, K extends QueryKey>(queryKey: K, pedir: (signal: AbortSignal) => Promise<T>) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => pedir(signal), placeholderData: keepPreviousData });
}
