// What no figure explains: the conversation (capabilities, greetings, thanks), a bare follow-up ("¿y ayer?") or a product's bare name.
import type { Clasificacion } from './clasificacion.js';
import type { Lectura } from './lectura.js';
import { MAX_LARGO_PALABRA, MAX_PALABRAS_PRODUCTO } from './limites.js';
import { pideMenosVendido } from './mas-vendido.js';
import { NEGACIONES } from './negaciones.js';
import { VACIAS } from './vacias.js';

/** Conversation, or a product's bare name ("coca cola", "¿y la leche?"). */
export function conversacion(l: Lectura): Clasificacion {
  const { ws, mejor, tiene, fuerte, en, base, fallback, sueltas, periodos, periodo, comparacion, hayMetodo, metodos, negacionesLibres } = l;
  if (pideMenosVendido(l)) return fallback('menos_vendido');
  if (periodo && tiene('otroPeriodo')) return fallback('periodo');
  const conversacion = sueltas(['capacidades', 'saludo', 'gracias', 'como', 'cuanto', 'dia']);
  if (fuerte('capacidades')) return { ...base, intencion: 'capacidades', motivo: null, confianza: 1 };
  if (fuerte('gracias') && conversacion.length === 0)
    return { ...base, intencion: 'saludo', agradecimiento: true, motivo: null, confianza: 1 };
  if (fuerte('saludo') && conversacion.length === 0) return { ...base, intencion: 'saludo', motivo: null, confianza: 1 };
  // Only a period or a payment method ("¿y ayer?", "¿y en efectivo?"): the figure people ask for most, sales.
  // ("¿Qué día es hoy?" is no follow-up: a bare "día" does not count.)
  const soloPeriodo = (periodos.length > 0 && !tiene('dia')) || hayMetodo;
  if (soloPeriodo && sueltas(['cuanto', 'saludo', 'gracias']).length === 0 && negacionesLibres.length === 0) {
    if (comparacion) return fallback('comparacion');
    return { ...base, intencion: `ventas_${periodo ?? 'hoy'}`, periodo: periodo ?? 'hoy', metodos, motivo: null, confianza: 1 };
  }
  // Nothing but words no concept knows: perhaps a product's name; the service looks it up.
  const algunConcepto = [...mejor.keys()].some((c) => !['saludo', 'gracias'].includes(c) && fuerte(c));
  if (!algunConcepto) {
    const nombre = ws.filter((w, i) => !VACIAS.has(w) && !en(i, 'saludo') && !en(i, 'gracias'));
    if (nombre.length > MAX_PALABRAS_PRODUCTO) return fallback('producto_largo');
    // A name has a word of 3 letters or more that is not a negation ("no" alone is no product).
    const buscable = nombre.every((w) => w.length <= MAX_LARGO_PALABRA) && nombre.some((w) => w.length >= 3 && !NEGACIONES.has(w));
    return fallback('sin_intencion', { consultaProducto: buscable ? nombre : [] });
  }
  return fallback('sin_intencion', { desconocidas: sueltas([]) });
}
