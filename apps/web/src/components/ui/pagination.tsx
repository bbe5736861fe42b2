import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../utils/cn';

/** Page numbers to show: the first, the last and a window around the current one. */
export function paginasVisibles(pagina: number, total: number): Array<number | 'gap'> {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const paginas = new Set([1, total, pagina - 1, pagina, pagina + 1]);
  if (pagina <= 3) [2, 3, 4].forEach((p) => paginas.add(p));
  if (pagina >= total - 2) [total - 3, total - 2, total - 1].forEach((p) => paginas.add(p));
  const orden = [...paginas].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const salida: Array<number | 'gap'> = [];
  orden.forEach((p, i) => {
    if (i > 0 && p - orden[i - 1] > 1) salida.push('gap');
    salida.push(p);
  });
  return salida;
}

interface PaginationProps {
  pagina: number;
  totalPaginas: number;
  onCambiar: (pagina: number) => void;
  className?: string;
}

/** Numbered paging with Anterior and Siguiente; shown only when there is more than one page. */
export function Pagination({ pagina, totalPaginas: total, onCambiar, className }: PaginationProps) {
  if (total <= 1) return null;
  const boton =
    'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent';
  return (
    <nav aria-label="Paginación" className={cn('flex flex-wrap items-center justify-between gap-2', className)}>
      <p className="text-sm text-slate-600">
        Página {pagina} de {total}
      </p>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <button type="button" className={boton} disabled={pagina <= 1} onClick={() => onCambiar(pagina - 1)}>
            <ChevronLeft className="size-4" aria-hidden="true" />
            Anterior
          </button>
        </li>
        {paginasVisibles(pagina, total).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className={cn(boton, p === pagina && 'bg-marca-700 text-white hover:bg-marca-800')}
                aria-current={p === pagina ? 'page' : undefined}
                aria-label={`Página ${p}`}
                onClick={() => onCambiar(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className={boton} disabled={pagina >= total} onClick={() => onCambiar(pagina + 1)}>
            Siguiente
            <ChevronRight className="size-4" aria-hidden="true" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
