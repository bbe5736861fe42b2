import { cn } from '../../utils/cn';

/**
 * A progress bar with its words: `fraccion` from 0 to 1, or null while the total is not known
 * yet (then it pulses instead of pretending a number). The text says the same for everyone.
 */
export function BarraProgreso({ fraccion, texto, className }: { fraccion: number | null; texto: string; className?: string }) {
  const porcentaje = fraccion === null ? null : Math.round(Math.min(1, Math.max(0, fraccion)) * 100);
  return (
    <div className={cn('space-y-1', className)}>
      <div
        role="progressbar"
        aria-label={texto}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={porcentaje ?? undefined}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn('h-full rounded-full bg-marca-600 transition-[width] duration-500', porcentaje === null && 'w-1/3 animate-pulse')}
          style={porcentaje === null ? undefined : { width: `${porcentaje}%` }}
        />
      </div>
      <p className="text-xs text-slate-600">{texto}</p>
    </div>
  );
}
