import type {
  estadisticaUsuariosSchema,
  Usuario,
  UsuarioCreate,
  UsuarioUpdate,
  usuariosListSchema,
  usuariosQuerySchema,
} from '@minimarket/contracts/usuarios';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { RAIZ } from '../../../lib/query-keys';

export type UsuariosLista = z.infer<typeof usuariosListSchema>;
export type EstadisticaUsuarios = z.infer<typeof estadisticaUsuariosSchema>;

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
  queryOptions({
    queryKey: usuariosKeys.lista(p),
    queryFn: ({ signal }) =>
      apiRequest<UsuariosLista>('/users', {
        signal,
        query: {
          page: p.pagina,
          size: p.tamano,
          search: p.search?.trim() || undefined,
          rol: p.rol || undefined,
          estado: p.estado || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const usuarioQueryOptions = (id: number) =>
  queryOptions({
    queryKey: usuariosKeys.detalle(id),
    queryFn: () => apiRequest<Usuario>(`/users/${id}`),
    staleTime: 0,
  });

export const estadisticaUsuariosQueryOptions = () =>
  queryOptions({
    queryKey: usuariosKeys.estadistica(),
    queryFn: () => apiRequest<EstadisticaUsuarios>('/users/stats'),
  });

function useInvalidar() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: usuariosKeys.all });
}

export function useCrearUsuario() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (datos: UsuarioCreate) => apiRequest<Usuario>('/users', { method: 'POST', json: datos }),
    onSuccess: invalidar,
  });
}

export function useActualizarUsuario() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: UsuarioUpdate }) =>
      apiRequest<Usuario>(`/users/${id}`, { method: 'PUT', json: datos }),
    onSuccess: invalidar,
  });
}

export function useEliminarUsuario() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>(`/users/${id}`, { method: 'DELETE' }),
    onSuccess: invalidar,
  });
}
