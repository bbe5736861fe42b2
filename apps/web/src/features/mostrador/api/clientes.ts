// The fiado's customers at the till: the shop's active customers by name or RUT, from the API or, with
// no answer from it, from the device's catalogue (the counter sells fiado offline too).
import type { Cliente } from '@minimarket/contracts/clientes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clientesQueryOptions } from '../../../lib/clientes';
import { buscarClientesLocales } from '../../../lib/offline/catalogo';
import { esSinRespuesta, sinConexion } from '../../../lib/offline/conexion';

/** How many matches the type-ahead shows (more: keep typing). */
export const MAX_SUGERENCIAS = 8;
/** How long the type-ahead waits for the API before it reads the device's catalogue. */
const ESPERA_CLIENTES_MS = 4_000;
/** A customer read from a device that never got the balances: what they owe is not known (the server checks the limit). */
export const SIN_SALDO = -1;

/** The device's customers as the list's rows (lib/offline/catalogo.ts). */
async function clientesLocales(idMinimarket: number, texto: string): Promise<{ clientes: Cliente[] }> {
  const filas = await buscarClientesLocales(idMinimarket, texto, MAX_SUGERENCIAS);
  return {
    clientes: filas.map((c) => ({
      id_cliente: c.id_cliente,
      id_minimarket: idMinimarket,
      nombre: c.nombre,
      rut: c.rut,
      telefono: null,
      direccion: null,
      limite_credito: c.limite_credito,
      notas: null,
      activo: c.activo,
      saldo: c.saldo ?? SIN_SALDO,
      compra_impaga_desde: null,
      saldo_inicial: 0,
      saldo_inicial_desde: null,
      fecha_creacion: '',
    })),
  };
}

/** The type-ahead's rows for `busqueda` (asked only while no customer is chosen: `activa`). */
export function useClientesFiado(idMinimarket: number, busqueda: string, activa: boolean) {
  const { queryKey } = clientesQueryOptions({ idMinimarket, search: busqueda, orden: 'nombre', tamano: MAX_SUGERENCIAS });
  return useQuery({
    // Its own key under the customers' root (a sale or an abono still refreshes it): the rows only.
    queryKey: [...queryKey, 'caja'],
    placeholderData: keepPreviousData,
    // With no answer from the API, the device's customers (the counter sells fiado offline too).
    queryFn: async ({ signal }) => {
      if (sinConexion()) return clientesLocales(idMinimarket, busqueda);
      try {
        return await api('GET /clientes', {
          signal: AbortSignal.any([signal, AbortSignal.timeout(ESPERA_CLIENTES_MS)]),
          query: { id_minimarket: idMinimarket, search: busqueda || undefined, orden: 'nombre', limit: MAX_SUGERENCIAS },
        });
      } catch (e) {
        if (signal.aborted || !esSinRespuesta(e)) throw e;
        return clientesLocales(idMinimarket, busqueda);
      }
    },
    enabled: activa,
  });
}
