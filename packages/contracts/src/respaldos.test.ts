import { describe, expect, it } from 'vitest';
import { formatBytes, RESPALDO_ATRASADO_MS, respaldoAtrasado } from './respaldos.js';

describe('formatBytes', () => {
  it('reads as a person says it', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(45 * 1024 * 1024 + 300_000)).toBe('45 MB');
    expect(formatBytes(1.2 * 1024 ** 3)).toBe('1,2 GB');
  });
});

describe('respaldoAtrasado', () => {
  const ahora = new Date('2026-11-26T12:00:00Z');
  it('is late when missing or older than two days', () => {
    expect(respaldoAtrasado(null, ahora)).toBe(true);
    expect(respaldoAtrasado(new Date(ahora.getTime() - RESPALDO_ATRASADO_MS), ahora)).toBe(false);
    expect(respaldoAtrasado(new Date(ahora.getTime() - RESPALDO_ATRASADO_MS - 1), ahora)).toBe(true);
  });
});
