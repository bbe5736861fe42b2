import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { cn } from '../../../utils/cn';
import { direccion, formatPct, variacionPct } from '../utils/variacion';

/** '↑ 12,5 %' in green, '↓ 3 %' in red, or a dash when there is nothing to compare with. */
export function VariacionBadge({ actual, anterior, className }: { actual: number; anterior: number; className?: string }) {
  const d = direccion(actual, anterior);
  const v = variacionPct(actual, anterior);
  const Icono = d === 'sube' ? ArrowUpRight : d === 'baja' ? ArrowDownRight : Minus;
  const texto =
    d === 'sin-base' ? 'sin período anterior' : d === 'igual' ? 'sin cambio' : `${d === 'sube' ? '+' : '−'}${formatPct(Math.abs(v ?? 0))}`;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5 text-sm font-medium',
        d === 'sube' ? 'text-green-700' : d === 'baja' ? 'text-red-700' : 'text-slate-600',
        className,
      )}
    >
      <Icono className="size-4" aria-hidden="true" />
      {texto}
      <span className="sr-only"> frente al período anterior</span>
    </span>
  );
}
