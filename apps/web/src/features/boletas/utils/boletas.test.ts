import { describe, expect, it } from 'vitest';
import { conteosPorEstado, hayDocumentosDePrueba, INSIGNIA_PRUEBA, nombreTipoDte, sePuedeReintentar, tituloDocumento } from './boletas';

describe('POS → BOLETAS', () => {
  it('names each document by type and folio, and a nota de crédito by the boleta it corrects', () => {
    expect(tituloDocumento({ tipo: 39, folio: 15, referencia_folio: null })).toBe('Boleta electrónica N° 15');
    expect(tituloDocumento({ tipo: 41, folio: null, referencia_folio: null })).toBe('Boleta exenta electrónica sin folio aún');
    expect(tituloDocumento({ tipo: 61, folio: 3, referencia_folio: 15 })).toBe('Nota de crédito electrónica N° 3 (corrige la N° 15)');
    expect(nombreTipoDte(33)).toBe('Documento tipo 33');
  });

  it('counts every state in the order a document lives them, 0 for a state the shop has none of', () => {
    expect(conteosPorEstado({ pendiente: 2, rechazado: 1 }).map((c) => [c.nombre, c.cantidad])).toEqual([
      ['Pendiente', 2],
      ['En proceso', 0],
      ['Aceptado', 0],
      ['Aceptado con reparos', 0],
      ['Rechazado', 1],
    ]);
    expect(conteosPorEstado(undefined).every((c) => c.cantidad === 0)).toBe(true);
  });

  it('offers a retry only for a rejected document', () => {
    expect(sePuedeReintentar({ estado: 'rechazado' })).toBe(true);
    for (const estado of ['pendiente', 'en_proceso', 'aceptado', 'reparos'] as const) expect(sePuedeReintentar({ estado })).toBe(false);
  });

  it('marks what the local stand-in issued, in the contract’s words, and says it once when the page has any', () => {
    expect(INSIGNIA_PRUEBA).toEqual({ texto: 'De prueba', detalle: 'DOCUMENTO DE PRUEBA — NO VÁLIDO ANTE EL SII' });
    expect(hayDocumentosDePrueba([{ de_prueba: false }, { de_prueba: true }])).toBe(true);
    expect(hayDocumentosDePrueba([{ de_prueba: false }])).toBe(false);
    expect(hayDocumentosDePrueba([])).toBe(false);
    expect(hayDocumentosDePrueba(undefined)).toBe(false);
  });
});
