import { describe, expect, it } from 'vitest';
import { mesEnZona, zonedToUtc } from './tiempo.js';

describe('Santiago wall time', () => {
  it('reads a local time in summer (UTC-3) and in winter (UTC-4)', () => {
    expect(zonedToUtc('2026-01-15T10:00:00').toISOString()).toBe('2026-01-15T13:00:00.000Z');
    expect(zonedToUtc('2026-07-15T10:00:00').toISOString()).toBe('2026-07-15T14:00:00.000Z');
    expect(zonedToUtc('2026-07-15 10:00:00').toISOString()).toBe('2026-07-15T14:00:00.000Z');
  });

  it('keeps a time that carries its own offset', () => {
    expect(zonedToUtc('2026-07-15T10:00:00Z').toISOString()).toBe('2026-07-15T10:00:00.000Z');
    expect(zonedToUtc('2026-07-15T10:00:00-03:00').toISOString()).toBe('2026-07-15T13:00:00.000Z');
  });

  it('names the month as Santiago sees it', () => {
    // 02:00 UTC on 1 March is still 28 February in Santiago.
    expect(mesEnZona(new Date('2026-03-01T02:00:00Z'))).toBe('2026-02');
  });
});
