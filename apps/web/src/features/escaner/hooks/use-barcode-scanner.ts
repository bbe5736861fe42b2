import { useEffect, useLayoutEffect, useRef } from 'react';
import { createScannerBuffer } from '../utils/scanner-buffer';

type CampoDeTexto = HTMLInputElement | HTMLTextAreaElement;

const TIPOS_SIN_TEXTO = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color']);

function campoDeTexto(el: EventTarget | null): CampoDeTexto | null {
  if (el instanceof HTMLTextAreaElement) return el;
  if (el instanceof HTMLInputElement && !TIPOS_SIN_TEXTO.has(el.type)) return el;
  return null;
}

/** Puts a field back as it was before the burst, through the setter React listens to, so its state follows. */
function restaurar(campo: CampoDeTexto, valor: string) {
  const prototipo = campo instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototipo, 'value')?.set?.call(campo, valor);
  campo.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The scanner always wins (spec §9: "en cualquier momento"): a burst of keys under 100 ms apart
 * ending in Enter, more than 5 characters, is a scan wherever the focus is. In a text field the
 * burst's characters land in it as they arrive (nothing tells a scan from typing until the Enter),
 * so when the Enter completes a scan the field gets back what the person had typed before it,
 * and the Enter goes nowhere else (no form submits, no field handler runs). A person typing is
 * slower than that and keeps the field. Off while a dialog is open.
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
    // The focused field and its text when the current burst began.
    let antes: { campo: CampoDeTexto; valor: string } | null = null;
    const alTeclear = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const campo = campoDeTexto(e.target);
      const otroEditable =
        !campo && e.target instanceof HTMLElement && (e.target.isContentEditable || e.target instanceof HTMLSelectElement);
      if (otroEditable || document.querySelector('dialog[open]')) {
        buffer.reset();
        antes = null;
        return;
      }
      // Before the key's own effect: a key that starts a burst snapshots the field it goes into.
      const codigo = buffer.push(e.key, e.timeStamp || performance.now());
      if (e.key.length === 1 && buffer.largo() === 1) antes = campo ? { campo, valor: campo.value } : null;
      if (!codigo) return;
      e.preventDefault();
      e.stopPropagation();
      if (antes && antes.campo === campo) restaurar(antes.campo, antes.valor);
      antes = null;
      callback.current(codigo);
    };
    // Capture on window: before React's handlers and before the Enter submits a form.
    window.addEventListener('keydown', alTeclear, true);
    return () => window.removeEventListener('keydown', alTeclear, true);
  }, [activo]);
}
