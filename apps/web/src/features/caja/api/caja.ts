// The counter's cash shift (/api/caja): the open one with its running figures (the "X" report),
// opening, cash in and out, the close by counting, and the closed shifts with their reports.
// The open shift itself (turnoActualQueryOptions) lives in lib/caja.ts: the abono dialog asks for it too.
import type { MovimientoCajaCreate } from '@minimarket/contracts/caja';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPage } from '../../../lib/api-client';
import { turnoActualKey } from '../../../lib/caja';
import { RAIZ } from '../../../lib/query-keys';
import { skipLimit } from '../../../lib/consultas';

export const cajaKeys = {
  all: RAIZ.caja,
  actual: turnoActualKey,
  cerrados: (idMinimarket: number, pagina: number, tamano: number) => [...cajaKeys.all, 'cerrados', idMinimarket, pagina, tamano] as const,
};

export const turnosCerradosQueryOptions = (idMinimarket: number, pagina: number, tamano: number) =>
  queryOptions({
    queryKey: cajaKeys.cerrados(idMinimarket, pagina, tamano),
    queryFn: ({ signal }) =>
      apiPage('GET /caja/turnos', {
        signal,
        query: { id_minimarket: idMinimarket, ...skipLimit({ pagina, tamano }) },
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
      api('POST /caja/turnos', { json: { id_minimarket: idMinimarket, monto_inicial: montoInicial } }),
    // A 409 means another device opened it first: show that one either way.
    onSettled: invalidar,
  });
}

export function useMovimientoCaja() {
  const invalidar = useInvalidarCaja();
  return useMutation({
    mutationFn: ({ idTurno, movimiento }: { idTurno: number; movimiento: MovimientoCajaCreate }) =>
      api('POST /caja/turnos/:id/movimientos', { params: { id: idTurno }, json: movimiento }),
    onSettled: invalidar,
  });
}

export function useCerrarTurno() {
  const invalidar = useInvalidarCaja();
  return useMutation({
    mutationFn: ({ idTurno, montoContado }: { idTurno: number; montoContado: number }) =>
      api('POST /caja/turnos/:id/cierre', { params: { id: idTurno }, json: { monto_contado: montoContado } }),
    onSettled: invalidar,
  });
}
