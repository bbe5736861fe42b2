// The electronic boleta (issue #23): the shop's issuer data and provider (Configuración) and the
// documents the server's outbox sends (POS → BOLETAS). Both screens and the receipt read them, so
// they live here, not in one feature. Type-only imports: the form validates with the contract itself.
import type { EmisorUpdate, NotaCredito } from '@minimarket/contracts/boletas';
import { type EstadoDte } from '@minimarket/contracts/dte';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type RespuestaRuta } from './api-client';
import { useMutacionQueRefresca } from './mutaciones';
import { RAIZ } from './query-keys';
import { skipLimit } from './consultas';

/** Said wherever the shop issues with the local stand-in: nothing it prints is a boleta for SII. */
export const AVISO_SIMULADOR = 'Simulador local: las boletas no son válidas ante el SII.';

export type DocumentosLista = RespuestaRuta<'GET /boletas/documentos'>;

export interface DocumentosParams {
  idMinimarket: number;
  pagina: number;
  tamano: number;
  estado?: EstadoDte;
  /** 'YYYY-MM-DD' in Chile's time. */
  dia?: string;
}

export const boletasKeys = {
  all: RAIZ.boletas,
  emisor: (idMinimarket: number) => [...boletasKeys.all, 'emisor', idMinimarket] as const,
  documentos: () => [...boletasKeys.all, 'documentos'] as const,
  lista: (p: DocumentosParams) => [...boletasKeys.documentos(), p] as const,
  notasCredito: () => [...boletasKeys.all, 'notas-credito'] as const,
  notasDeVenta: (idMinimarket: number, idVenta: number, version: string) =>
    [...boletasKeys.notasCredito(), 'venta', idMinimarket, idVenta, version] as const,
  notaCredito: (idMinimarket: number, idDocumento: number) => [...boletasKeys.notasCredito(), idMinimarket, idDocumento] as const,
};

/** How often a nota de crédito without its folio (or timbre) is read again, so they appear by themselves. */
export const REFRESCO_NOTA_MS = 3_000;

/** Waiting for the provider: asked again; rejected, or complete, not. */
const refrescoNotas = (notas: readonly Pick<NotaCredito, 'estado' | 'folio' | 'ted'>[] | undefined) =>
  notas?.some((n) => n.estado !== 'rechazado' && (n.folio === null || n.ted === null)) ? REFRESCO_NOTA_MS : false;

/**
 * GET /boletas/notas-credito?id_venta=: a sale's notas de crédito (its void's, each return's).
 * `version` changes with the sale (its state and how many returns it has): a void or a return makes
 * it a new question instead of a list read before it.
 */
export const notasCreditoDeVentaQueryOptions = (idMinimarket: number, idVenta: number, version: string) =>
  queryOptions({
    queryKey: boletasKeys.notasDeVenta(idMinimarket, idVenta, version),
    queryFn: ({ signal }) => api('GET /boletas/notas-credito', { signal, query: { id_minimarket: idMinimarket, id_venta: idVenta } }),
    refetchInterval: (q) => refrescoNotas(q.state.data),
  });

/** GET /boletas/notas-credito/{id}: one nota de crédito to print. */
export const notaCreditoQueryOptions = (idMinimarket: number, idDocumento: number) =>
  queryOptions({
    queryKey: boletasKeys.notaCredito(idMinimarket, idDocumento),
    queryFn: ({ signal }) =>
      api('GET /boletas/notas-credito/:id', { params: { id: idDocumento }, signal, query: { id_minimarket: idMinimarket } }),
    refetchInterval: (q) => refrescoNotas(q.state.data ? [q.state.data] : undefined),
  });

/** GET /boletas/emisor: `configurado: false` (and nulls) while the shop never saved it. */
export const emisorQueryOptions = (idMinimarket: number) =>
  queryOptions({
    queryKey: boletasKeys.emisor(idMinimarket),
    queryFn: ({ signal }) => api('GET /boletas/emisor', { signal, query: { id_minimarket: idMinimarket } }),
  });

/**
 * While a document waits for the provider (pendiente, en proceso) the list is read again this often,
 * so the owner watching the screen sees the folios and SII's answers arrive by themselves.
 */
export const REFRESCO_DOCUMENTOS_MS = 5_000;

export const documentosQueryOptions = (p: DocumentosParams) =>
  queryOptions({
    queryKey: boletasKeys.lista(p),
    queryFn: ({ signal }) =>
      api('GET /boletas/documentos', {
        signal,
        query: {
          id_minimarket: p.idMinimarket,
          estado: p.estado,
          dia: p.dia,
          ...skipLimit(p),
        },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => {
      const e = q.state.data?.por_estado;
      return e && ((e.pendiente ?? 0) > 0 || (e.en_proceso ?? 0) > 0) ? REFRESCO_DOCUMENTOS_MS : false;
    },
  });

/** PUT /boletas/emisor. An empty API key is left out: the stored one stays (the key is write-only). */
export function useGuardarEmisor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (datos: EmisorUpdate) => api('PUT /boletas/emisor', { json: datos }),
    onSuccess: (emisor) => {
      queryClient.setQueryData(boletasKeys.emisor(emisor.id_minimarket), emisor);
      // Whether the shop issues boletas changes what every receipt shows.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: boletasKeys.all }),
        queryClient.invalidateQueries({ queryKey: [...RAIZ.ventas, 'boleta'] }),
      ]);
    },
  });
}

/** POST /boletas/documentos/{id}/reintento: a rejected document goes back to the outbox (409 otherwise). */
export function useReintentarDocumento() {
  return useMutacionQueRefresca(
    ({ idDocumento, idMinimarket }: { idDocumento: number; idMinimarket: number }) =>
      api('POST /boletas/documentos/:id/reintento', { params: { id: idDocumento }, query: { id_minimarket: idMinimarket } }),
    [boletasKeys.documentos()],
    // A 409 (retried meanwhile elsewhere) also means the list on screen is old.
    { alTerminar: true },
  );
}
