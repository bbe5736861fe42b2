import { describe, expect, it } from 'vitest';
import { cambiosCajero } from './cajeros';

describe("a cashier's edit sends only what changed", () => {
  const ana = { nombre: 'Ana', correo: 'ana@tienda.cl' };
  const igual = { nombre: 'Ana', pin: '', correo: 'ana@tienda.cl', contrasena: '' };

  it('nothing typed, nothing sent', () => {
    expect(cambiosCajero(ana, igual)).toEqual({});
  });

  it('a new name and a new PIN', () => {
    expect(cambiosCajero(ana, { ...igual, nombre: 'Ana María', pin: '2468' })).toEqual({ nombre: 'Ana María', pin: '2468' });
  });

  it('an erased e-mail removes the other-device access (null); a new one replaces it', () => {
    expect(cambiosCajero(ana, { ...igual, correo: '  ' })).toEqual({ correo: null });
    expect(cambiosCajero(ana, { ...igual, correo: 'ana2@tienda.cl', contrasena: 'Clave2026' })).toEqual({
      correo: 'ana2@tienda.cl',
      contrasena: 'Clave2026',
    });
    expect(cambiosCajero({ nombre: 'Beto', correo: null }, { nombre: 'Beto', pin: '', correo: '', contrasena: '' })).toEqual({});
  });
});
