import type { MinimarketCreate } from '@minimarket/contracts/minimarkets';
import { api, apiPage } from '../../../lib/api-client';
import { paginaQueryOptions, skipLimit } from '../../../lib/consultas';
import { tiendaKeys } from '../../../lib/current-shop';
import { useMutacionQueRefresca } from '../../../lib/mutaciones';

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

const recortado = (texto?: string) => texto?.trim() || undefined;

export const minimarketsQueryOptions = (p: MinimarketsParams) =>
  paginaQueryOptions(minimarketsKeys.lista(p), (signal) =>
    apiPage('GET /minimarkets/', {
      signal,
      query: { ...skipLimit(p), search: recortado(p.search), comuna: recortado(p.comuna), rubro: recortado(p.rubro) },
    }),
  );

export const useCrearMinimarket = () =>
  useMutacionQueRefresca((datos: MinimarketCreate) => api('POST /minimarkets/', { json: datos }), [minimarketsKeys.all]);

export const useActualizarMinimarket = () =>
  useMutacionQueRefresca(
    ({ id, datos }: { id: number; datos: Partial<MinimarketCreate> }) => api('PUT /minimarkets/:id', { params: { id }, json: datos }),
    [minimarketsKeys.all],
  );

export const useEliminarMinimarket = () =>
  useMutacionQueRefresca((id: number) => api('DELETE /minimarkets/:id', { params: { id } }), [minimarketsKeys.all]);
