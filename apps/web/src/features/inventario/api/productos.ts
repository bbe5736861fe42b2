// What Inventario and Nuevo producto change: create, edit, delete a product, a delivery's stock, the
// Open Food Facts lookup and the product request to support. The list itself is features/productos'.
import type { ProductoCreate, ProductoUpdate } from '@minimarket/contracts/productos';
import type { TicketProducto } from '@minimarket/contracts/soporte';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type RespuestaRuta } from '../../../lib/api-client';
import { RAIZ } from '../../../lib/query-keys';

export type ProductoExterno = RespuestaRuta<'GET /catalogo-externo/:codigo_barra'>;

/** Open Food Facts, through the API (the browser never calls outside services). */
export const productoExternoQueryOptions = (codigo: string) =>
  queryOptions({
    queryKey: ['productos-externos', codigo] as const,
    queryFn: () => api('GET /catalogo-externo/:codigo_barra', { params: { codigo_barra: codigo } }),
    staleTime: Infinity,
    retry: false,
  });

function useInvalidarProductos() {
  const queryClient = useQueryClient();
  // Stock and prices feed the recommendations (reorders, dead stock, thin margins) too.
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: RAIZ.productos }), queryClient.invalidateQueries({ queryKey: RAIZ.analitica })]);
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
