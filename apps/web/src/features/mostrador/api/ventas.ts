// Registering the sale at the till (POST /ventas/). The sales lists, voids and returns are features/ventas'.
import type { VentaCreate } from '@minimarket/contracts/ventas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { RAIZ } from '../../../lib/query-keys';

/**
 * How long the counter waits for the API before the sale goes to the outbox instead (it is sent
 * again later with the same Idempotency-Key, so a sale stored meanwhile is not made twice).
 */
export const ESPERA_VENTA_MS = 4_000;

export function useRegistrarVenta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ venta, idempotencyKey }: { venta: VentaCreate; idempotencyKey: string }) =>
      api('POST /ventas/', {
        json: venta,
        headers: { 'Idempotency-Key': idempotencyKey },
        signal: AbortSignal.timeout(ESPERA_VENTA_MS),
      }),
    onSettled: () => {
      // Stock changed (or the server refused for stock or price): show fresh products either way.
      void queryClient.invalidateQueries({ queryKey: RAIZ.productos });
      void queryClient.invalidateQueries({ queryKey: RAIZ.ventas });
      // A sale moves every analytics figure (Inicio's reorders among them).
      void queryClient.invalidateQueries({ queryKey: RAIZ.analitica });
      // The open shift's running figures, and (a refusal for no open shift) whether one exists.
      void queryClient.invalidateQueries({ queryKey: RAIZ.caja });
      // A fiado sale moves its customer's balance.
      void queryClient.invalidateQueries({ queryKey: RAIZ.clientes });
      // With boletas, the sale queued its document (POS → BOLETAS).
      void queryClient.invalidateQueries({ queryKey: RAIZ.boletas });
    },
  });
}
