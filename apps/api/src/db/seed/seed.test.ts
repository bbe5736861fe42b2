// The demo catalogue is data the whole demo leans on, so its invariants are
// checked here without a database.
import { describe, expect, it } from 'vitest';
import { CATALOGO, CATEGORIAS, construirCatalogo } from './catalogo.js';
import { isValidEan13 } from '@minimarket/contracts/codigo-barra';

describe('catálogo de demostración', () => {
  it('has about 300 products', () => {
    expect(CATALOGO.length).toBeGreaterThanOrEqual(280);
    expect(CATALOGO.length).toBeLessThanOrEqual(330);
  });

  it('covers all nine categories, spelled exactly, and nothing else', () => {
    const presentes = new Set(CATALOGO.map((p) => p.categoria));
    expect([...presentes].sort()).toEqual([...CATEGORIAS].sort());
    for (const categoria of CATEGORIAS) {
      expect(CATALOGO.filter((p) => p.categoria === categoria).length, categoria).toBeGreaterThanOrEqual(10);
    }
  });

  it('gives every product a valid, unique Chilean EAN-13', () => {
    for (const p of CATALOGO) {
      expect(isValidEan13(p.codigo), `${p.nombre}: ${p.codigo}`).toBe(true);
      expect(p.codigo.startsWith('780'), p.codigo).toBe(true);
    }
    expect(new Set(CATALOGO.map((p) => p.codigo)).size).toBe(CATALOGO.length);
  });

  it('has unique names', () => {
    expect(new Set(CATALOGO.map((p) => p.nombre)).size).toBe(CATALOGO.length);
  });

  it('prices every product in whole pesos above a cost of 60–85 %', () => {
    for (const p of CATALOGO) {
      expect(Number.isInteger(p.precio) && p.precio > 0, p.nombre).toBe(true);
      expect(Number.isInteger(p.costo) && p.costo > 0, p.nombre).toBe(true);
      expect(p.costo, p.nombre).toBeLessThan(p.precio);
      expect(p.costo, p.nombre).toBeGreaterThanOrEqual(Math.ceil(p.precio * 0.6));
      expect(p.costo, p.nombre).toBeLessThanOrEqual(Math.floor(p.precio * 0.85));
    }
  });

  it('uses shelf prices in tens of pesos, mostly ending in 90, and a positive popularity', () => {
    for (const p of CATALOGO) {
      expect(p.precio % 10, p.nombre).toBe(0);
      expect(p.popularidad, p.nombre).toBeGreaterThan(0);
    }
    const terminanEn90 = CATALOGO.filter((p) => p.precio % 100 === 90).length;
    expect(terminanEn90 / CATALOGO.length).toBeGreaterThan(0.9);
  });

  it('is the same on every build (no randomness in barcodes, costs or prices)', () => {
    // A demo database seeded yesterday must match the catalogue built today:
    // the seed and the templates look products up by these barcodes.
    expect(construirCatalogo()).toEqual(CATALOGO);
  });
});
