import type { MinimarketCreate } from '@minimarket/contracts/minimarkets';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPage } from '../../../lib/api-client';
import { tiendaKeys } from '../../../lib/current-shop';

export interface MinimarketsParams {
  pagina: number;
  tamano: number;
  search?: string;
  comuna?: string;
  rubro?: string;
}

// Under the shop selector's root key, so a change here refreshes the selector too.
export const minimarketsKeys = {
  all: tiendaKeys.all,
  listas: () => [...tiendaKeys.all, 'lista'] as const,
  lista: (p: MinimarketsParams) => [...minimarketsKeys.listas(), p] as const,
};

export const minimarketsQueryOptions = (p: MinimarketsParams) =>
  queryOptions({
    queryKey: minimarketsKeys.lista(p),
    queryFn: ({ signal }) =>
      apiPage('GET /minimarkets/', {
        signal,
        query: {
          skip: (p.pagina - 1) * p.tamano,
          limit: p.tamano,
          search: p.search?.trim() || undefined,
          comuna: p.comuna?.trim() || undefined,
          rubro: p.rubro?.trim() || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });

function useInvalidar() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: minimarketsKeys.all });
}

export function useCrearMinimarket() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (datos: MinimarketCreate) => api('POST /minimarkets/', { json: datos }),
    onSuccess: invalidar,
  });
}

export function useActualizarMinimarket() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: Partial<MinimarketCreate> }) =>
      api('PUT /minimarkets/:id', { params: { id }, json: datos }),
    onSuccess: invalidar,
  });
}

export function useEliminarMinimarket() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /minimarkets/:id', { params: { id } }),
    onSuccess: invalidar,
  });
}
