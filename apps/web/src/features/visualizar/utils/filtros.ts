// The filters of every Visualizar page live in the URL (?desde=&hasta=&categoria=&metodo_pago=), so a
// view can be shared and survives a reload. These pure functions read and write them; anything that
// is not a valid value falls back to the default instead of reaching the API as an error.
import { DIAS_POR_DEFECTO, MAX_DIAS_RANGO } from '@minimarket/contracts/analitica';
import { CATEGORIAS, METODOS_PAGO, type Categoria, type MetodoPago } from '@minimarket/contracts/comunes';
import type { FiltrosAnalitica } from '../../../lib/analitica';
import { esFechaIso } from '../../../utils/fechas';

export const PARAMETROS_FILTRO = ['desde', 'hasta', 'categoria', 'metodo_pago'] as const;

/** 'YYYY-MM-DD' moved by whole days (calendar arithmetic in UTC: no clock change in the way). */
export function sumarDias(dia: string, dias: number): string {
  const f = new Date(`${dia}T00:00:00Z`);
  f.setUTCDate(f.getUTCDate() + dias);
  return f.toISOString().slice(0, 10);
}

/** Days from desde to hasta, both counted. */
export const diasDelRango = (desde: string, hasta: string) => Math.round((Date.parse(hasta) - Date.parse(desde)) / 86_400_000) + 1;

/** The last `dias` days ending today, as the API's own default. */
export function rangoUltimosDias(hoy: string, dias: number = DIAS_POR_DEFECTO) {
  return { desde: sumarDias(hoy, -(dias - 1)), hasta: hoy };
}

/** A 'YYYY-MM-DD' of a day that exists (2026-02-30 does not). */
const esDia = (v: string | null): v is string =>
  v !== null && esFechaIso(v) && !Number.isNaN(Date.parse(v)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** Why a range cannot be asked for, or null when it can. */
export function errorDeRango(desde: string, hasta: string): string | null {
  if (!esDia(desde) || !esDia(hasta)) return 'Escribe ambas fechas como dd-mm-aaaa.';
  if (desde > hasta) return 'La fecha de inicio no puede ser posterior a la fecha de término.';
  if (diasDelRango(desde, hasta) > MAX_DIAS_RANGO) return `El rango puede tener a lo más ${MAX_DIAS_RANGO} días.`;
  return null;
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
    categoria: CATEGORIAS.includes(categoria as Categoria) ? (categoria as Categoria) : undefined,
    metodo_pago: METODOS_PAGO.includes(metodo as MetodoPago) ? (metodo as MetodoPago) : undefined,
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
