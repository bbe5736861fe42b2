// The shop's sales after the till (/api/ventas): the lists of Transacciones and Inicio, the sales a
// device's outbox could not register, the printed receipt, and voids and returns. Registering a sale is
// features/mostrador's.
import type { Autorizacion } from '@minimarket/contracts/cajeros';
import type { OrigenVenta } from '@minimarket/contracts/ventas';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type RespuestaRuta } from '../../../lib/api-client';
import { LO_QUE_MUEVE_UNA_VENTA, RAIZ } from '../../../lib/query-keys';
import { refrescoComprobante } from '../utils/comprobante';
import { skipLimit } from '../../../lib/consultas';

export type VentasLista = RespuestaRuta<'GET /ventas/'>;

export interface VentasParams {
  idMinimarket: number;
  pagina: number;
  tamano: number;
  /** A sale id. */
  search?: string;
  /** 'YYYY-MM-DD', whole days in Chilean time. */
  desde?: string;
  hasta?: string;
  /** Sales by this person (docs/cajeros.md). */
  idVendedor?: number;
  /** The counter, a device's outbox, a file. */
  origen?: OrigenVenta;
  /** Only the offline sales with an alert. */
  conAlertas?: boolean;
}

export const ventasKeys = {
  all: RAIZ.ventas,
  listas: () => [...ventasKeys.all, 'lista'] as const,
  lista: (p: VentasParams) => [...ventasKeys.listas(), p] as const,
  boleta: (id: number) => [...ventasKeys.all, 'boleta', id] as const,
};

export const ventasQueryOptions = (p: VentasParams) =>
  queryOptions({
    queryKey: ventasKeys.lista(p),
    queryFn: ({ signal }) =>
      api('GET /ventas/', {
        signal,
        query: {
          id_minimarket: p.idMinimarket,
          ...skipLimit(p),
          search: p.search?.trim() || undefined,
          start_date: p.desde ? `${p.desde}T00:00:00` : undefined,
          end_date: p.hasta ? `${p.hasta}T23:59:59` : undefined,
          id_vendedor: p.idVendedor,
          origen: p.origen,
          con_alertas: p.conAlertas ? 'true' : undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });

export type ListaRechazadas = RespuestaRuta<'GET /ventas/rechazadas'>;

/**
 * The sales the server refused for good on their way from a device's outbox (docs/offline.md «El
 * rastro»): kept aside for the owner to settle. `todas`: the settled ones too.
 */
export const rechazadasQueryOptions = (idMinimarket: number, todas: boolean, pagina: number, tamano: number) =>
  queryOptions({
    queryKey: [...ventasKeys.all, 'rechazadas', idMinimarket, todas, pagina, tamano] as const,
    queryFn: ({ signal }) =>
      api('GET /ventas/rechazadas', {
        signal,
        query: { id_minimarket: idMinimarket, todas: todas ? 'true' : 'false', ...skipLimit({ pagina, tamano }) },
      }),
    placeholderData: keepPreviousData,
  });

export function useResolverRechazada() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idMinimarket, nota }: { id: number; idMinimarket: number; nota: string }) =>
      api('POST /ventas/rechazadas/:id/resolucion', { params: { id }, json: { id_minimarket: idMinimarket, nota } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...ventasKeys.all, 'rechazadas'] }),
        queryClient.invalidateQueries({ queryKey: RAIZ.auditoria }),
      ]),
  });
}

/**
 * What the printed receipt shows (GET /ventas/{id}/boleta). While its electronic boleta waits for a
 * folio the page asks again every few seconds (refrescoComprobante), so the folio appears by itself.
 */
export const boletaQueryOptions = (idVenta: number) =>
  queryOptions({
    queryKey: ventasKeys.boleta(idVenta),
    queryFn: ({ signal }) => api('GET /ventas/:id/boleta', { params: { id: idVenta }, signal }),
    refetchInterval: (q) => refrescoComprobante(q.state.data),
  });

/** A void or a return moves what a sale moves (its nota de crédito among the boletas): all asked again. */
function useInvalidarTrasCambioDeVenta() {
  const queryClient = useQueryClient();
  return () => Promise.all(LO_QUE_MUEVE_UNA_VENTA.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useAnularVenta() {
  const invalidar = useInvalidarTrasCambioDeVenta();
  return useMutation({
    mutationFn: ({ idVenta, motivo, autorizacion }: { idVenta: number; motivo: string; autorizacion?: Autorizacion }) =>
      api('POST /ventas/:id/anulacion', { params: { id: idVenta }, json: { motivo, autorizacion } }),
    // A 409 (voided meanwhile elsewhere) also means the list on screen is old.
    onSettled: invalidar,
  });
}

export function useDevolverProductos() {
  const invalidar = useInvalidarTrasCambioDeVenta();
  return useMutation({
    mutationFn: ({
      idVenta,
      motivo,
      detalles,
      autorizacion,
    }: {
      idVenta: number;
      motivo: string;
      detalles: Array<{ id_producto: number; num_unidades: number }>;
      /** The owner's PIN, when a cashier returns (docs/cajeros.md). */
      autorizacion?: Autorizacion;
    }) => api('POST /ventas/:id/devoluciones', { params: { id: idVenta }, json: { motivo, detalles, autorizacion } }),
    onSettled: invalidar,
  });
}
