// How-to questions (loading a file, the recommendations, adding a product, selling): they name an action and win over figures.
import type { IntencionBadito } from '@minimarket/contracts/badito';
import type { Clasificacion } from './clasificacion.js';
import type { Concepto } from './conceptos/index.js';
import type { Lectura } from './lectura.js';

/** What each how-to question explains (besides the slots and courtesy). */
const AYUDA_ABSORBE = {
  ayuda_cargar: [
    'cargarFuerte',
    'cargarVerbo',
    'cargarObjeto',
    'como',
    'ventas',
    'palabraProducto',
    'problema',
    'accionProducto',
    'existencias',
  ],
  ayuda_recomendaciones: ['recomendaciones', 'como', 'ventas', 'mas', 'palabraProducto', 'problema', 'verbosSalida'],
  ayuda_producto: ['accionProducto', 'palabraProducto', 'como', 'problema', 'existencias', 'precio'],
  ayuda_vender: ['accionVender', 'ventas', 'como', 'accionProducto', 'palabraProducto', 'problema'],
} satisfies Partial<Record<IntencionBadito, Concepto[]>>;

/**
 * How-to questions name an action; they win over the figures their words also mention (null: not a
 * how-to question). Every word explained here too: "¿cómo anulo una venta?" is not "¿cómo registro una venta?".
 */
export function ayuda(l: Lectura): Clasificacion | null {
  const { ws, tiene, fuerte, base, fallback, negacionesLibres, sueltas, periodo } = l;
  const explicar = (intencion: keyof typeof AYUDA_ABSORBE): Clasificacion => {
    const libres = sueltas(AYUDA_ABSORBE[intencion]);
    if (negacionesLibres.length > 0) return fallback('negacion', { casi: intencion });
    if (libres.length > 0) return fallback('desconocidas', { casi: intencion, desconocidas: libres });
    return { ...base, intencion, motivo: null, conProblema: tiene('problema'), confianza: 1 };
  };
  const cargar = fuerte('cargarFuerte') || (fuerte('cargarVerbo') && (tiene('cargarObjeto') || tiene('ventas')) && !tiene('precio'));
  if (cargar) return explicar('ayuda_cargar');
  if (fuerte('recomendaciones')) return explicar('ayuda_recomendaciones');
  const accionProducto = (fuerte('accionProducto') && tiene('palabraProducto')) || /\bnuevo producto\b/.test(ws.join(' '));
  if (accionProducto && !tiene('cuanto')) return explicar('ayuda_producto');
  if (fuerte('accionVender') && tiene('como') && !tiene('cuanto') && !tiene('desempeno') && !periodo) return explicar('ayuda_vender');
  return null;
}
