import { describe, expect, it } from 'vitest';
import { soloCambios } from './solo-cambios';

describe('soloCambios', () => {
  it('keeps only the fields marked as changed, with their new values', () => {
    const datos = { nombre: 'Pan Amasado', precio: 1490, stock: 11 };
    expect(soloCambios(datos, { nombre: true, precio: true })).toEqual({ nombre: 'Pan Amasado', precio: 1490 });
  });

  it('gives nothing when nothing changed', () => {
    expect(soloCambios({ nombre: 'Pan', stock: 3 }, {})).toEqual({});
  });
});
