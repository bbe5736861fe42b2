// The shop's audit trail (GET /api/auditoria; docs/cajeros.md «Auditoría»): owners and administrators.
import type { AccionAuditoria } from '@minimarket/contracts/auditoria';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type RespuestaRuta } from '../../../lib/api-client';
import { RAIZ } from '../../../lib/query-keys';
import { skipLimit } from '../../../lib/consultas';

export type ListaAuditoria = RespuestaRuta<'GET /auditoria'>;

export interface AuditoriaParams {
  idMinimarket: number;
  accion?: AccionAuditoria;
  idUsuario?: number;
  pagina: number;
  tamano: number;
}

export const auditoriaQueryOptions = (p: AuditoriaParams) =>
  queryOptions({
    queryKey: [...RAIZ.auditoria, p] as const,
    queryFn: ({ signal }) =>
      api('GET /auditoria', {
        signal,
        query: {
          id_minimarket: p.idMinimarket,
          accion: p.accion,
          id_usuario: p.idUsuario,
          ...skipLimit(p),
        },
      }),
    placeholderData: keepPreviousData,
  });
