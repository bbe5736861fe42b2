import {
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
} from 'react';
import { cn } from '../../utils/cn';

/**
 * The sideways-scrolling box of a wide table. When the table does not fit (a phone, a 24-hour
 * grid) the box becomes a labelled, focusable region, so a keyboard can scroll it too (WCAG 2.1.1;
 * axe's scrollable-region-focusable); when it fits it is no tab stop. It is `relative` so
 * screen-reader-only text (absolutely positioned) inside a wide table stays clipped by it instead of
 * widening the whole page.
 */
export function DesplazamientoTabla({ etiqueta, children, ref }: { etiqueta?: string; children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  const caja = useRef<HTMLDivElement>(null);
  // Whoever draws the table may place its scroll (the heat map opens at the shop's hours).
  useImperativeHandle(ref, () => caja.current as HTMLDivElement, []);
  const [desborda, setDesborda] = useState(false);
  useEffect(() => {
    const el = caja.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const medir = () => setDesborda(el.scrollWidth > el.clientWidth + 1);
    const observador = new ResizeObserver(medir);
    observador.observe(el);
    if (el.firstElementChild) observador.observe(el.firstElementChild);
    medir();
    return () => observador.disconnect();
  }, []);
  return (
    <div
      ref={caja}
      // `group/desplazamiento` and data-desborda let a cell style itself only while the table scrolls (a sticky column's edge).
      className="group/desplazamiento relative overflow-x-auto"
      {...(desborda
        ? { tabIndex: 0, role: 'region', 'aria-label': etiqueta ? `${etiqueta} (se desplaza hacia el lado)` : 'Tabla', 'data-desborda': '' }
        : {})}
    >
      {children}
    </div>
  );
}

/** A data table that scrolls sideways on a phone instead of squeezing its columns. */
export function Table({ className, caption, children, ...props }: HTMLAttributes<HTMLTableElement> & { caption?: string }) {
  return (
    <DesplazamientoTabla etiqueta={caption}>
      <table className={cn('w-full text-left text-sm', className)} {...props}>
        {caption && <caption className="sr-only">{caption}</caption>}
        {children}
      </table>
    </DesplazamientoTabla>
  );
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn('bg-slate-50 px-3 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase', className)}
      {...props}
    />
  );
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('border-t border-slate-100 px-3 py-2.5 align-middle', className)} {...props} />;
}
