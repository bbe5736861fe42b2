import { queryOptions } from '@tanstack/react-query';
import { api, type RespuestaRuta } from '../../../lib/api-client';
import { useMutacionQueRefresca } from '../../../lib/mutaciones';
import { RAIZ } from '../../../lib/query-keys';

export type NotificacionesLista = RespuestaRuta<'GET /notificaciones'>;

/** New events (a product runs out, an import fails) show up without a reload. */
const REFRESCO_MS = 60_000;

export const notificacionesKeys = {
  all: RAIZ.notificaciones,
  lista: () => [...notificacionesKeys.all, 'lista'] as const,
};

export const notificacionesQueryOptions = () =>
  queryOptions({
    queryKey: notificacionesKeys.lista(),
    queryFn: () => api('GET /notificaciones'),
    refetchInterval: REFRESCO_MS,
  });

export const useMarcarLeida = () =>
  useMutacionQueRefresca((id: number) => api('POST /notificaciones/:id/leer', { params: { id } }), [notificacionesKeys.all]);

export const useMarcarTodasLeidas = () => useMutacionQueRefresca(() => api('POST /notificaciones/leer-todas'), [notificacionesKeys.all]);
