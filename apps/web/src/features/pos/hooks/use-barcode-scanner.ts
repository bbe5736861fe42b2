import { useEffect, useLayoutEffect, useRef } from 'react';
import { createScannerBuffer } from '../utils/scanner-buffer';

function esEditable(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit'].includes(el.type);
  return false;
}

/**
 * Listens to the whole page for a scanner burst while the focus is not in a text field
 * (a field's own Enter belongs to that field), and calls onScan with the code.
 */
export function useBarcodeScanner(onScan: (codigo: string) => void, activo = true) {
  // The latest onScan, without re-subscribing the listener on every render.
  const callback = useRef(onScan);
  useLayoutEffect(() => {
    callback.current = onScan;
  });

  useEffect(() => {
    if (!activo) return;
    const buffer = createScannerBuffer();
    const alTeclear = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (esEditable(e.target) || document.querySelector('dialog[open]')) {
        buffer.reset();
        return;
      }
      const codigo = buffer.push(e.key, e.timeStamp || performance.now());
      if (codigo) {
        e.preventDefault();
        callback.current(codigo);
      }
    };
    window.addEventListener('keydown', alTeclear);
    return () => window.removeEventListener('keydown', alTeclear);
  }, [activo]);
}
