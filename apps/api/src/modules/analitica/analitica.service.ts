// The shop's analytics (GET /api/analitica/*). Every figure is a SQL sum over the summaries
// (data/resumen-ventas.ts), which are exact sums of the sale lines that count (venta_contada): a
// read takes them in one snapshot and adds the days not summed yet from their lines, never waiting
// for the summary worker. Ranges are resolved and checked in one place (contexto.ts); the heavy
// reads (raw lines sorted or searched, downloads, the monthly report) take a turn (lectura-pesada.ts).
// One report per function, by what it reads: the period and the month (periodo.ts), the charts over
// the summaries (graficos.ts), the sales by person and the discounts (ventas-directas.ts), the raw
// lines (lineas.ts), the recommendations (recomendaciones.ts); their statements are data/'s.
import type {
  EstadoAnalitica,
  informeQuerySchema,
  lineasQuerySchema,
  PorCobrar,
  rankingQuerySchema,
  Recomendaciones,
  serieQuerySchema,
} from '@minimarket/contracts/analitica';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { porCobrar } from '../../data/por-cobrar.js';
import { diasEnPreparacion } from '../../data/resumen-ventas.js';
import { diaLocal } from '../../lib/tiempo.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { crearContexto, type Filtros } from './contexto.js';
import { cubo, mapaCalor, porCategoria, porMetodoPago, ranking, serie } from './graficos.js';
import type { LecturasPesadas } from './lectura-pesada.js';
import { exportarLineas, lineas } from './lineas.js';
import { informe, resumen } from './periodo.js';
import { calcularRecomendaciones } from './recomendaciones.js';
import { descuentos, porVendedor } from './ventas-directas.js';

export { MAX_LINEAS_EXPORTACION, MENSAJE_EXPORTACION_GRANDE } from './lineas.js';

export type AnaliticaService = ReturnType<typeof createAnaliticaService>;

export function createAnaliticaService(deps: { db: Db; acceso: AccesoMinimarket; pesadas: LecturasPesadas }) {
  const ctx = crearContexto(deps);
  const { db, tienda } = ctx;

  return {
    resumen: (usuario: UsuarioSesion, f: Filtros) => resumen(ctx, usuario, f),
    serie: (usuario: UsuarioSesion, q: z.output<typeof serieQuerySchema>) => serie(ctx, usuario, q),
    porCategoria: (usuario: UsuarioSesion, f: Filtros) => porCategoria(ctx, usuario, f),
    porVendedor: (usuario: UsuarioSesion, f: Filtros) => porVendedor(ctx, usuario, f),
    descuentos: (usuario: UsuarioSesion, f: Filtros) => descuentos(ctx, usuario, f),
    porMetodoPago: (usuario: UsuarioSesion, f: Filtros) => porMetodoPago(ctx, usuario, f),
    mapaCalor: (usuario: UsuarioSesion, f: Filtros) => mapaCalor(ctx, usuario, f),
    ranking: (usuario: UsuarioSesion, q: z.output<typeof rankingQuerySchema>) => ranking(ctx, usuario, q),
    cubo: (usuario: UsuarioSesion, f: Filtros) => cubo(ctx, usuario, f),
    informe: (usuario: UsuarioSesion, q: z.output<typeof informeQuerySchema>) => informe(ctx, usuario, q),
    lineas: (usuario: UsuarioSesion, q: z.output<typeof lineasQuerySchema>) => lineas(ctx, usuario, q),
    exportarLineas: (usuario: UsuarioSesion, q: z.output<typeof lineasQuerySchema>, formato: 'csv' | 'xlsx') =>
      exportarLineas(ctx, usuario, q, formato),

    /** The six lists of what to do next; windows end today, the range filters do not apply. */
    async recomendaciones(usuario: UsuarioSesion, idMinimarket: number | undefined, hoy = diaLocal(new Date())): Promise<Recomendaciones> {
      const id = await tienda(usuario, idMinimarket);
      // The last sale of every product looks at the whole history: every pending day counts.
      return ctx.leer({ idMinimarket: id, desde: null, hasta: hoy }, (tx, r) => calcularRecomendaciones(tx, r, id, hoy));
    },

    /** Cuentas por cobrar: what the customers owe today (cuenta_cliente, as GET /api/clientes `por_cobrar`). */
    async porCobrar(usuario: UsuarioSesion, idMinimarket: number | undefined): Promise<PorCobrar> {
      return porCobrar(db, await tienda(usuario, idMinimarket));
    },

    /** Whether older figures are still being prepared, and which days. */
    async estado(usuario: UsuarioSesion, idMinimarket: number | undefined): Promise<EstadoAnalitica> {
      const id = await tienda(usuario, idMinimarket);
      const e = await diasEnPreparacion(db, id);
      return { dias_en_preparacion: e.dias, desde: e.desde, hasta: e.hasta };
    },
  };
}
