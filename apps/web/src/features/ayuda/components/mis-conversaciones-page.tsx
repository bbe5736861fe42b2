import { PAGE_SIZE_CHATS } from '@minimarket/contracts/soporte';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, MessageSquareOff, MessagesSquare, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ComposerMensaje } from '../../../components/soporte/composer-mensaje';
import { HiloMensajes } from '../../../components/soporte/hilo-mensajes';
import { EstadoBadge, MarcaNoLeidos } from '../../../components/soporte/insignias';
import { CabeceraConversacion, PaginaConversacion } from '../../../components/soporte/pagina-conversacion';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { totalPaginas } from '../../../utils/paginacion';
import { QueryResult } from '../../../components/ui/query-result';
import { NOMBRE_ASISTENTE } from '../../../lib/app-info';
import { useAuth } from '../../../lib/auth';
import { conversacionesQueryOptions, RUTA_SOPORTE_PYME, useEnviarMensaje } from '../../../lib/soporte';
import { cn } from '../../../utils/cn';
import { formatEntero, formatFechaHora } from '../../../utils/format';
import { NuevaConversacionForm } from './nueva-conversacion-form';

/** The pyme's own conversations with support, newest activity first, and a way to open a new one. */
export function MisConversacionesPage({ escribiendoAlInicio = false }: { escribiendoAlInicio?: boolean }) {
  const [pagina, setPagina] = useState(1);
  const [escribiendo, setEscribiendo] = useState(escribiendoAlInicio);
  const navigate = useNavigate();
  const consulta = useQuery(conversacionesQueryOptions({ pagina, tamano: PAGE_SIZE_CHATS, orden: 'reciente' }));
  const total = consulta.data?.total ?? 0;

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Mis conversaciones con soporte</h2>
          <p className="text-sm text-slate-600">Escríbenos cuando lo necesites: las respuestas aparecen aquí apenas llegan.</p>
        </div>
        {!escribiendo && (
          <Button onClick={() => setEscribiendo(true)}>
            <Plus className="size-4" aria-hidden="true" /> Escribir a soporte
          </Button>
        )}
      </div>

      {escribiendo && (
        <Card className="space-y-3 p-4 sm:p-5">
          <h3 className="font-semibold text-slate-900">Nueva conversación</h3>
          <NuevaConversacionForm
            onCancelar={() => setEscribiendo(false)}
            onCreada={(c) => navigate(`${RUTA_SOPORTE_PYME}/${c.id_conversacion}`)}
          />
        </Card>
      )}

      <QueryResult
        query={consulta}
        filas={(d) => d.items}
        error="No se pudieron cargar tus conversaciones. Inténtalo de nuevo."
        vacio={
          <EmptyState icono={MessagesSquare} titulo="Todavía no has escrito a soporte.">
            Si algo no funciona o tienes una duda que {NOMBRE_ASISTENTE} no pudo responder, escríbenos con «Escribir a soporte».
          </EmptyState>
        }
      >
        {(conversaciones) => (
          <Card>
            <ul className="divide-y divide-slate-100" aria-label="Mis conversaciones">
              {conversaciones.map((c) => (
                <li key={c.id_conversacion} className={cn(c.no_leidos > 0 && 'bg-marca-50/60')}>
                  <Link
                    to={`${RUTA_SOPORTE_PYME}/${c.id_conversacion}`}
                    className="block space-y-1 px-4 py-3 hover:bg-slate-50"
                    data-testid="mi-conversacion"
                  >
                    <span className="flex flex-wrap items-center gap-2">
                      <span className={cn('text-marca-800', c.no_leidos > 0 ? 'font-semibold' : 'font-medium')}>{c.asunto}</span>
                      <EstadoBadge estado={c.estado} />
                      <MarcaNoLeidos cantidad={c.no_leidos} />
                    </span>
                    <span className="block truncate text-sm text-slate-700">{c.ultimo_mensaje}</span>
                    <span className="block text-xs text-slate-600">
                      <time dateTime={c.fecha_ultimo_mensaje}>{formatFechaHora(c.fecha_ultimo_mensaje)}</time>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </QueryResult>
      {consulta.data && total > 0 && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">
            Mostrando {formatEntero(consulta.data.items.length)} de {formatEntero(total)} {total === 1 ? 'conversación' : 'conversaciones'}
          </p>
          <Pagination pagina={pagina} totalPaginas={totalPaginas(total, PAGE_SIZE_CHATS)} onCambiar={setPagina} />
        </div>
      )}
    </div>
  );
}

/** One of the pyme's conversations: the answers arrive live (the layout keeps the stream open). */
export function ConversacionPymePage({ id }: { id: number }) {
  const { user } = useAuth();
  const enviar = useEnviarMensaje(id);
  return (
    <PaginaConversacion
      id={id}
      className="mx-auto max-w-3xl space-y-4"
      volver={
        <Link
          to={RUTA_SOPORTE_PYME}
          className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-marca-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Volver a mis conversaciones
        </Link>
      }
      inexistente={<EmptyState icono={MessageSquareOff} titulo="Esta conversación no existe." />}
    >
      {(c) => (
        <Card className="flex flex-col overflow-hidden">
          <CabeceraConversacion asunto={c.asunto}>
            <EstadoBadge estado={c.estado} />
            <span>
              Abierta el <time dateTime={c.fecha_creacion}>{formatFechaHora(c.fecha_creacion)}</time>
            </span>
          </CabeceraConversacion>
          <HiloMensajes
            mensajes={c.mensajes}
            idUsuarioActual={user?.id_usuario ?? 0}
            etiqueta="Mensajes con soporte"
            className="h-[min(26rem,55vh)]"
          />
          {c.estado === 'Resuelto' && (
            <Alert tipo="info" className="m-3 mb-0">
              Soporte marcó esta conversación como resuelta. Si escribes de nuevo, se vuelve a abrir.
            </Alert>
          )}
          <ComposerMensaje etiqueta="Tu mensaje para soporte" enviar={(texto) => enviar.mutateAsync(texto)} />
        </Card>
      )}
    </PaginaConversacion>
  );
}
