import { CATEGORIA_TODOS, MAX_PAGE_SIZE } from '@minimarket/contracts/comunes';
import type { EtiquetaLeida, Producto, ProductoCreate, productosQuerySchema, ProductoUpdate } from '@minimarket/contracts/productos';
import type { TicketProducto } from '@minimarket/contracts/soporte';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiPage, type RespuestaRuta } from '../../../lib/api-client';
import { RAIZ } from '../../../lib/query-keys';

export type ProductoExterno = RespuestaRuta<'GET /catalogo-externo/:codigo_barra'>;

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
  externo: (codigo: string) => ['productos-externos', codigo] as const,
};

export const productosQueryOptions = (p: ProductosParams) =>
  queryOptions({
    queryKey: productosKeys.lista(p),
    queryFn: ({ signal }) =>
      apiPage('GET /productos/', {
        signal,
        query: {
          id_minimarket: p.idMinimarket,
          skip: (p.pagina - 1) * p.tamano,
          limit: p.tamano,
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

/**
 * A scale label read by the server with the shop's layout (GET /productos/etiqueta/{codigo}):
 * the product, the grams that leave the stock and the label's amount. An unknown PLU (404) or a
 * label that does not read (422: check digit, format) throws an ApiError whose message is the
 * server's Spanish sentence, shown as it is.
 */
export function leerEtiquetaBalanza(idMinimarket: number, codigo: string, signal?: AbortSignal): Promise<EtiquetaLeida> {
  return api('GET /productos/etiqueta/:codigo', {
    params: { codigo },
    query: { id_minimarket: idMinimarket },
    signal,
  });
}

/**
 * Products as the server has them now, by id, in one call per hundred (the cart's refresh);
 * an id missing from the answer no longer exists in the shop (or was deleted): null.
 */
export async function obtenerProductos(idMinimarket: number, ids: number[]): Promise<Map<number, Producto | null>> {
  const frescos = new Map<number, Producto | null>(ids.map((id) => [id, null]));
  for (let i = 0; i < ids.length; i += MAX_PAGE_SIZE) {
    const lote = ids.slice(i, i + MAX_PAGE_SIZE);
    const { items } = await apiPage('GET /productos/', {
      query: { id_minimarket: idMinimarket, ids: lote.join(','), skip: 0, limit: lote.length },
    });
    for (const p of items) frescos.set(p.id_producto, p);
  }
  return frescos;
}

/** Open Food Facts, through the API (the browser never calls outside services). */
export const productoExternoQueryOptions = (codigo: string) =>
  queryOptions({
    queryKey: productosKeys.externo(codigo),
    queryFn: () => api('GET /catalogo-externo/:codigo_barra', { params: { codigo_barra: codigo } }),
    staleTime: Infinity,
    retry: false,
  });

function useInvalidarProductos() {
  const queryClient = useQueryClient();
  // Stock and prices feed the recommendations (reorders, dead stock, thin margins) too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productosKeys.all }),
      queryClient.invalidateQueries({ queryKey: RAIZ.analitica }),
    ]);
}

export function useCrearProducto() {
  const invalidar = useInvalidarProductos();
  return useMutation({
    mutationFn: (datos: ProductoCreate) => api('POST /productos/', { json: datos }),
    onSuccess: invalidar,
  });
}

export function useActualizarProducto() {
  const invalidar = useInvalidarProductos();
  return useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: ProductoUpdate }) => api('PUT /productos/:id', { params: { id }, json: datos }),
    onSuccess: invalidar,
  });
}

export function useEliminarProducto() {
  const invalidar = useInvalidarProductos();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /productos/:id', { params: { id } }),
    onSuccess: invalidar,
  });
}

export function useIngresoStock() {
  const invalidar = useInvalidarProductos();
  return useMutation({
    mutationFn: ({ id, cantidad, costo_total }: { id: number; cantidad: number; costo_total: number }) =>
      api('POST /productos/:id/stock', { params: { id }, json: { cantidad, costo_total } }),
    onSuccess: invalidar,
  });
}

/** The product request ('Solicitar a soporte…', the spec's 'Agregar Producto'): asks support to add a product; the server opens a support conversation with it. */
export function useSolicitarProducto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticket: TicketProducto) => api('POST /soporte/tickets-producto', { json: ticket }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RAIZ.soporte }),
  });
}
