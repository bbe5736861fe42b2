// The shop's customers (la libreta de fiado, issue #21): the CLIENTES screens and the sale's
// payment (choosing or creating the customer of a fiado sale) both read and write them here.
// Type-only imports from the contract: the forms validate with its schemas where they need them.
import type { abonoCreateSchema, ClienteCreate, ClienteUpdate } from '@minimarket/contracts/clientes';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type RespuestaRuta } from './api-client';
import { RAIZ } from './query-keys';

export type ClientesLista = RespuestaRuta<'GET /clientes'>;
export type AbonoResultado = RespuestaRuta<'POST /clientes/:id/abonos'>;
export type AbonoCreate = z.input<typeof abonoCreateSchema>;
export type OrdenClientes = 'nombre' | 'deuda';

export interface ClientesParams {
  idMinimarket: number;
  search?: string;
  orden?: OrdenClientes;
  inactivos?: boolean;
  pagina?: number;
  tamano?: number;
}

export const clientesKeys = {
  all: RAIZ.clientes,
  listas: () => [...clientesKeys.all, 'lista'] as const,
  lista: (p: ClientesParams) => [...clientesKeys.listas(), p] as const,
  detalle: (id: number) => [...clientesKeys.all, 'detalle', id] as const,
  estadoCuenta: (id: number) => [...clientesKeys.all, 'estado-cuenta', id] as const,
};

export const clientesQueryOptions = (p: ClientesParams) =>
  queryOptions({
    queryKey: clientesKeys.lista(p),
    queryFn: ({ signal }) =>
      api('GET /clientes', {
        signal,
        query: {
          id_minimarket: p.idMinimarket,
          search: p.search?.trim() || undefined,
          orden: p.orden,
          inactivos: p.inactivos ? 'true' : undefined,
          skip: p.pagina && p.tamano ? (p.pagina - 1) * p.tamano : undefined,
          limit: p.tamano,
        },
      }),
    placeholderData: keepPreviousData,
  });

/** The statement: the customer, every movement with the balance after it, and the balance. */
export const estadoCuentaQueryOptions = (idCliente: number) =>
  queryOptions({
    queryKey: clientesKeys.estadoCuenta(idCliente),
    queryFn: ({ signal }) => api('GET /clientes/:id/estado-cuenta', { params: { id: idCliente }, signal }),
  });

/**
 * A customer's balance moves the lists, the statement, (a cash abono) the open shift's cash and the
 * analytics' cuentas por cobrar (Inicio's card).
 */
function useInvalidarClientes() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: RAIZ.clientes }),
      queryClient.invalidateQueries({ queryKey: RAIZ.caja }),
      queryClient.invalidateQueries({ queryKey: RAIZ.analitica }),
    ]);
}

export function useCrearCliente() {
  const invalidar = useInvalidarClientes();
  return useMutation({
    mutationFn: (cliente: ClienteCreate) => api('POST /clientes', { json: cliente }),
    onSuccess: invalidar,
  });
}

export function useActualizarCliente() {
  const invalidar = useInvalidarClientes();
  return useMutation({
    mutationFn: ({ idCliente, cambios }: { idCliente: number; cambios: ClienteUpdate }) =>
      api('PUT /clientes/:id', { params: { id: idCliente }, json: cambios }),
    onSettled: invalidar,
  });
}

export function useRegistrarAbono() {
  const invalidar = useInvalidarClientes();
  return useMutation({
    mutationFn: ({ idCliente, abono }: { idCliente: number; abono: AbonoCreate }) =>
      api('POST /clientes/:id/abonos', { params: { id: idCliente }, json: abono }),
    // A 409 (more than is owed) may mean the balance on screen is old: ask again either way.
    onSettled: invalidar,
  });
}
