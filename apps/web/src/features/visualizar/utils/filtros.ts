// The filters of every Visualizar page live in the URL (?desde=&hasta=&categoria=&metodo_pago=), so a
// view can be shared and survives a reload. These pure functions read and write them; anything that
// is not a valid value falls back to the default instead of reaching the API as an error.
import { DIAS_POR_DEFECTO, resolverRango } from '@minimarket/contracts/analitica';
import { CATEGORIAS_VENTA, METODOS_VENTA, type CategoriaVenta, type MetodoVenta } from '@minimarket/contracts/comunes';
import { desplazarDia, esDia } from '@minimarket/contracts/dias';
import type { FiltrosAnalitica } from '../../../lib/analitica';

export const PARAMETROS_FILTRO = ['desde', 'hasta', 'categoria', 'metodo_pago'] as const;

/** The last `dias` days ending today, as the API's own default. */
export function rangoUltimosDias(hoy: string, dias: number = DIAS_POR_DEFECTO) {
  return { desde: desplazarDia(hoy, -(dias - 1)), hasta: hoy };
}

/** Why a range cannot be asked for, or null when it can: the server's own rule (resolverRango), same words. */
export function errorDeRango(desde: string, hasta: string): string | null {
  if (!esDia(desde) || !esDia(hasta)) return 'Escribe ambas fechas como dd-mm-aaaa.';
  const r = resolverRango({ desde, hasta }, hasta);
  return 'mensaje' in r ? r.mensaje : null;
}

/** The URL's filters, each one checked; the range defaults to the last 30 days ending `hoy`. */
export function leerFiltros(parametros: URLSearchParams, hoy: string): FiltrosAnalitica {
  const desde = parametros.get('desde');
  const hasta = parametros.get('hasta');
  const porDefecto = rangoUltimosDias(hoy);
  const rango =
    esDia(desde) && esDia(hasta) && errorDeRango(desde, hasta) === null
      ? { desde, hasta }
      : esDia(hasta) && desde === null
        ? rangoUltimosDias(hasta)
        : porDefecto;
  const categoria = parametros.get('categoria');
  const metodo = parametros.get('metodo_pago');
  return {
    ...rango,
    categoria: CATEGORIAS_VENTA.includes(categoria as CategoriaVenta) ? (categoria as CategoriaVenta) : undefined,
    metodo_pago: METODOS_VENTA.includes(metodo as MetodoVenta) ? (metodo as MetodoVenta) : undefined,
  };
}

/** The URL's parameters with these filters written in (other parameters, such as a page's own, kept). */
export function escribirFiltros(parametros: URLSearchParams, filtros: FiltrosAnalitica): URLSearchParams {
  const nuevos = new URLSearchParams(parametros);
  for (const clave of PARAMETROS_FILTRO) {
    const valor = filtros[clave];
    if (valor) nuevos.set(clave, valor);
    else nuevos.delete(clave);
  }
  return nuevos;
}

/** The filters as a query string, to carry them from one Visualizar page to another. */
export function filtrosEnUrl(filtros: FiltrosAnalitica): string {
  const qs = escribirFiltros(new URLSearchParams(), filtros).toString();
  return qs ? `?${qs}` : '';
}
