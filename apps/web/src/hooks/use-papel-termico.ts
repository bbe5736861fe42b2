// The state of a page printed on the counter's thermal roll (the receipt, a customer's statement):
// the paper width (the URL's ?ancho=, else the one chosen last, else 80 mm), the page length
// measured from what is printed (a roll has no fixed page: lib/papel.ts), and the print button's
// focus once the data is there (Enter prints).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { altoPaginaMm, ANCHO_PREDETERMINADO, CLAVE_ANCHO, leerAnchoPapel, reglaPagina, type AnchoPapel } from '../lib/papel';

function anchoGuardado(): AnchoPapel | null {
  try {
    return leerAnchoPapel(window.localStorage.getItem(CLAVE_ANCHO));
  } catch {
    return null;
  }
}

/**
 * `datos`: what the page prints once loaded (measured again when it or the width changes).
 * `estado`: the navigation state to keep when the width goes into the URL (the receipt's way back).
 */
export function usePapelTermico(datos: unknown, estado?: unknown) {
  const [params, setParams] = useSearchParams();
  const ancho = leerAnchoPapel(params.get('ancho')) ?? anchoGuardado() ?? ANCHO_PREDETERMINADO;
  const papel = useRef<HTMLElement>(null);
  const imprimir = useRef<HTMLButtonElement>(null);
  const [altoMm, setAltoMm] = useState<number | null>(null);

  useLayoutEffect(() => {
    const el = papel.current;
    if (!el) return;
    const medir = () => setAltoMm(altoPaginaMm(el.getBoundingClientRect().height));
    medir();
    if (typeof ResizeObserver === 'undefined') return;
    const observador = new ResizeObserver(medir);
    observador.observe(el);
    return () => observador.disconnect();
  }, [datos, ancho]);

  useEffect(() => {
    if (datos) imprimir.current?.focus();
  }, [datos]);

  const elegirAncho = (nuevo: AnchoPapel) => {
    try {
      window.localStorage.setItem(CLAVE_ANCHO, String(nuevo));
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    setParams(
      (p) => {
        p.set('ancho', String(nuevo));
        return p;
      },
      { replace: true, state: estado },
    );
  };

  return { ancho, elegirAncho, papel, imprimir, reglaImpresion: `@media print { ${reglaPagina(ancho, altoMm)} }` };
}
