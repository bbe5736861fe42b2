import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useClampedPage } from '../../../hooks/use-clamped-page';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { productosQueryOptions, type ProductosParams } from '../api/productos';

/**
 * A shop's products as a searchable, paged list: what is typed goes to the server once the
 * typing pauses, and a new term or category starts again at page 1.
 */
export function useBusquedaProductos({
  idMinimarket,
  tamano,
  categoria,
  ids,
}: {
  idMinimarket: number;
  tamano: number;
  categoria?: ProductosParams['category'];
  ids?: number[];
}) {
  const [busqueda, setBusquedaTexto] = useState('');
  const [pagina, setPagina] = useState(1);
  const search = useDebouncedValue(busqueda.trim());
  const consulta = useQuery(productosQueryOptions({ idMinimarket, pagina, tamano, search, category: categoria, ids }));
  const paginas = useClampedPage({ pagina, setPagina, total: consulta.data?.total, tamano, isFetching: consulta.isFetching });
  const setBusqueda = (texto: string) => {
    setBusquedaTexto(texto);
    setPagina(1);
  };
  return { busqueda, setBusqueda, pagina, setPagina, paginas, consulta };
}
