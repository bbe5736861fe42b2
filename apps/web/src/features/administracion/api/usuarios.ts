import type { UsuarioCreate, UsuarioUpdate, usuariosQuerySchema } from '@minimarket/contracts/usuarios';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type RespuestaRuta } from '../../../lib/api-client';
import { paginaQueryOptions } from '../../../lib/consultas';
import { useMutacionQueRefresca } from '../../../lib/mutaciones';
import { RAIZ } from '../../../lib/query-keys';

export type UsuariosLista = RespuestaRuta<'GET /users'>;
export type EstadisticaUsuarios = RespuestaRuta<'GET /users/stats'>;

export interface UsuariosParams {
  pagina: number;
  tamano: number;
  search?: string;
  rol?: z.input<typeof usuariosQuerySchema>['rol'];
  estado?: z.input<typeof usuariosQuerySchema>['estado'];
}

export const usuariosKeys = {
  all: RAIZ.usuarios,
  listas: () => [...usuariosKeys.all, 'lista'] as const,
  lista: (p: UsuariosParams) => [...usuariosKeys.listas(), p] as const,
  detalle: (id: number) => [...usuariosKeys.all, 'detalle', id] as const,
  estadistica: () => [...usuariosKeys.all, 'estadistica'] as const,
};

export const usuariosQueryOptions = (p: UsuariosParams) =>
  paginaQueryOptions(usuariosKeys.lista(p), (signal) =>
    api('GET /users', {
      signal,
      query: {
        page: p.pagina,
        size: p.tamano,
        search: p.search?.trim() || undefined,
        rol: p.rol || undefined,
        estado: p.estado || undefined,
      },
    }),
  );

export const usuarioQueryOptions = (id: number) =>
  queryOptions({
    queryKey: usuariosKeys.detalle(id),
    queryFn: () => api('GET /users/:id', { params: { id } }),
    staleTime: 0,
  });

export const estadisticaUsuariosQueryOptions = () =>
  queryOptions({
    queryKey: usuariosKeys.estadistica(),
    queryFn: () => api('GET /users/stats'),
  });

export const useCrearUsuario = () =>
  useMutacionQueRefresca((datos: UsuarioCreate) => api('POST /users', { json: datos }), [usuariosKeys.all]);

export const useActualizarUsuario = () =>
  useMutacionQueRefresca(
    ({ id, datos }: { id: number; datos: UsuarioUpdate }) => api('PUT /users/:id', { params: { id }, json: datos }),
    [usuariosKeys.all],
  );

export const useEliminarUsuario = () =>
  useMutacionQueRefresca((id: number) => api('DELETE /users/:id', { params: { id } }), [usuariosKeys.all]);
