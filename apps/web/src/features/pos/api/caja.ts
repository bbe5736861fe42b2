// The counter's cash shift (/api/caja): the open one with its running figures (the "X" report),
// opening, cash in and out, the close by counting, and the closed shifts with their reports.
import type { MovimientoCajaCreate, Turno } from '@minimarket/contracts/caja';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, apiRequestPage } from '../../../lib/api-client';
import { RAIZ } from '../../../lib/query-keys';

export const cajaKeys = {
  all: RAIZ.caja,
  actual: (idMinimarket: number) => [...cajaKeys.all, 'actual', idMinimarket] as const,
  cerrados: (idMinimarket: number, pagina: number, tamano: number) => [...cajaKeys.all, 'cerrados', idMinimarket, pagina, tamano] as const,
};

/** The open shift, or null when the shop has none (the API's 404 is an answer here, not an error). */
export const turnoActualQueryOptions = (idMinimarket: number) =>
  queryOptions({
    queryKey: cajaKeys.actual(idMinimarket),
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<Turno>('/caja/turnos/actual', { signal, query: { id_minimarket: idMinimarket } });
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
  });

export const turnosCerradosQueryOptions = (idMinimarket: number, pagina: number, tamano: number) =>
  queryOptions({
    queryKey: cajaKeys.cerrados(idMinimarket, pagina, tamano),
    queryFn: ({ signal }) =>
      apiRequestPage<Turno>('/caja/turnos', {
        signal,
        query: { id_minimarket: idMinimarket, skip: (pagina - 1) * tamano, limit: tamano },
      }),
    placeholderData: keepPreviousData,
  });

function useInvalidarCaja() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: cajaKeys.all });
}

export function useAbrirTurno() {
  const invalidar = useInvalidarCaja();
  return useMutation({
    mutationFn: ({ idMinimarket, montoInicial }: { idMinimarket: number; montoInicial: number }) =>
      apiRequest<Turno>('/caja/turnos', { method: 'POST', json: { id_minimarket: idMinimarket, monto_inicial: montoInicial } }),
    // A 409 means another device opened it first: show that one either way.
    onSettled: invalidar,
  });
}

export function useMovimientoCaja() {
  const invalidar = useInvalidarCaja();
  return useMutation({
    mutationFn: ({ idTurno, movimiento }: { idTurno: number; movimiento: MovimientoCajaCreate }) =>
      apiRequest<Turno>(`/caja/turnos/${idTurno}/movimientos`, { method: 'POST', json: movimiento }),
    onSettled: invalidar,
  });
}

export function useCerrarTurno() {
  const invalidar = useInvalidarCaja();
  return useMutation({
    mutationFn: ({ idTurno, montoContado }: { idTurno: number; montoContado: number }) =>
      apiRequest<Turno>(`/caja/turnos/${idTurno}/cierre`, { method: 'POST', json: { monto_contado: montoContado } }),
    onSettled: invalidar,
  });
}
