import type { Producto } from '@minimarket/contracts/productos';
import { ApiError } from '../../../lib/api-client';
import { esSinRespuesta, sinConexion } from '../../../lib/offline/conexion';
import { type EtiquetaLocal, leerEtiquetaLocal, productoLocalPorCodigo } from '../../../lib/offline/catalogo';
import { buscarPorCodigo } from '../../productos';
import { leerEtiquetaBalanza } from '../api/productos';
import { claveLinea, esDeProducto, type EtiquetaReleida, type ItemCarrito } from './carrito';

/** How long a scan waits for the API before it reads the device's catalogue. */
const ESPERA_ESCANEO_MS = 3_000;

/**
 * The scanner's lookup: the API when it answers (fresh stock and price), the device's catalogue
 * when it does not. `local` says which one answered.
 */
export async function buscarProductoLocalOEnLinea(
  idMinimarket: number,
  codigo: string,
): Promise<{ producto: Producto | null; local: boolean }> {
  if (!sinConexion()) {
    try {
      return { producto: await buscarPorCodigo(idMinimarket, codigo, AbortSignal.timeout(ESPERA_ESCANEO_MS)), local: false };
    } catch (e) {
      if (!esSinRespuesta(e)) throw e;
    }
  }
  return { producto: await productoLocalPorCodigo(idMinimarket, codigo), local: true };
}

/**
 * A scale label: the server reads it when it answers (its refusals throw, as Spanish sentences);
 * without an answer, the device reads it with the same rule (lib/offline/catalogo.ts). `local`: the
 * barcode lookup already went to the device, so the API is not asked again.
 */
export async function leerEtiquetaLocalOEnLinea(idMinimarket: number, codigo: string, local: boolean): Promise<EtiquetaLocal> {
  if (!local && !sinConexion()) {
    try {
      const { producto, gramos, monto } = await leerEtiquetaBalanza(idMinimarket, codigo, AbortSignal.timeout(ESPERA_ESCANEO_MS));
      return { tipo: 'ok', producto, gramos, monto };
    } catch (e) {
      if (!esSinRespuesta(e)) throw e;
    }
  }
  return leerEtiquetaLocal(idMinimarket, codigo);
}

/**
 * The cart's scale labels read again (after the server refused the sale for price or stock): each
 * label line's new reading with today's price, or null when the label no longer reads (a refusal in
 * the server's words); a label that got no answer is left out, and its line stays as it was.
 */
export async function releerEtiquetas(idMinimarket: number, items: readonly ItemCarrito[]): Promise<Map<string, EtiquetaReleida>> {
  const releidas = new Map<string, EtiquetaReleida>();
  for (const item of items) {
    if (!esDeProducto(item) || !item.etiqueta) continue;
    try {
      const leida = await leerEtiquetaLocalOEnLinea(idMinimarket, item.etiqueta.codigo, false);
      releidas.set(claveLinea(item), leida.tipo === 'ok' ? { producto: leida.producto, gramos: leida.gramos, monto: leida.monto } : null);
    } catch (e) {
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) releidas.set(claveLinea(item), null);
    }
  }
  return releidas;
}
