// Stock adjustments with a reason (POST /api/productos/{id}/ajustes), the shop's list of them and
// the report by month and reason (GET /api/ajustes-stock, /informe). Their keys live under the
// products' root: whatever changes products (a sale, a delivery) refreshes them too.
import type { AjusteStockCreate, TipoAjuste } from '@minimarket/contracts/ajustes-stock';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPage } from '../../../lib/api-client';
import { RAIZ } from '../../../lib/query-keys';
import { skipLimit } from '../../../lib/consultas';

export interface AjustesParams {
  idMinimarket: number;
  pagina: number;
  tamano: number;
  /** 'YYYY-MM', or all months. */
  mes?: string;
  tipo?: TipoAjuste;
}

export const ajustesKeys = {
  all: [...RAIZ.productos, 'ajustes'] as const,
  lista: (p: AjustesParams) => [...ajustesKeys.all, 'lista', p] as const,
  informe: (idMinimarket: number, desde: string, hasta: string) => [...ajustesKeys.all, 'informe', idMinimarket, desde, hasta] as const,
};

export const ajustesQueryOptions = (p: AjustesParams) =>
  queryOptions({
    queryKey: ajustesKeys.lista(p),
    queryFn: ({ signal }) =>
      apiPage('GET /ajustes-stock', {
        signal,
        query: { id_minimarket: p.idMinimarket, mes: p.mes, tipo: p.tipo, ...skipLimit(p) },
      }),
    placeholderData: keepPreviousData,
  });

export const informeAjustesQueryOptions = (idMinimarket: number, desde: string, hasta: string) =>
  queryOptions({
    queryKey: ajustesKeys.informe(idMinimarket, desde, hasta),
    queryFn: ({ signal }) => api('GET /ajustes-stock/informe', { signal, query: { id_minimarket: idMinimarket, desde, hasta } }),
    placeholderData: keepPreviousData,
  });

/** A product as the server has it now (a count refused because the stock moved shows the new figure). */
export const obtenerProducto = (idProducto: number) => api('GET /productos/:id', { params: { id: idProducto } });

/**
 * Records an adjustment. On success every product list (the sale screen's, Inventario), the
 * adjustments and the analytics (stock feeds the recommendations) are fetched again.
 */
export function useAjustarStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idProducto, ajuste }: { idProducto: number; ajuste: AjusteStockCreate }) =>
      api('POST /productos/:id/ajustes', { params: { id: idProducto }, json: ajuste }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: RAIZ.productos }),
        queryClient.invalidateQueries({ queryKey: RAIZ.analitica }),
        queryClient.invalidateQueries({ queryKey: RAIZ.notificaciones }),
      ]),
  });
}
