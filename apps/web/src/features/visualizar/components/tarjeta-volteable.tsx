import { RotateCcw } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { cn } from '../../../utils/cn';

/**
 * A card that turns over: the front a figure, the back what it means. It is one real button
 * (click, Enter or Space turns it; aria-pressed says which side is up) and the side facing away is
 * hidden from screen readers, so they read what the eye sees.
 */
export function TarjetaVolteable({ titulo, frente, reverso }: { titulo: string; frente: ReactNode; reverso: ReactNode }) {
  const [volteada, setVolteada] = useState(false);
  const cara = 'absolute inset-0 flex flex-col rounded-xl border p-4 text-left [backface-visibility:hidden]';
  return (
    <button
      type="button"
      aria-pressed={volteada}
      onClick={() => setVolteada((v) => !v)}
      className="group block h-52 w-full rounded-xl [perspective:1000px]"
    >
      <span className="sr-only">{volteada ? `${titulo}: mostrar la cifra` : `${titulo}: mostrar qué significa`}. </span>
      <span
        className={cn(
          'relative block h-full w-full transition-transform duration-500 [transform-style:preserve-3d] motion-reduce:transition-none',
          volteada && '[transform:rotateY(180deg)]',
        )}
      >
        <span aria-hidden={volteada} className={cn(cara, 'border-slate-200 bg-white shadow-sm group-hover:border-marca-500')}>
          <span className="text-sm font-medium text-slate-600">{titulo}</span>
          {frente}
          <span className="mt-auto flex items-center gap-1 text-xs text-slate-500" aria-hidden="true">
            <RotateCcw className="size-3.5" /> Toca para ver qué significa
          </span>
        </span>
        <span aria-hidden={!volteada} className={cn(cara, 'border-marca-200 bg-marca-50 [transform:rotateY(180deg)]')}>
          <span className="text-sm font-semibold text-marca-900">{titulo}</span>
          {reverso}
        </span>
      </span>
    </button>
  );
}
