// The till's quick keys (issue 32, docs/pagos.md «Teclas rápidas»): GET /minimarkets/{id}/teclas-rapidas
// gives the grid of Nueva venta (the owner's, or the shop's most sold products); PUT sets it. Nueva venta
// reads it and Configuración edits it: two features, so it lives here.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { RAIZ } from './query-keys';

export const teclasRapidasKey = (idMinimarket: number) => [...RAIZ.minimarkets, 'teclas-rapidas', idMinimarket] as const;

/** The grid changes with the sales (the most sold) and with the owner's choice: a few minutes fresh is enough. */
const FRESCO_MS = 5 * 60_000;

export const teclasRapidasQueryOptions = (idMinimarket: number) =>
  queryOptions({
    queryKey: teclasRapidasKey(idMinimarket),
    queryFn: ({ signal }) => api('GET /minimarkets/:id/teclas-rapidas', { params: { id: idMinimarket }, signal }),
    staleTime: FRESCO_MS,
  });

/** The owner's grid, in order; an empty list goes back to the most sold products. */
export function useFijarTeclasRapidas(idMinimarket: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productos: number[]) => api('PUT /minimarkets/:id/teclas-rapidas', { params: { id: idMinimarket }, json: { productos } }),
    onSuccess: (teclas) => queryClient.setQueryData(teclasRapidasKey(idMinimarket), teclas),
  });
}
