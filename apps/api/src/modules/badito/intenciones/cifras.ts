// The figures (sales, ticket, discounts, best sellers, payment methods, stock, a product): which one a question asks for, and the check.
//
// The order of elegirCifra decides which figure wins when a question's words mention several; the
// check (cifra) then answers it only if the question's slots suit it and every word is explained.
import type { IntencionBadito } from '@minimarket/contracts/badito';
import type { Clasificacion, Periodo } from './clasificacion.js';
import type { Concepto } from './conceptos/index.js';
import type { Lectura } from './lectura.js';
import { CONFIANZA_MINIMA } from './limites.js';
import { pideMasVendido, pideMenosVendido } from './mas-vendido.js';
import { NEGACIONES } from './negaciones.js';
import { producto } from './productos.js';
import { VACIAS } from './vacias.js';

/** A figure chosen, and the concepts that chose it (their quality is the answer's confidence). */
export interface Eleccion {
  intencion: IntencionBadito;
  decide: Concepto[];
}

/** Words no concept explains (and that say something): a product's name, or what was not understood. */
function hayPalabrasSueltas({ ws, porPalabra }: Lectura): boolean {
  return ws.some((w, i) => !VACIAS.has(w) && !NEGACIONES.has(w) && porPalabra[i]!.size === 0);
}

/** The figure a question asks for, in this order of precedence; null: none (conversacion.ts answers). */
export function elegirCifra(l: Lectura): Eleccion | null {
  const { fuerte, tiene, periodo, grupos, hayMetodo, ventaFiada, ventasEnfaticas, negacionVenta, negacionExistencia } = l;
  const masVendido = pideMasVendido(l);
  const menosVendido = pideMenosVendido(l);
  const sinVentas = fuerte('sinVentas') || negacionVenta;
  const nombraProducto = hayPalabrasSueltas(l);

  if (menosVendido && !masVendido) return null;
  // "¿Cómo me pagan?" is about the month by default; "¿cuánto en efectivo y cuánto con tarjeta?", about today.
  if (fuerte('metodoGenerico')) return { intencion: `metodo_pago_${periodo ?? 'mes'}`, decide: ['metodoGenerico'] };
  if (grupos >= 2) return { intencion: `metodo_pago_${periodo ?? 'hoy'}`, decide: [] };
  if (masVendido) return { intencion: `mas_vendido_${periodo ?? 'semana'}`, decide: fuerte('masVendido') ? ['masVendido'] : ['mas'] };
  if (sinVentas) return { intencion: 'sin_ventas', decide: fuerte('sinVentas') ? ['sinVentas'] : [] };
  if (fuerte('ticket')) return { intencion: `ticket_${periodo ?? 'hoy'}`, decide: ['ticket'] };
  if (fuerte('descuento')) return { intencion: `descuentos_${periodo ?? 'mes'}`, decide: ['descuento'] };
  if (fuerte('stockBajo')) return { intencion: 'stock_bajo', decide: ['stockBajo'] };
  if (fuerte('precio') || fuerte('costo')) return { intencion: 'producto', decide: [fuerte('precio') ? 'precio' : 'costo'] };
  // "¿No hay pan?", "¿se acabó la leche?": about that product's stock; without a name, the list.
  if (fuerte('agotados') || negacionExistencia)
    return { intencion: nombraProducto ? 'producto' : 'agotados', decide: fuerte('agotados') ? ['agotados'] : ['existencias'] };
  if (fuerte('ventas') || ventasEnfaticas) return { intencion: `ventas_${periodo ?? 'hoy'}`, decide: ['ventas'] };
  // "¿Cuánto fié este mes?": selling on credit is selling.
  if (fuerte('fiar') && ventaFiada) return { intencion: `ventas_${periodo ?? 'hoy'}`, decide: ['fiar'] };
  // "¿Cómo me fue?", "¿qué tal el mes?": how the shop is doing.
  if (fuerte('desempeno') && (tiene('como') || periodo !== null)) return { intencion: `ventas_${periodo ?? 'hoy'}`, decide: ['desempeno'] };
  if (fuerte('cuanto') && hayMetodo) return { intencion: `ventas_${periodo ?? 'hoy'}`, decide: ['cuanto'] };
  if (fuerte('existencias')) return { intencion: 'producto', decide: ['existencias'] };
  return null;
}

/** The figure chosen, if the question's slots suit it and the intent explains every word; else the fallback. */
export function cifra(l: Lectura, eleccion: Eleccion): Clasificacion {
  const { tiene, mejor, base, fallback, sueltas, negacionesLibres, periodo, comparacion, hayMetodo, metodos } = l;
  const { intencion } = eleccion;
  const familia = intencion.replace(/_(hoy|ayer|semana|mes)$/, '');
  const confianza = Math.min(1, ...eleccion.decide.map((c) => mejor.get(c) ?? 0));
  if (confianza < CONFIANZA_MINIMA) return fallback('sin_intencion', { confianza });
  const casi = { casi: intencion };

  // Slots the intent cannot honour.
  if (tiene('otroPeriodo')) return fallback(['agotados', 'stock_bajo', 'producto'].includes(familia) ? 'periodo_stock' : 'periodo', casi);
  if (comparacion) return fallback('comparacion', casi);
  const conPeriodo = ['ventas', 'ticket', 'mas_vendido', 'metodo_pago', 'descuentos'].includes(familia);
  if (!conPeriodo && periodo && periodo !== 'hoy') return fallback(familia === 'sin_ventas' ? 'periodo_sin_ventas' : 'periodo_stock', casi);
  if (familia === 'sin_ventas' && periodo) return fallback('periodo_sin_ventas', casi);
  const conMetodo = ['ventas', 'ticket', 'metodo_pago'].includes(familia);
  if (hayMetodo && !conMetodo) return fallback('metodo_no_aplica', casi);

  // A product's question: the words left over are its name.
  if (familia === 'producto') return producto(l, casi, confianza);

  // Every word explained by the intent, or the fallback.
  const ABSORBE: Record<string, Concepto[]> = {
    ventas: ['ventas', 'cuanto', 'desempeno', ...(tiene('desempeno') ? (['como'] as const) : []), 'verbosSalida', 'palabraProducto'],
    ticket: ['ticket', 'cuanto', 'ventas', 'palabraProducto'],
    descuentos: ['descuento', 'cuanto', 'ventas', 'verbosSalida'],
    mas_vendido: ['masVendido', 'mas', 'ventas', 'verbosSalida', 'cuanto', 'palabraProducto'],
    metodo_pago: ['metodoGenerico', 'mas', 'ventas', 'cuanto', 'verbosSalida', 'desempeno'],
    sin_ventas: ['sinVentas', 'ventas', 'verbosSalida', 'palabraProducto', 'cuanto', 'existencias', 'mas'],
    agotados: ['agotados', 'existencias', 'cuanto', 'palabraProducto', 'stockBajo'],
    stock_bajo: ['stockBajo', 'agotados', 'existencias', 'cuanto', 'palabraProducto', 'como'],
  };
  const libres = sueltas(ABSORBE[familia] ?? []);

  if (negacionesLibres.length > 0) return fallback('negacion', casi);
  if (libres.length > 0) return fallback('desconocidas', { ...casi, desconocidas: libres });
  return {
    ...base,
    intencion,
    periodo: conPeriodo ? (intencion.slice(familia.length + 1) as Periodo) : null,
    metodos: conMetodo && familia !== 'metodo_pago' ? metodos : null,
    motivo: null,
    confianza,
  };
}
