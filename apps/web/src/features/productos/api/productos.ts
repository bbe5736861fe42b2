// A shop's products as every POS screen finds them: the paged, searchable list (Inventario, the sale's
// manual search, Ajustes, Nuevo producto's latest) and the exact barcode lookup (the scanner).
import { CATEGORIA_TODOS } from '@minimarket/contracts/comunes';
import type { Producto, productosQuerySchema } from '@minimarket/contracts/productos';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPage } from '../../../lib/api-client';
import { RAIZ } from '../../../lib/query-keys';
import { skipLimit } from '../../../lib/consultas';

export interface ProductosParams {
  idMinimarket: number;
  pagina: number;
  tamano: number;
  search?: string;
  /** A category, or 'Todos' for no filter. */
  category?: z.input<typeof productosQuerySchema>['category'];
  orden?: z.input<typeof productosQuerySchema>['orden'];
  /** Only these products (a notification's link names its product). */
  ids?: number[];
}

export const productosKeys = {
  all: RAIZ.productos,
  listas: () => [...productosKeys.all, 'lista'] as const,
  lista: (p: ProductosParams) => [...productosKeys.listas(), p] as const,
};

export const productosQueryOptions = (p: ProductosParams) =>
  queryOptions({
    queryKey: productosKeys.lista(p),
    queryFn: ({ signal }) =>
      apiPage('GET /productos/', {
        signal,
        query: {
          id_minimarket: p.idMinimarket,
          ...skipLimit(p),
          search: p.search?.trim() || undefined,
          category: p.category && p.category !== CATEGORIA_TODOS ? p.category : undefined,
          orden: p.orden,
          ids: p.ids?.join(','),
        },
      }),
    placeholderData: keepPreviousData,
  });

/** The scanner's exact barcode lookup in the shop's active products. */
export async function buscarPorCodigo(idMinimarket: number, codigo: string, signal?: AbortSignal): Promise<Producto | null> {
  const { items } = await apiPage('GET /productos/', {
    signal,
    query: { id_minimarket: idMinimarket, codigo_barra: codigo, skip: 0, limit: 1 },
  });
  return items[0] ?? null;
}
