import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation that refreshes what it changed: every query under each of `claves`, once it succeeds; or
 * once it settles (`alTerminar`), when even a refusal may mean the screen shows old data (a 409).
 */
export function useMutacionQueRefresca<TDatos, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TDatos>,
  claves: readonly QueryKey[],
  { alTerminar = false }: { alTerminar?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const refrescar = () => Promise.all(claves.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({ mutationFn, onSuccess: alTerminar ? undefined : refrescar, onSettled: alTerminar ? refrescar : undefined });
}
