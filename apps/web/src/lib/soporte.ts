// Support conversations (/api/soporte), shared by the pyme's help pages, the administrador's
// /chats, the sidebar's unread badge and the live stream the layout keeps open. Type-only
// imports from the contract: the app shell needs none of its zod schemas.
import type { Rol } from '@minimarket/contracts/comunes';
import type {
  Conversacion,
  ConversacionCreate,
  ConversacionDetalle,
  EstadoConversacion,
  EventoSoporte,
  MensajeSoporte,
  ORDENES_CONVERSACION,
  Prioridad,
} from '@minimarket/contracts/soporte';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, apiPage, apiUrl } from './api-client';
import { getToken } from './auth-token';
import { paginaQueryOptions, skipLimit } from './consultas';
import { useMutacionQueRefresca } from './mutaciones';
import { RAIZ } from './query-keys';

export type OrdenConversaciones = (typeof ORDENES_CONVERSACION)[number];

export interface ConversacionesParams {
  pagina: number;
  tamano: number;
  search?: string;
  orden?: OrdenConversaciones;
  estado?: EstadoConversacion;
  /** Administradores: one user's conversations (the chat detail's history). */
  idUsuario?: number;
}

export const soporteKeys = {
  all: RAIZ.soporte,
  listas: () => [...soporteKeys.all, 'lista'] as const,
  lista: (p: ConversacionesParams) => [...soporteKeys.listas(), p] as const,
  detalles: () => [...soporteKeys.all, 'detalle'] as const,
  detalle: (id: number) => [...soporteKeys.detalles(), id] as const,
  noLeidos: () => [...soporteKeys.all, 'no-leidos'] as const,
};

/** While the live stream is down, the unread badge still catches up now and then. */
const REFRESCO_NO_LEIDOS_MS = 60_000;

export const conversacionesQueryOptions = (p: ConversacionesParams) =>
  paginaQueryOptions(soporteKeys.lista(p), (signal) =>
    apiPage('GET /soporte/conversaciones', {
      signal,
      query: { ...skipLimit(p), search: p.search?.trim() || undefined, orden: p.orden, estado: p.estado, id_usuario: p.idUsuario },
    }),
  );

/** Reading a conversation marks it read for the caller, so the unread counts follow it. */
export const conversacionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: soporteKeys.detalle(id),
    queryFn: ({ signal }) => api('GET /soporte/conversaciones/:id', { params: { id }, signal }),
    staleTime: 0,
  });

/** A conversation on screen: each time it is read, the unread counts and marks elsewhere follow. */
export function useConversacion(id: number) {
  const queryClient = useQueryClient();
  const consulta = useQuery(conversacionQueryOptions(id));
  const leidaEn = consulta.dataUpdatedAt;
  useEffect(() => {
    if (leidaEn) refrescarListas(queryClient);
  }, [leidaEn, queryClient]);
  return consulta;
}

export const noLeidosQueryOptions = () =>
  queryOptions({
    queryKey: soporteKeys.noLeidos(),
    queryFn: ({ signal }) => api('GET /soporte/no-leidos', { signal }),
    refetchInterval: REFRESCO_NO_LEIDOS_MS,
    // A server without the support routes should not retry three times on every page.
    retry: false,
  });

/** The pyme's support conversations (the API's notifications link here too). */
export const RUTA_SOPORTE_PYME = '/ayuda/soporte';

/** Where a conversation opens for each role. */
export function rutaConversacion(rol: Rol, id: number): string {
  return rol === 'administrador' ? `/chats/chat/${id}` : `${RUTA_SOPORTE_PYME}/${id}`;
}

/** Adds a message to a cached conversation once (the stream also brings the caller's own). */
function conMensaje(detalle: ConversacionDetalle | undefined, mensaje: MensajeSoporte): ConversacionDetalle | undefined {
  if (!detalle || detalle.mensajes.some((m) => m.id_mensaje === mensaje.id_mensaje)) return detalle;
  return { ...detalle, mensajes: [...detalle.mensajes, mensaje], ultimo_mensaje: mensaje.texto, fecha_ultimo_mensaje: mensaje.fecha };
}

/** A conversation's new state (status, priority) over the cached detail, keeping its messages. */
function conEstado(detalle: ConversacionDetalle | undefined, c: Conversacion): ConversacionDetalle | undefined {
  if (!detalle) return detalle;
  return { ...detalle, asunto: c.asunto, estado: c.estado, prioridad: c.prioridad };
}

function refrescarListas(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: soporteKeys.listas() });
  void queryClient.invalidateQueries({ queryKey: soporteKeys.noLeidos() });
}

/**
 * What one live event changes in the caches: the open conversation, the lists, the badges, the bell.
 * `refrescar` (the server may have missed events) asks again for every support query on screen.
 */
export async function aplicarEventoSoporte(queryClient: QueryClient, evento: EventoSoporte) {
  if (evento.tipo === 'refrescar') {
    await queryClient.invalidateQueries({ queryKey: soporteKeys.all });
    return;
  }
  const clave = soporteKeys.detalle(evento.id_conversacion);
  if (evento.tipo === 'mensaje') {
    queryClient.setQueryData<ConversacionDetalle>(clave, (d) => conMensaje(d, evento.mensaje));
    // An open conversation is fetched again, which marks the new message read; then the counts.
    await queryClient.invalidateQueries({ queryKey: clave });
    // The API raises a notification for the other side's message.
    void queryClient.invalidateQueries({ queryKey: RAIZ.notificaciones });
  } else {
    queryClient.setQueryData<ConversacionDetalle>(clave, (d) => conEstado(d, evento.conversacion));
  }
  refrescarListas(queryClient);
}

const RECONEXION_MIN_MS = 2_000;
const RECONEXION_MAX_MS = 60_000;

/**
 * Keeps GET /api/soporte/eventos open while signed in and applies each event to the caches.
 * EventSource cannot send the Authorization header, and the session token must not travel in a
 * URL (proxies log them): each connection first asks for a stream ticket (POST
 * /soporte/eventos/ticket, valid 60 s, accepted only by the stream, once) and opens ?ticket=. A
 * ticket opens one stream only, so EventSource's own reconnection (same URL) would be refused:
 * whenever the stream ends (the server ends it when the session ends or changes: a new role, a
 * shop reassigned), it is closed here and a new ticket asked for, with a growing wait. After any
 * reconnection, and on a `refrescar` event, the caches are refreshed, since events may have been
 * missed meanwhile.
 */
export function useEventosSoporte(activo: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!activo || typeof EventSource === 'undefined') return;
    let fuente: EventSource | null = null;
    let temporizador: ReturnType<typeof setTimeout> | undefined;
    let espera = RECONEXION_MIN_MS;
    let abiertaAntes = false;
    let terminado = false;

    const reintentar = () => {
      if (terminado) return;
      temporizador = setTimeout(() => void abrir(), espera);
      espera = Math.min(espera * 2, RECONEXION_MAX_MS);
    };

    const abrir = async () => {
      if (terminado || !getToken()) return;
      let ticket: string;
      try {
        ticket = (await api('POST /soporte/eventos/ticket')).ticket;
      } catch {
        reintentar();
        return;
      }
      if (terminado) return;
      const actual = new EventSource(apiUrl('GET /soporte/eventos', { query: { ticket } }));
      fuente = actual;
      actual.onopen = () => {
        espera = RECONEXION_MIN_MS;
        if (abiertaAntes) void queryClient.invalidateQueries({ queryKey: soporteKeys.all });
        abiertaAntes = true;
      };
      actual.onmessage = (e: MessageEvent<string>) => {
        let evento: EventoSoporte;
        try {
          evento = JSON.parse(e.data) as EventoSoporte;
        } catch {
          return; // A keep-alive or a line this version does not know.
        }
        if (evento && (evento.tipo === 'mensaje' || evento.tipo === 'conversacion' || evento.tipo === 'refrescar')) {
          void aplicarEventoSoporte(queryClient, evento);
        }
      };
      actual.onerror = () => {
        // Ended or refused: this ticket is spent, the next connection needs a new one.
        actual.close();
        if (fuente !== actual || terminado) return;
        fuente = null;
        reintentar();
      };
    };

    void abrir();
    return () => {
      terminado = true;
      clearTimeout(temporizador);
      fuente?.close();
    };
  }, [activo, queryClient]);
}

export function useCrearConversacion() {
  return useMutacionQueRefresca((datos: ConversacionCreate) => api('POST /soporte/conversaciones', { json: datos }), [soporteKeys.all]);
}

export function useEnviarMensaje(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (texto: string) => api('POST /soporte/conversaciones/:id/mensajes', { params: { id }, json: { texto } }),
    onSuccess: (mensaje) => {
      queryClient.setQueryData<ConversacionDetalle>(soporteKeys.detalle(id), (d) => conMensaje(d, mensaje));
      // A pyme's message reopens a resolved conversation: the detail brings its new state.
      void queryClient.invalidateQueries({ queryKey: soporteKeys.detalle(id) });
      refrescarListas(queryClient);
    },
  });
}

export function useActualizarConversacion(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cambios: { estado?: EstadoConversacion; prioridad?: Prioridad }) =>
      api('PATCH /soporte/conversaciones/:id', { params: { id }, json: cambios }),
    onSuccess: (conversacion) => {
      queryClient.setQueryData<ConversacionDetalle>(soporteKeys.detalle(id), (d) => conEstado(d, conversacion));
      refrescarListas(queryClient);
    },
  });
}
