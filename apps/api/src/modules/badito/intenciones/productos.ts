// A question about one product (its price, its cost, its stock): the words left over are the product's name.
import type { IntencionBadito } from '@minimarket/contracts/badito';
import type { Clasificacion } from './clasificacion.js';
import { CORTESIA, type Concepto } from './conceptos/index.js';
import type { Lectura } from './lectura.js';
import { CONFIANZA_MINIMA, MAX_PALABRAS_PRODUCTO } from './limites.js';
import { NEGACIONES } from './negaciones.js';
import { VACIAS } from './vacias.js';

/** What a product question explains besides its name (besides the slots and courtesy). */
const ABSORBE_PRODUCTO: Concepto[] = ['precio', 'costo', 'existencias', 'agotados', 'cuanto', 'ventas', 'mas'];

/** A product question chosen by the figures (cifras.ts), once its slots are checked. */
export function producto(l: Lectura, casi: { casi: IntencionBadito }, confianza: number): Clasificacion {
  const { ws, porPalabra, consumidas, negacionesLibres, fuerte, tiene, base, fallback } = l;
  // The words left are the product's name; a negation inside it is part of it ("agua sin gas").
  const nombre = ws.filter((w, i) => {
    if (VACIAS.has(w) || consumidas.has(i)) return false;
    const m = porPalabra[i]!;
    // Only a word that surely is one of these (not a typo of one) is left out of the name.
    const segura = (c: Concepto) => (m.get(c) ?? 0) >= CONFIANZA_MINIMA;
    const absorben: Concepto[] = [...ABSORBE_PRODUCTO, 'hoy', 'dia', ...CORTESIA];
    return !absorben.some(segura);
  });
  const primera = ws.findIndex((w) => nombre.includes(w) && !NEGACIONES.has(w));
  const negacionFuera = negacionesLibres.some((i) => primera < 0 || i < primera);
  if (negacionFuera) return fallback('negacion', casi);
  if (nombre.length > MAX_PALABRAS_PRODUCTO) return fallback('producto_largo', casi);
  // "Vale, gracias" is no price question.
  if (nombre.length === 0 && (fuerte('gracias') || fuerte('saludo')))
    return { ...base, intencion: 'saludo', agradecimiento: fuerte('gracias'), motivo: null, confianza: 1 };
  // "¿Cuánto vale mi inventario?", "¿cuántos productos tengo?": about no one product, not answered as if it were.
  if (nombre.length === 0 && (tiene('cuanto') || tiene('mas'))) return fallback('sin_intencion', casi);
  return {
    ...base,
    intencion: 'producto',
    consultaProducto: nombre,
    conCosto: tiene('costo'),
    motivo: null,
    confianza,
  };
}
