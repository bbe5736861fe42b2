// The analytics API (/api/analitica/*) for every screen that shows it: Visualizar and Inicio. One key
// factory and one queryOptions per endpoint; every call names the shop (an administrador must) and
// the range explicitly, so what the screen says it shows is what the server counted.
import type { ORDEN_LINEAS } from '@minimarket/contracts/analitica';
import type { CategoriaVenta, MetodoVenta } from '@minimarket/contracts/comunes';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiDownload } from './api-archivos';
import { api, apiPage } from './api-client';
import { RAIZ } from './query-keys';
import { skipLimit } from './consultas';

/** The filters every Visualizar page shares (kept in the URL). Days are 'YYYY-MM-DD', Santiago. */
export interface FiltrosAnalitica {
  desde: string;
  hasta: string;
  /** A product category, or «Venta libre» (the loose sales that name none). */
  categoria?: CategoriaVenta;
  metodo_pago?: MetodoVenta;
}

export type Agrupacion = 'dia' | 'semana' | 'mes';
export type OrdenLineas = (typeof ORDEN_LINEAS)[number];
export type Direccion = 'asc' | 'desc';

export interface LineasParams {
  search?: string;
  orden: OrdenLineas;
  direccion: Direccion;
  pagina: number;
  tamano: number;
}

export interface RankingParams {
  /** unidades: only products sold by the unit; kilos: only those sold by weight (never ranked together). */
  por: 'ingresos' | 'unidades' | 'kilos';
  orden: Direccion;
  limite: number;
}

/** Analytics change slowly within a visit; a minute saves re-asking on every tab switch. */
const FRESCO_MS = 60_000;

const filtrosQuery = (idMinimarket: number, f: FiltrosAnalitica) => ({
  id_minimarket: idMinimarket,
  desde: f.desde,
  hasta: f.hasta,
  categoria: f.categoria,
  metodo_pago: f.metodo_pago,
});

export const analiticaKeys = {
  all: RAIZ.analitica,
  tienda: (id: number) => [...analiticaKeys.all, id] as const,
  de: (id: number, recurso: string, ...resto: unknown[]) => [...analiticaKeys.tienda(id), recurso, ...resto] as const,
};

export const resumenQueryOptions = (id: number, f: FiltrosAnalitica) =>
  queryOptions({
    queryKey: analiticaKeys.de(id, 'resumen', f),
    queryFn: ({ signal }) => api('GET /analitica/resumen', { query: filtrosQuery(id, f), signal }),
    staleTime: FRESCO_MS,
  });

export const serieQueryOptions = (id: number, f: FiltrosAnalitica, agrupar: Agrupacion) =>
  queryOptions({
    queryKey: analiticaKeys.de(id, 'serie', f, agrupar),
    queryFn: ({ signal }) => api('GET /analitica/serie', { query: { ...filtrosQuery(id, f), agrupar }, signal }),
    staleTime: FRESCO_MS,
    placeholderData: keepPreviousData,
  });

export const porCategoriaQueryOptions = (id: number, f: FiltrosAnalitica) =>
  queryOptions({
    queryKey: analiticaKeys.de(id, 'por-categoria', f),
    queryFn: ({ signal }) => api('GET /analitica/por-categoria', { query: filtrosQuery(id, f), signal }),
    staleTime: FRESCO_MS,
  });

export const porMetodoPagoQueryOptions = (id: number, f: FiltrosAnalitica) =>
  queryOptions({
    queryKey: analiticaKeys.de(id, 'por-metodo-pago', f),
    queryFn: ({ signal }) => api('GET /analitica/por-metodo-pago', { query: filtrosQuery(id, f), signal }),
    staleTime: FRESCO_MS,
  });

/** «Ventas por persona»: sales and what they brought in, per person at the till (only the range applies). */
export const porVendedorQueryOptions = (id: number, f: FiltrosAnalitica) =>
  queryOptions({
    queryKey: analiticaKeys.de(id, 'por-vendedor', f.desde, f.hasta),
    queryFn: ({ signal }) => api('GET /analitica/por-vendedor', { query: { id_minimarket: id, desde: f.desde, hasta: f.hasta }, signal }),
    staleTime: FRESCO_MS,
  });

export const mapaCalorQueryOptions = (id: number, f: FiltrosAnalitica) =>
  queryOptions({
    queryKey: analiticaKeys.de(id, 'mapa-calor', f),
    queryFn: ({ signal }) => api('GET /analitica/mapa-calor', { query: filtrosQuery(id, f), signal }),
    staleTime: FRESCO_MS,
  });

export const rankingQueryOptions = (id: number, f: FiltrosAnalitica, r: RankingParams) =>
  queryOptions({
    queryKey: analiticaKeys.de(id, 'ranking', f, r),
    queryFn: ({ signal }) => api('GET /analitica/ranking', { query: { ...filtrosQuery(id, f), ...r }, signal }),
    staleTime: FRESCO_MS,
    placeholderData: keepPreviousData,
  });

/**
 * «Descuentos» of Dashboards (issue 32): the discounts given in the range, by day, product and person,
 * and the period's cash rounding (Ley 20.956). Only the range applies.
 */
export const descuentosQueryOptions = (id: number, f: FiltrosAnalitica) =>
  queryOptions({
    queryKey: analiticaKeys.de(id, 'descuentos', f.desde, f.hasta),
    queryFn: ({ signal }) => api('GET /analitica/descuentos', { query: { id_minimarket: id, desde: f.desde, hasta: f.hasta }, signal }),
    staleTime: FRESCO_MS,
  });

/** Fixed windows ending today: the range filters do not apply. */
export const recomendacionesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: analiticaKeys.de(id, 'recomendaciones'),
    queryFn: ({ signal }) => api('GET /analitica/recomendaciones', { query: { id_minimarket: id }, signal }),
    staleTime: FRESCO_MS,
  });

export const cuboQueryOptions = (id: number, f: FiltrosAnalitica) =>
  queryOptions({
    queryKey: analiticaKeys.de(id, 'cubo', f),
    queryFn: ({ signal }) => api('GET /analitica/cubo', { query: filtrosQuery(id, f), signal }),
    staleTime: FRESCO_MS,
  });

/** Cuentas por cobrar: what the customers owe today (la libreta); not a figure of a range. */
export const porCobrarQueryOptions = (id: number) =>
  queryOptions({
    queryKey: analiticaKeys.de(id, 'por-cobrar'),
    queryFn: ({ signal }) => api('GET /analitica/por-cobrar', { query: { id_minimarket: id }, signal }),
    staleTime: FRESCO_MS,
  });

/** While older figures are being prepared (after a history import), asked again every few seconds. */
const CADA_MS_EN_PREPARACION = 5000;

export const estadoAnaliticaQueryOptions = (id: number) =>
  queryOptions({
    queryKey: analiticaKeys.de(id, 'estado'),
    queryFn: ({ signal }) => api('GET /analitica/estado', { query: { id_minimarket: id }, signal }),
    refetchInterval: (q) => ((q.state.data?.dias_en_preparacion ?? 0) > 0 ? CADA_MS_EN_PREPARACION : false),
  });

/** `mes` 'YYYY-MM'. */
export const informeQueryOptions = (id: number, mes: string) =>
  queryOptions({
    queryKey: analiticaKeys.de(id, 'informe', mes),
    queryFn: ({ signal }) => api('GET /analitica/informe', { query: { id_minimarket: id, mes }, signal }),
    staleTime: FRESCO_MS,
  });

const lineasQuery = (id: number, f: FiltrosAnalitica, p: Omit<LineasParams, 'pagina' | 'tamano'>) => ({
  ...filtrosQuery(id, f),
  search: p.search?.trim() || undefined,
  orden: p.orden,
  direccion: p.direccion,
});

export const lineasQueryOptions = (id: number, f: FiltrosAnalitica, p: LineasParams) =>
  queryOptions({
    queryKey: analiticaKeys.de(id, 'lineas', f, p),
    queryFn: ({ signal }) =>
      apiPage('GET /analitica/lineas', {
        signal,
        query: { ...lineasQuery(id, f, p), ...skipLimit(p) },
      }),
    placeholderData: keepPreviousData,
  });

/** The whole filtered set of lines as a file the server writes (formato=csv|xlsx), behind the token. */
export function descargarLineas(
  id: number,
  f: FiltrosAnalitica,
  p: Omit<LineasParams, 'pagina' | 'tamano'>,
  formato: 'csv' | 'xlsx',
): Promise<void> {
  return apiDownload(
    'GET /analitica/lineas',
    { query: { ...lineasQuery(id, f, p), formato } },
    `lineas-de-venta_${f.desde}_${f.hasta}.${formato}`,
  );
}
