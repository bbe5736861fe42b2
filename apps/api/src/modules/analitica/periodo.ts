// The figures of a whole period against the one before: the summary of a range (Inicio, Visualizar)
// and the monthly report. Both read cifras (data/resumen-ventas.ts) twice in one snapshot; a period
// still going on is compared up to this minute (periodoAnterior).
import { periodoAnterior, type Informe, type informeQuerySchema, type Resumen } from '@minimarket/contracts/analitica';
import { finDeMes } from '@minimarket/contracts/dias';
import type { z } from 'zod';
import { nombreDeTienda } from '../../data/minimarket.js';
import { cifras, type Cifras, type Consulta } from '../../data/resumen-ventas.js';
import { cifrasPorCategoria, cifrasPorMetodoPago, horasPeak, rankingProductos } from '../../data/resumenes-analitica.js';
import { diaLocal, horaMinutoLocal } from '../../lib/tiempo.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import { corteDe, margen, margenPct, ticket } from './consulta.js';
import type { ContextoAnalitica, Filtros } from './contexto.js';
import { serieDe } from './graficos.js';

/** The range's figures, those of the period before (up to the same minute when this one goes on), and the days not summed yet. */
export async function resumen(ctx: ContextoAnalitica, usuario: UsuarioSesion, f: Filtros): Promise<Resumen> {
  const c = await ctx.consulta(usuario, f);
  const ahora = new Date();
  const antes = periodoAnterior(c, diaLocal(ahora), horaMinutoLocal(ahora));
  const [actual, previo, enPreparacion] = await ctx.leer(
    { idMinimarket: c.idMinimarket, desde: antes.desde, hasta: c.hasta },
    async (tx, r) => [
      await cifras(tx, r, c),
      await cifras(tx, r, c, antes.desde, antes.hasta, corteDe(antes)),
      r.enPreparacion.filter((d) => d >= c.desde && d <= c.hasta).length,
    ],
  );
  return {
    desde: c.desde,
    hasta: c.hasta,
    ventas: actual.ventas,
    ingresos: actual.ingresos,
    unidades: actual.unidades,
    gramos: actual.gramos,
    ticket_promedio: ticket(actual),
    costo: actual.costo,
    margen: margen(actual),
    margen_pct: margenPct(actual),
    lineas_sin_costo: actual.lineas_sin_costo,
    dias_en_preparacion: enPreparacion,
    anterior: {
      ...antes,
      ventas: previo.ventas,
      ingresos: previo.ingresos,
      unidades: previo.unidades,
      gramos: previo.gramos,
      ticket_promedio: ticket(previo),
      margen: margen(previo),
    },
  };
}

/** The figures of a whole period as the report shows them. */
const cifrasPeriodo = (x: Cifras, desde: string, hasta: string) => ({
  desde,
  hasta,
  ventas: x.ventas,
  ingresos: x.ingresos,
  unidades: x.unidades,
  gramos: x.gramos,
  ticket_promedio: ticket(x),
  costo: x.costo,
  margen: margen(x),
  margen_pct: margenPct(x),
  lineas_sin_costo: x.lineas_sin_costo,
});

/**
 * One calendar month (the current one by default), a heavy read. A past month is compared with the
 * whole month before; the current one, still going on, with the same days of the month before up
 * to this minute.
 */
export async function informe(ctx: ContextoAnalitica, usuario: UsuarioSesion, q: z.output<typeof informeQuerySchema>): Promise<Informe> {
  const idMinimarket = await ctx.tienda(usuario, q.id_minimarket);
  const ahora = new Date();
  const hoy = diaLocal(ahora);
  const mes = q.mes ?? hoy.slice(0, 7);
  const c: Consulta = { idMinimarket, desde: `${mes}-01`, hasta: finDeMes(`${mes}-01`) };
  const enCurso = c.desde <= hoy && hoy <= c.hasta;
  const antes = periodoAnterior({ desde: c.desde, hasta: enCurso ? hoy : c.hasta }, hoy, horaMinutoLocal(ahora));
  const nombre = await nombreDeTienda(ctx.db, idMinimarket);
  return ctx.leer(
    { idMinimarket, desde: antes.desde, hasta: c.hasta },
    async (tx, r) => ({
      mes,
      nombre_minimarket: nombre,
      generado_en: ahora.toISOString(),
      actual: cifrasPeriodo(await cifras(tx, r, c), c.desde, c.hasta),
      anterior: {
        ...cifrasPeriodo(await cifras(tx, r, c, antes.desde, antes.hasta, corteDe(antes)), antes.desde, antes.hasta),
        hasta_hora: antes.hasta_hora,
        hasta_minuto: antes.hasta_minuto,
        comparacion: antes.comparacion,
      },
      por_dia: await serieDe(tx, r, c, 'dia', hoy),
      por_categoria: await cifrasPorCategoria(tx, r, c),
      por_metodo_pago: await cifrasPorMetodoPago(tx, r, c),
      productos: await rankingProductos(tx, r, c, 'ingresos', 'desc', 10),
      horas_peak: await horasPeak(tx, r, c),
    }),
    usuario,
  );
}
