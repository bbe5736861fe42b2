import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { cn } from '../../utils/cn';

export interface Pestana {
  to: string;
  label: string;
  end?: boolean;
}

/** Width of the fade at an edge with more tabs behind it. */
const FUNDIDO = '2rem';

/**
 * The section tabs under a page title; each tab is a route, so it can be linked and reloaded. On a
 * phone the row is wider than the screen: it scrolls sideways, opens with the active tab in the
 * middle, and fades out at an edge that has more tabs behind it, so the row reads as scrollable.
 */
export function TabsNav({ pestanas, etiqueta }: { pestanas: Pestana[]; etiqueta: string }) {
  const barra = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const [mas, setMas] = useState({ izquierda: false, derecha: false });

  const medir = useCallback(() => {
    const el = barra.current;
    if (!el) return;
    const izquierda = el.scrollLeft > 1;
    const derecha = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMas((m) => (m.izquierda === izquierda && m.derecha === derecha ? m : { izquierda, derecha }));
  }, []);

  // Horizontal only: scrollIntoView would also move the page under the finger.
  useLayoutEffect(() => {
    const el = barra.current;
    const activa = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!el || !activa || el.scrollWidth <= el.clientWidth) return;
    el.scrollLeft = activa.offsetLeft - (el.clientWidth - activa.offsetWidth) / 2;
    medir();
  }, [pathname, medir]);

  useEffect(() => {
    const el = barra.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observador = new ResizeObserver(medir);
    observador.observe(el);
    medir();
    return () => observador.disconnect();
  }, [medir]);

  const mascara =
    mas.izquierda || mas.derecha
      ? `linear-gradient(to right, ${mas.izquierda ? 'transparent' : 'black'}, black ${FUNDIDO}, black calc(100% - ${FUNDIDO}), ${mas.derecha ? 'transparent' : 'black'})`
      : undefined;

  return (
    <nav
      ref={barra}
      aria-label={etiqueta}
      onScroll={medir}
      className="relative -mx-4 overflow-x-auto overflow-y-hidden px-4 sm:mx-0 sm:px-0"
      style={{ maskImage: mascara }}
    >
      {/* The line under the tabs is the list's, inside the scroller: the active tab's underline covers it instead of being clipped. */}
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {pestanas.map((p) => (
          <li key={p.to}>
            <NavLink
              to={p.to}
              end={p.end}
              className={({ isActive }) =>
                cn(
                  // Eight POS tabs fit one row beside the open sidebar at 1366 px: a little tighter below 1536 px.
                  '-mb-px inline-flex h-11 items-center border-b-2 px-2 text-xs font-semibold tracking-wide whitespace-nowrap sm:text-[0.8125rem] 2xl:px-3 2xl:text-sm',
                  isActive
                    ? 'border-marca-700 text-marca-800'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                )
              }
            >
              {p.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
