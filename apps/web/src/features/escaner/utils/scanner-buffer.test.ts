import { describe, expect, it } from 'vitest';
import { createScannerBuffer } from './scanner-buffer';

function teclear(buffer: ReturnType<typeof createScannerBuffer>, texto: string, inicio: number, paso: number) {
  let t = inicio;
  for (const c of texto) {
    expect(buffer.push(c, t)).toBeNull();
    t += paso;
  }
  return t;
}

describe('scanner buffer', () => {
  it('recognises a fast burst ending in Enter as a scan', () => {
    const b = createScannerBuffer();
    const t = teclear(b, '7801234567890', 1000, 10);
    expect(b.push('Enter', t)).toBe('7801234567890');
  });

  it('ignores Enter after 5 characters or fewer', () => {
    const b = createScannerBuffer();
    const t = teclear(b, '12345', 0, 10);
    expect(b.push('Enter', t)).toBeNull();
  });

  it('starts over when keystrokes are more than 100 ms apart', () => {
    const b = createScannerBuffer();
    let t = teclear(b, '999', 0, 10);
    t += 150; // a pause: what came before was typed by a person
    t = teclear(b, '7801234', t, 10);
    expect(b.push('Enter', t)).toBe('7801234');
  });

  it('does not treat slow typing as a scan', () => {
    const b = createScannerBuffer();
    const t = teclear(b, '7801234567890', 0, 250);
    expect(b.push('Enter', t)).toBeNull();
  });

  it('skips keys that are not characters and empties after each scan', () => {
    const b = createScannerBuffer();
    let t = 0;
    expect(b.push('Shift', t)).toBeNull();
    t = teclear(b, 'ABC-123', t + 5, 5);
    expect(b.push('Enter', t)).toBe('ABC-123');
    expect(b.push('Enter', t + 5)).toBeNull();
  });
});
