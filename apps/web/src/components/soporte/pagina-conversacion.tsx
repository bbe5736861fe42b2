import type { ConversacionDetalle } from '@minimarket/contracts/soporte';
import type { ReactNode } from 'react';
import { ApiError, mensajeDeError } from '../../lib/api-client';
import { useConversacion } from '../../lib/soporte';
import { Loading } from '../ui/loading';
import { RetryAlert } from '../ui/query-result';

/**
 * A support conversation's page, the pyme's and the administrador's: loading; a conversation that does
 * not exist or is not the reader's (403, 404, 422: `inexistente`); a failed load with Reintentar; or the
 * conversation. `volver` heads the page in every case but the loading.
 */
export function PaginaConversacion({
  id,
  className,
  volver,
  inexistente,
  children,
}: {
  id: number;
  className: string;
  volver: ReactNode;
  inexistente: ReactNode;
  children: (c: ConversacionDetalle) => ReactNode;
}) {
  const consulta = useConversacion(id);
  if (consulta.isPending) return <Loading />;
  if (consulta.isError) {
    const noExiste = consulta.error instanceof ApiError && [403, 404, 422].includes(consulta.error.status);
    return (
      <div className={className}>
        {volver}
        {noExiste ? (
          inexistente
        ) : (
          <RetryAlert onReintentar={() => consulta.refetch()}>
            {mensajeDeError(consulta.error, 'No se pudo cargar la conversación.')}
          </RetryAlert>
        )}
      </div>
    );
  }
  return (
    <div className={className}>
      {volver}
      {children(consulta.data)}
    </div>
  );
}

/** The conversation's subject over its badges and dates. */
export function CabeceraConversacion({ asunto, children }: { asunto: string; children: ReactNode }) {
  return (
    <header className="space-y-1 border-b border-slate-200 p-4">
      <h2 className="text-lg font-semibold break-words text-slate-900">{asunto}</h2>
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">{children}</div>
    </header>
  );
}
