import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { RAIZ } from '../../../lib/query-keys';

/** GET /api/respaldos/ultimo (administrators only): read from the server's backup folder. */
export const ultimoRespaldoQueryOptions = () =>
  queryOptions({
    queryKey: [...RAIZ.respaldos, 'ultimo'] as const,
    queryFn: ({ signal }) => api('GET /respaldos/ultimo', { signal }),
    // A backup a day: no need to ask again on every visit.
    staleTime: 5 * 60 * 1000,
  });
