import type { notificacionesListSchema } from '@minimarket/contracts/notificaciones';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { RAIZ } from '../../../lib/query-keys';

export type NotificacionesLista = z.infer<typeof notificacionesListSchema>;

/** New events (a product runs out, an import fails) show up without a reload. */
const REFRESCO_MS = 60_000;

export const notificacionesKeys = {
  all: RAIZ.notificaciones,
  lista: () => [...notificacionesKeys.all, 'lista'] as const,
};

export const notificacionesQueryOptions = () =>
  queryOptions({
    queryKey: notificacionesKeys.lista(),
    queryFn: () => apiRequest<NotificacionesLista>('/notificaciones'),
    refetchInterval: REFRESCO_MS,
  });

export function useMarcarLeida() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>(`/notificaciones/${id}/leer`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificacionesKeys.all }),
  });
}

export function useMarcarTodasLeidas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('/notificaciones/leer-todas', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificacionesKeys.all }),
  });
}
