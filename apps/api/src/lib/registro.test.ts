import { describe, expect, it } from 'vitest';
import { urlSinSecretos } from './registro.js';

describe('urlSinSecretos', () => {
  it('hides the reset token and anything named like a password, keeps the rest', () => {
    expect(urlSinSecretos('/reset-password?token=abcDEF123_-')).toBe('/reset-password?token=%5Boculto%5D');
    expect(urlSinSecretos('/x?search=pan&password=Secreta1&skip=6')).toBe('/x?search=pan&password=%5Boculto%5D&skip=6');
    expect(urlSinSecretos('/api/productos/?search=leche')).toBe('/api/productos/?search=leche');
    expect(urlSinSecretos('/inicio')).toBe('/inicio');
  });
});
