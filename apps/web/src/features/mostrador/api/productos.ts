// The till's own product calls: a scale label read by the server, and the cart's products as the
// server has them now. The barcode lookup is features/productos' (Nuevo producto uses it too).
import { MAX_PAGE_SIZE } from '@minimarket/contracts/comunes';
import type { EtiquetaLeida, Producto } from '@minimarket/contracts/productos';
import { api, apiPage } from '../../../lib/api-client';

/**
 * A scale label read by the server with the shop's layout (GET /productos/etiqueta/{codigo}):
 * the product, the grams that leave the stock and the label's amount. An unknown PLU (404) or a
 * label that does not read (422: check digit, format) throws an ApiError whose message is the
 * server's Spanish sentence, shown as it is.
 */
export function leerEtiquetaBalanza(idMinimarket: number, codigo: string, signal?: AbortSignal): Promise<EtiquetaLeida> {
  return api('GET /productos/etiqueta/:codigo', {
    params: { codigo },
    query: { id_minimarket: idMinimarket },
    signal,
  });
}

/**
 * Products as the server has them now, by id, in one call per hundred (the cart's refresh);
 * an id missing from the answer no longer exists in the shop (or was deleted): null.
 */
export async function obtenerProductos(idMinimarket: number, ids: number[]): Promise<Map<number, Producto | null>> {
  const frescos = new Map<number, Producto | null>(ids.map((id) => [id, null]));
  for (let i = 0; i < ids.length; i += MAX_PAGE_SIZE) {
    const lote = ids.slice(i, i + MAX_PAGE_SIZE);
    const { items } = await apiPage('GET /productos/', {
      query: { id_minimarket: idMinimarket, ids: lote.join(','), skip: 0, limit: lote.length },
    });
    for (const p of items) frescos.set(p.id_producto, p);
  }
  return frescos;
}
