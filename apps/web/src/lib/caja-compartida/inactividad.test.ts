import { describe, expect, it } from 'vitest';
import { debeBloquearse, debeRegistrarActividad, esCajaCompartida, msHastaBloqueo } from './inactividad';

const MIN = 60_000;

describe('the shared till locks after the shop’s idle minutes', () => {
  it('is a shared till for a cashier always, for an owner only once someone switched in by PIN', () => {
    expect(esCajaCompartida('cajero', false)).toBe(true);
    expect(esCajaCompartida('pyme', false)).toBe(false);
    expect(esCajaCompartida('pyme', true)).toBe(true);
    expect(esCajaCompartida('administrador', true)).toBe(false);
    expect(esCajaCompartida(undefined, true)).toBe(false);
  });

  it('counts down from the last input', () => {
    expect(msHastaBloqueo(1_000, 1_000, 10)).toBe(10 * MIN);
    expect(msHastaBloqueo(1_000, 1_000 + 9 * MIN, 10)).toBe(MIN);
    expect(msHastaBloqueo(0, 11 * MIN, 10)).toBe(-MIN);
  });

  it('locks at exactly the minutes, not a millisecond before', () => {
    const estado = { compartida: true, bloqueada: false, ultimaActividad: 0, minutos: 1 };
    expect(debeBloquearse(estado, MIN - 1)).toBe(false);
    expect(debeBloquearse(estado, MIN)).toBe(true);
  });

  it('does nothing on a till that is not shared, already locked, or whose shop has not loaded', () => {
    const base = { compartida: true, bloqueada: false, ultimaActividad: 0, minutos: 1 };
    expect(debeBloquearse({ ...base, compartida: false }, 5 * MIN)).toBe(false);
    expect(debeBloquearse({ ...base, bloqueada: true }, 5 * MIN)).toBe(false);
    expect(debeBloquearse({ ...base, minutos: null }, 5 * MIN)).toBe(false);
  });

  it('writes a burst of keys (a scan) to storage once', () => {
    expect(debeRegistrarActividad(0, 999)).toBe(false);
    expect(debeRegistrarActividad(0, 1000)).toBe(true);
  });
});
