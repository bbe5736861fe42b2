import { describe, expect, it } from 'vitest';
import { formatEntero } from '../../../utils/format';
import { leerFiltrosChats, textoMostrando } from './filtros-chats';

describe('leerFiltrosChats', () => {
  it('reads the defaults from an empty URL', () => {
    expect(leerFiltrosChats(new URLSearchParams())).toEqual({ q: '', orden: 'reciente', estado: '', pagina: 1 });
  });

  it('keeps valid values', () => {
    const p = new URLSearchParams('q=%20leche%20&orden=prioridad&estado=Pendiente&pagina=3');
    expect(leerFiltrosChats(p)).toEqual({ q: 'leche', orden: 'prioridad', estado: 'Pendiente', pagina: 3 });
  });

  it('drops what the API would refuse', () => {
    const p = new URLSearchParams('orden=alfabetico&estado=activo&pagina=-2');
    expect(leerFiltrosChats(p)).toEqual({ q: '', orden: 'reciente', estado: '', pagina: 1 });
    expect(leerFiltrosChats(new URLSearchParams('pagina=1.5')).pagina).toBe(1);
  });
});

describe('textoMostrando', () => {
  it('counts the rows on the page against the total', () => {
    expect(textoMostrando(10, 24)).toBe('Mostrando 10 de 24 chats');
    expect(textoMostrando(4, 24)).toBe('Mostrando 4 de 24 chats');
    expect(textoMostrando(1, 1)).toBe('Mostrando 1 de 1 chat');
    expect(textoMostrando(10, 1200, formatEntero)).toBe('Mostrando 10 de 1.200 chats');
  });
});
