import { useEffect } from 'react';
import { totalPaginas } from '../utils/paginacion';

/**
 * How many pages a paged list has, stepping `pagina` back when the list shrinks under it:
 * deleting the last row of the last page would otherwise leave an empty page in view.
 * `total` is undefined until the first page has loaded.
 */
export function useClampedPage({
  pagina,
  setPagina,
  total,
  tamano,
  isFetching,
}: {
  pagina: number;
  setPagina: (pagina: number) => void;
  total: number | undefined;
  tamano: number;
  isFetching: boolean;
}): number {
  const paginas = total === undefined ? 1 : totalPaginas(total, tamano);
  useEffect(() => {
    if (total !== undefined && !isFetching && pagina > paginas) setPagina(paginas);
  }, [total, isFetching, pagina, paginas, setPagina]);
  return paginas;
}
