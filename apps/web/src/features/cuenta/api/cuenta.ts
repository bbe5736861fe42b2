import type { FormatoEtiqueta } from '@minimarket/contracts/etiqueta-balanza';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';
import { replaceToken } from '../../../lib/auth-token';
import { tiendaKeys } from '../../../lib/current-shop';
import { useMutacionQueRefresca } from '../../../lib/mutaciones';

export const useActualizarPerfil = () =>
  useMutacionQueRefresca(
    (datos: { nombre?: string; direccion?: string | null; descripcion?: string | null }) => api('PUT /users/me', { json: datos }),
    [authKeys.me],
  );

export function useCambiarContrasena() {
  return useMutation({
    mutationFn: (datos: { contrasena_actual: string; nueva_contrasena: string }) => api('POST /users/me/password', { json: datos }),
    // The change ends every other session; this one goes on with the token the server hands back.
    onSuccess: ({ access_token }) => {
      if (access_token) replaceToken(access_token);
    },
  });
}

export function useConfigurarMinimarket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...cambios
    }: {
      id: number;
      umbral_stock_bajo?: number;
      exigir_caja_abierta?: boolean;
      /** Days after which a customer's oldest unpaid fiado purchase is notified. */
      dias_aviso_fiado?: number;
      /** The scale's label layout; null: the shop prints no scale labels. */
      formato_etiqueta?: FormatoEtiqueta | null;
      /** Idle minutes before the shared till asks for a PIN again (docs/cajeros.md). */
      minutos_bloqueo_caja?: number;
      /** The most a cashier may discount without the owner's PIN, in percent of the cart (docs/pagos.md). */
      descuento_maximo_pct?: number;
    }) => api('PATCH /minimarkets/:id/configuracion', { params: { id }, json: cambios }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tiendaKeys.all }),
  });
}

/** The owner's own PIN (PUT /auth/pin, confirmed with their password): the profile then says they have one. */
export function useFijarPinPropio() {
  return useMutacionQueRefresca((datos: { pin: string; contrasena: string }) => api('PUT /auth/pin', { json: datos }), [authKeys.me]);
}
