// What the owner should do next, from the shop's own sales and stock: reorder, what sells and
// how it moves, dead stock, thin margins, peak hours and the ABC classes. Fixed windows that end
// today (Santiago); the sums come from the summaries as the read sees them (data/resumen-ventas.ts),
// per product in one statement (ventasPorProducto, data/resumenes-analitica.ts).
import {
  DIAS_COBERTURA_MINIMA,
  DIAS_OBJETIVO_STOCK,
  DIAS_VELOCIDAD,
  LIMITE_ABC_A,
  LIMITE_ABC_B,
  MARGEN_MINIMO_PCT,
  type Recomendaciones,
} from '@minimarket/contracts/analitica';
import { montoPorPeso, type UnidadVenta } from '@minimarket/contracts/granel';
import type { Tx } from '../../db/client.js';
import { productosConMargenBajo, productosSinVentas, type ProductoBase } from '../../data/producto-lecturas.js';
import type { Resumenes } from '../../data/resumen-ventas.js';
import { horasPeak, ventasPorProducto } from '../../data/resumenes-analitica.js';
import { desplazarDia } from '../../lib/tiempo.js';
import { dosDecimales, n, unDecimal } from './consulta.js';

const MAS_VENDIDOS = 10;

const base = (p: ProductoBase): ProductoBase => ({
  id_producto: p.id_producto,
  nombre_producto: p.nombre_producto,
  categoria: p.categoria,
  codigo_barra: p.codigo_barra,
  unidad: p.unidad,
});

/** What a product's stock cost: units × price, or montoPorPeso(price per kilo, grams) for kg. */
export const capitalInmovilizado = (p: { unidad: UnidadVenta; stock: number; precio_compra_actual: number | null }) =>
  p.unidad === 'kg' ? montoPorPeso(p.precio_compra_actual ?? 0, Math.max(p.stock, 0)) : p.stock * (p.precio_compra_actual ?? 0);

/**
 * The six lists. `hoy` is today's Santiago date; a window of N days is [hoy − (N−1), hoy].
 * Reorder arithmetic uses the exact daily rate (units / 28): `sugerido` = ceil(14 × units / 28 − stock).
 */
export async function calcularRecomendaciones(tx: Tx, r: Resumenes, idMinimarket: number, hoy: string): Promise<Recomendaciones> {
  const inicio = (dias: number) => desplazarDia(hoy, -(dias - 1));
  const vendidos = await ventasPorProducto(tx, r, idMinimarket, hoy);
  // Each product in its own measure: units, or grams for a kg product (its stock is grams too).
  // Units and grams are never added up or ranked together (docs/granel.md, "Cómo cuentan las cifras").
  const enSuMedida = vendidos.map((p) => ({
    ...p,
    unidades: p.unidad === 'kg' ? p.gramos_28 : p.unidades_28,
    previo: p.unidad === 'kg' ? p.gramos_previo : p.unidades_previo,
    ingresos: p.ingresos_28,
  }));
  const ultimos28 = enSuMedida.filter((p) => n(p.unidades) > 0);
  const ultimos90 = vendidos.map((p) => ({ ...p, ingresos: p.ingresos_90 }));

  // Reorder: stock lasts fewer than 7 days at the pace of the last 28 (stock × 28 < 7 × units;
  // grams against grams for a kg product).
  const reponer = ultimos28
    .filter((p) => p.estado === 'activo' && n(p.unidades) > 0 && p.stock * DIAS_VELOCIDAD < DIAS_COBERTURA_MINIMA * n(p.unidades))
    .map((p) => {
      const u = n(p.unidades);
      const stock = Math.max(p.stock, 0);
      return {
        ...base(p),
        stock: p.stock,
        unidades_28d: u,
        venta_diaria: dosDecimales(u / DIAS_VELOCIDAD),
        dias_cobertura: unDecimal((stock * DIAS_VELOCIDAD) / u),
        sugerido: Math.ceil((DIAS_OBJETIVO_STOCK * u) / DIAS_VELOCIDAD - p.stock),
        cobertura: (stock * DIAS_VELOCIDAD) / u,
      };
    })
    // Ties: by the unit first, so units are compared with units and grams with grams.
    .sort(
      (a, b) =>
        a.cobertura - b.cobertura ||
        Number(a.unidad === 'kg') - Number(b.unidad === 'kg') ||
        b.unidades_28d - a.unidades_28d ||
        a.id_producto - b.id_producto,
    )
    .map(({ cobertura: _, ...r }) => r);

  // Best sellers by quantity, kept apart: units for the products sold by the unit, grams for those
  // sold by weight.
  const masVendidos = (unidad: UnidadVenta) =>
    ultimos28
      .filter((p) => p.unidad === unidad)
      .sort((a, b) => n(b.unidades) - n(a.unidades) || n(b.ingresos) - n(a.ingresos) || a.id_producto - b.id_producto)
      .slice(0, MAS_VENDIDOS)
      .map((p) => {
        const u = n(p.unidades);
        const previo = n(p.previo);
        return { p, u, previo, tendencia_pct: previo > 0 ? unDecimal(((u - previo) * 100) / previo) : null };
      });
  const mas_vendidos = masVendidos('unidad').map(({ p, u, previo, tendencia_pct }) => ({
    ...base(p),
    unidades: u,
    ingresos: n(p.ingresos),
    unidades_anterior: previo,
    tendencia_pct,
  }));
  const mas_vendidos_kg = masVendidos('kg').map(({ p, u, previo, tendencia_pct }) => ({
    ...base(p),
    gramos: u,
    ingresos: n(p.ingresos),
    gramos_anterior: previo,
    tendencia_pct,
  }));

  const muertos = await productosSinVentas(tx, r, idMinimarket, hoy);
  const sin_ventas = muertos
    .map((p) => ({
      ...base(p),
      stock: p.stock,
      precio_compra_actual: p.precio_compra_actual,
      capital_inmovilizado: capitalInmovilizado(p),
      ultima_venta: p.ultima,
    }))
    .sort((a, b) => b.capital_inmovilizado - a.capital_inmovilizado || b.stock - a.stock || a.id_producto - b.id_producto);

  // Thin margins: below MARGEN_MINIMO_PCT, the lowest (negative) first.
  const finos = await productosConMargenBajo(tx, idMinimarket, MARGEN_MINIMO_PCT);
  const margen_bajo = finos.map((p) => ({
    ...base(p),
    precio_venta_actual: p.precio_venta_actual,
    precio_compra_actual: p.precio_compra_actual,
    margen_pct: unDecimal(((p.precio_venta_actual - p.precio_compra_actual) * 100) / p.precio_venta_actual),
  }));

  const horas_peak = await horasPeak(tx, r, { idMinimarket, desde: inicio(DIAS_VELOCIDAD), hasta: hoy });

  // ABC over 90 days: running share of revenue including the product itself, A ≤ 80 %, B ≤ 95 %, else C.
  const total90 = ultimos90.reduce((s, p) => s + n(p.ingresos), 0);
  let acumulado = 0;
  const abc = [...ultimos90]
    .sort((a, b) => n(b.ingresos) - n(a.ingresos) || a.id_producto - b.id_producto)
    .map((p) => {
      const ingresos = n(p.ingresos);
      acumulado += ingresos;
      const clase: 'A' | 'B' | 'C' =
        total90 > 0 && acumulado * 100 <= LIMITE_ABC_A * total90
          ? 'A'
          : total90 > 0 && acumulado * 100 <= LIMITE_ABC_B * total90
            ? 'B'
            : 'C';
      return {
        ...base(p),
        ingresos,
        participacion_pct: total90 > 0 ? unDecimal((ingresos * 100) / total90) : 0,
        acumulado_pct: total90 > 0 ? unDecimal((acumulado * 100) / total90) : 0,
        clase,
      };
    });

  return { hoy, reponer, mas_vendidos, mas_vendidos_kg, sin_ventas, margen_bajo, horas_peak, abc };
}
