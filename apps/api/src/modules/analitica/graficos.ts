// The analytics' charts over the summaries, one report each: the series by period, by category, by
// payment method, the weekday-hour map, the ranking of products and the cube. The statements are
// data/resumenes-analitica.ts's; here the question is checked and the answer shaped.
import type {
  Cubo,
  MapaCalor,
  PorCategoria,
  PorMetodoPago,
  Ranking,
  rankingQuerySchema,
  Serie,
  serieQuerySchema,
} from '@minimarket/contracts/analitica';
import { diaSemanaIso, inicioDeMes } from '@minimarket/contracts/dias';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import type { Consulta, Resumenes } from '../../data/resumen-ventas.js';
import {
  celdasCubo,
  cifrasPorCategoria,
  cifrasPorMetodoPago,
  cifrasPorPeriodo,
  mapaCalorSemana,
  rankingProductos,
  type Agrupacion,
} from '../../data/resumenes-analitica.js';
import { desplazarDia, diaLocal } from '../../lib/tiempo.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { ContextoAnalitica, Filtros } from './contexto.js';

/** The first day of the period of `agrupar` that holds `dia` (weeks from Monday). */
function inicioPeriodo(dia: string, agrupar: Agrupacion): string {
  if (agrupar === 'semana') return desplazarDia(dia, -(diaSemanaIso(dia) - 1));
  if (agrupar === 'mes') return inicioDeMes(dia);
  return dia;
}

/** Every period of the range, zeros included; the one that holds `hoy` is still going on. */
export async function serieDe(tx: Tx, r: Resumenes, c: Consulta, agrupar: Agrupacion, hoy: string): Promise<Serie> {
  const filas = await cifrasPorPeriodo(tx, r, c, agrupar);
  const enCurso = inicioPeriodo(hoy, agrupar);
  return filas.map((f) => ({
    periodo: f.periodo,
    en_curso: f.periodo === enCurso,
    ventas: f.ventas,
    ingresos: f.ingresos,
    unidades: f.unidades,
    gramos: f.gramos,
  }));
}

export async function serie(ctx: ContextoAnalitica, usuario: UsuarioSesion, q: z.output<typeof serieQuerySchema>): Promise<Serie> {
  const c = await ctx.consulta(usuario, q);
  return ctx.leer(c, (tx, r) => serieDe(tx, r, c, q.agrupar, diaLocal(new Date())));
}

export async function porCategoria(ctx: ContextoAnalitica, usuario: UsuarioSesion, f: Filtros): Promise<PorCategoria> {
  const c = await ctx.consulta(usuario, f);
  return ctx.leer(c, (tx, r) => cifrasPorCategoria(tx, r, c));
}

export async function porMetodoPago(ctx: ContextoAnalitica, usuario: UsuarioSesion, f: Filtros): Promise<PorMetodoPago> {
  const c = await ctx.consulta(usuario, f);
  return ctx.leer(c, (tx, r) => cifrasPorMetodoPago(tx, r, c));
}

/** All 168 cells, weekday (1 = lunes) by hour of Santiago's clock. */
export async function mapaCalor(ctx: ContextoAnalitica, usuario: UsuarioSesion, f: Filtros): Promise<MapaCalor> {
  const c = await ctx.consulta(usuario, f);
  return ctx.leer(c, (tx, r) => mapaCalorSemana(tx, r, c));
}

export async function ranking(ctx: ContextoAnalitica, usuario: UsuarioSesion, q: z.output<typeof rankingQuerySchema>): Promise<Ranking> {
  const c = await ctx.consulta(usuario, q);
  return ctx.leer(c, (tx, r) => rankingProductos(tx, r, c, q.por, q.orden, q.limite));
}

/** categoría × día de la semana × hora with pesos, units (and grams apart) and margin; only the cells that sold. */
export async function cubo(ctx: ContextoAnalitica, usuario: UsuarioSesion, f: Filtros): Promise<Cubo> {
  const c = await ctx.consulta(usuario, f);
  const celdas = await ctx.leer(c, (tx, r) => celdasCubo(tx, r, c));
  const porCat = new Map<Cubo['categorias'][number], number>();
  for (const x of celdas) porCat.set(x.categoria, (porCat.get(x.categoria) ?? 0) + x.ingresos);
  const categorias = [...porCat.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'es')).map(([k]) => k);
  // Cells in the order of the axes: categories as listed, then weekday, then hour.
  const eje = new Map(categorias.map((k, i) => [k, i]));
  celdas.sort((a, b) => eje.get(a.categoria)! - eje.get(b.categoria)! || a.dia_semana - b.dia_semana || a.hora - b.hora);
  return { desde: c.desde, hasta: c.hasta, categorias, celdas };
}
