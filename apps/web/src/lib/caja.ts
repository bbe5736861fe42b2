// The shop's open cash shift: asked by CAJA, by Nueva venta (is there a till for the cash?) and by the
// abono dialog of a customer's account (where does the cash go?), so it lives here, not in one feature.
// The rest of CAJA's calls stay in features/pos/api/caja.ts, under the same root key.
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from './api-client';
import { RAIZ } from './query-keys';

export const turnoActualKey = (idMinimarket: number) => [...RAIZ.caja, 'actual', idMinimarket] as const;

/** The open shift, or null when the shop has none (the API's 404 is an answer here, not an error). */
export const turnoActualQueryOptions = (idMinimarket: number) =>
  queryOptions({
    queryKey: turnoActualKey(idMinimarket),
    queryFn: async ({ signal }) => {
      try {
        return await api('GET /caja/turnos/actual', { signal, query: { id_minimarket: idMinimarket } });
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
  });
