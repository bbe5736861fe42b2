import { describe, expect, it } from 'vitest';
import { createContadorFallos } from './contador-fallos.js';

const VENTANA_MS = 15 * 60_000;

function reloj() {
  let t = 1_000_000;
  return { now: () => t, avanzar: (ms: number) => (t += ms) };
}

describe('createContadorFallos', () => {
  it('blocks an address after max failures, whatever its case, until the window closes', () => {
    const r = reloj();
    const contador = createContadorFallos({ max: 3, ventanaMs: VENTANA_MS, now: r.now });
    for (let i = 0; i < 2; i++) contador.registrarFallo('Pyme@Demo.cl');
    expect(contador.consultar('pyme@demo.cl').bloqueado).toBe(false);
    contador.registrarFallo(' pyme@demo.cl ');
    expect(contador.consultar('PYME@DEMO.CL')).toEqual({ bloqueado: true, ttlMs: VENTANA_MS });
    expect(contador.consultar('otro@demo.cl').bloqueado).toBe(false);

    r.avanzar(VENTANA_MS - 60_000);
    expect(contador.consultar('pyme@demo.cl')).toEqual({ bloqueado: true, ttlMs: 60_000 });
    r.avanzar(60_000);
    expect(contador.consultar('pyme@demo.cl')).toEqual({ bloqueado: false, ttlMs: 0 });
  });

  it('starts over after a correct password', () => {
    const contador = createContadorFallos({ max: 2, ventanaMs: VENTANA_MS });
    contador.registrarFallo('a@b.cl');
    contador.limpiar('A@B.cl');
    contador.registrarFallo('a@b.cl');
    expect(contador.consultar('a@b.cl').bloqueado).toBe(false);
  });
});
