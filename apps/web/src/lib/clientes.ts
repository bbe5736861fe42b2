// The shop's customers (la libreta de fiado, issue #21): the CLIENTES screens and the sale's
// payment (choosing or creating the customer of a fiado sale) both read and write them here.
// Type-only imports from the contract: the forms validate with its schemas where they need them.
import type { abonoCreateSchema, ClienteCreate, ClienteUpdate } from '@minimarket/contracts/clientes';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type RespuestaRuta } from './api-client';
import { paginaQueryOptions } from './consultas';
import { useMutacionQueRefresca } from './mutaciones';
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
  paginaQueryOptions(clientesKeys.lista(p), (signal) =>
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
  );

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
const CAMBIA_UN_CLIENTE = [RAIZ.clientes, RAIZ.caja, RAIZ.analitica];

export function useCrearCliente() {
  return useMutacionQueRefresca((cliente: ClienteCreate) => api('POST /clientes', { json: cliente }), CAMBIA_UN_CLIENTE);
}

export function useActualizarCliente() {
  return useMutacionQueRefresca(
    ({ idCliente, cambios }: { idCliente: number; cambios: ClienteUpdate }) =>
      api('PUT /clientes/:id', { params: { id: idCliente }, json: cambios }),
    CAMBIA_UN_CLIENTE,
    { alTerminar: true },
  );
}

export function useRegistrarAbono() {
  return useMutacionQueRefresca(
    ({ idCliente, abono }: { idCliente: number; abono: AbonoCreate }) =>
      api('POST /clientes/:id/abonos', { params: { id: idCliente }, json: abono }),
    CAMBIA_UN_CLIENTE,
    // A 409 (more than is owed) may mean the balance on screen is old: ask again either way.
    { alTerminar: true },
  );
}
