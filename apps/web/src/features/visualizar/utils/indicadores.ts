// The figures of a period as cards and dashboard tiles show them: what each one is, how to write
// it and how it compares with the period before. One list, so Tarjetas and Dashboards agree.
import type { Resumen } from '@minimarket/contracts/analitica';
import { formatPeso } from '@minimarket/contracts/granel';
import { formatClp, formatEntero } from '../../../utils/format';
import { formatPct } from './variacion';

export interface Indicador {
  clave: 'ventas' | 'ingresos' | 'ticket_promedio' | 'unidades' | 'kilos' | 'margen' | 'margen_pct';
  titulo: string;
  valor: number | null;
  /** The previous period's figure; null when the API does not give one for this figure. */
  anterior: number | null;
  texto: string;
  significado: string;
}

/**
 * Units and kilos are never added up (docs/granel.md): 'Unidades vendidas' counts the products sold
 * by the unit, and a shop that sells by weight gets 'Kilos vendidos' beside it (its valor in grams).
 */
export function indicadores(r: Resumen): Indicador[] {
  const granel = r.gramos > 0 || r.anterior.gramos > 0;
  return [
    {
      clave: 'ventas',
      titulo: 'Ventas',
      valor: r.ventas,
      anterior: r.anterior.ventas,
      texto: formatEntero(r.ventas),
      significado: 'Cuántas boletas (ventas completadas) hiciste en el período.',
    },
    {
      clave: 'ingresos',
      titulo: 'Ingresos',
      valor: r.ingresos,
      anterior: r.anterior.ingresos,
      texto: formatClp(r.ingresos),
      significado: 'El total vendido en pesos, con IVA, sumando todas las ventas completadas.',
    },
    {
      clave: 'ticket_promedio',
      titulo: 'Ticket promedio',
      valor: r.ticket_promedio,
      anterior: r.anterior.ticket_promedio,
      texto: formatClp(r.ticket_promedio),
      significado: 'Lo que gasta en promedio cada cliente por compra: ingresos divididos por ventas.',
    },
    {
      clave: 'unidades',
      titulo: 'Unidades vendidas',
      valor: r.unidades,
      anterior: r.anterior.unidades,
      texto: formatEntero(r.unidades),
      significado: granel
        ? 'Cuántos productos vendidos por unidad salieron de tus estantes. Lo que vendes a granel no se cuenta aquí: va en kilos.'
        : 'Cuántos productos salieron de tus estantes, contando cada unidad.',
    },
    ...(granel
      ? [
          {
            clave: 'kilos' as const,
            titulo: 'Kilos vendidos',
            valor: r.gramos,
            anterior: r.anterior.gramos,
            texto: formatPeso(r.gramos),
            significado: 'Cuánto pesó lo que vendiste a granel (pan, fiambre, frutas y verduras), en kilos.',
          },
        ]
      : []),
    {
      clave: 'margen',
      titulo: 'Margen',
      valor: r.margen,
      anterior: r.anterior.margen,
      texto: formatClp(r.margen),
      significado: 'Lo que te queda después de pagar la mercadería vendida: ventas menos su costo de compra.',
    },
    {
      clave: 'margen_pct',
      titulo: 'Margen %',
      valor: r.margen_pct,
      anterior: null,
      texto: r.margen_pct === null ? 'Sin costo' : formatPct(r.margen_pct),
      significado:
        r.margen_pct === null
          ? 'Ningún producto vendido tiene precio de compra, así que no se puede calcular el margen.'
          : 'De cada $100 que vendes, cuánto es ganancia antes de otros gastos (arriendo, luz, sueldos).',
    },
  ];
}
