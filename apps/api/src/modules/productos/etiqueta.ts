// A scanned scale label (docs/granel.md): read with the shop's layout, its PLU looked up among the
// shop's active kg products, its grams and amount by contracts' pesoDeEtiqueta (the rule the counter
// applies without connection too).
import { leerEtiqueta, mensajePluDesconocido, normalizarPlu, pesoDeEtiqueta } from '@minimarket/contracts/etiqueta-balanza';
import type { EtiquetaLeida } from '@minimarket/contracts/productos';
import type { Db } from '../../db/client.js';
import { productoPorPlu } from '../../data/producto-lecturas.js';
import { notFound, validation } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { formatoEtiquetaDe } from '../minimarkets/minimarkets.service.js';
import { productoDtoPara } from './productos.mapper.js';

export const MENSAJE_SIN_FORMATO_ETIQUETA = 'Tu tienda no tiene configuradas etiquetas de balanza. Indica su formato en Configuración.';

/**
 * 422 for a misread or a shop without a layout, 404 for a PLU the shop does not have (another shop's
 * PLU included: nothing is said about other shops).
 */
export function createLectorEtiquetas({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  return async function etiqueta(usuario: UsuarioSesion, idMinimarket: number, codigo: string): Promise<EtiquetaLeida> {
    const formato = formatoEtiquetaDe(await acceso.assertAcceso(usuario, idMinimarket));
    if (!formato) throw validation(MENSAJE_SIN_FORMATO_ETIQUETA);
    const lectura = leerEtiqueta(codigo, formato);
    if (!lectura.ok) throw validation(lectura.mensaje, [{ campo: 'codigo', mensaje: lectura.mensaje }]);
    const plu = normalizarPlu(lectura.plu);
    const producto = await productoPorPlu(db, idMinimarket, plu);
    if (!producto || producto.estado !== 'activo' || producto.unidad !== 'kg') throw notFound(mensajePluDesconocido(plu), 'PLU_NOT_FOUND');
    const peso = pesoDeEtiqueta(lectura, producto);
    if (!peso.ok) throw validation(peso.mensaje);
    return { producto: productoDtoPara(usuario)(producto), gramos: peso.gramos, monto: peso.monto };
  };
}
