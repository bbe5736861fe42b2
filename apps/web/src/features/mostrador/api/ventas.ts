// Registering the sale at the till (POST /ventas/). The sales lists, voids and returns are features/ventas'.
import type { VentaCreate } from '@minimarket/contracts/ventas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { LO_QUE_MUEVE_UNA_VENTA } from '../../../lib/query-keys';

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
    // Made or refused (for stock, price or no open shift), what it touches is asked again. Not awaited:
    // the till is free for the next customer while the lists refresh.
    onSettled: () => {
      for (const queryKey of LO_QUE_MUEVE_UNA_VENTA) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
