// A barcode scanner is a keyboard that types very fast and ends with Enter. Keystrokes more
// than 100 ms apart start a new buffer (a person typing), and Enter only counts as a scan
// when more than 5 characters arrived in the burst (spec §9).

export const SCANNER_MAX_INTERVALO_MS = 100;
export const SCANNER_MIN_CARACTERES = 6;

export interface ScannerBuffer {
  /** Feeds one key; returns the scanned code when this key completed a scan, else null. */
  push: (key: string, tiempoMs: number) => string | null;
  reset: () => void;
  /** Characters in the burst so far (1 right after the key that started it). */
  largo: () => number;
}

export function createScannerBuffer(): ScannerBuffer {
  let buffer = '';
  let ultimo = Number.NEGATIVE_INFINITY;
  return {
    push(key, tiempoMs) {
      if (key === 'Enter') {
        const codigo = tiempoMs - ultimo > SCANNER_MAX_INTERVALO_MS ? '' : buffer;
        buffer = '';
        ultimo = Number.NEGATIVE_INFINITY;
        return codigo.length >= SCANNER_MIN_CARACTERES ? codigo : null;
      }
      if (key.length !== 1) return null; // Shift, Tab, arrows: not part of a code.
      if (tiempoMs - ultimo > SCANNER_MAX_INTERVALO_MS) buffer = '';
      buffer += key;
      ultimo = tiempoMs;
      return null;
    },
    reset() {
      buffer = '';
      ultimo = Number.NEGATIVE_INFINITY;
    },
    largo: () => buffer.length,
  };
}
