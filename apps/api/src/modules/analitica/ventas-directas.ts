// The analytics' reports read from the sales themselves, not the summaries (which have no person):
// sales by person at the till, and the discounts and the cash rounding of a range (docs/pagos.md).
// The statements are data/venta-lecturas.ts's.
import type { DescuentosAnalitica, PorVendedor } from '@minimarket/contracts/analitica';
import { descuentosDelRango, desgloseDescuentos, ventasPorVendedor } from '../../data/venta-lecturas.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { ContextoAnalitica, Filtros } from './contexto.js';

/** Sales by person at the till (docs/cajeros.md): venta_contada in the range's days, Santiago's clock. */
export async function porVendedor(ctx: ContextoAnalitica, usuario: UsuarioSesion, f: Filtros): Promise<PorVendedor> {
  const c = await ctx.consulta(usuario, f);
  return ventasPorVendedor(ctx.db, c.idMinimarket, c.desde, c.hasta);
}

/** Discounts and the cash rounding of the range, totals and breakdown in one snapshot. */
export async function descuentos(ctx: ContextoAnalitica, usuario: UsuarioSesion, f: Filtros): Promise<DescuentosAnalitica> {
  const c = await ctx.consulta(usuario, f);
  return ctx.db.$transaction(
    async (tx) => {
      const total = await descuentosDelRango(tx, c.idMinimarket, c.desde, c.hasta);
      const desglose = await desgloseDescuentos(tx, c.idMinimarket, c.desde, c.hasta);
      return {
        descuento: total.descuento,
        ventas_con_descuento: total.ventas,
        redondeo: desglose.redondeo,
        por_dia: desglose.por_dia,
        por_producto: desglose.por_producto,
        por_persona: desglose.por_persona,
      };
    },
    { isolationLevel: 'RepeatableRead' },
  );
}
