import type { ReactNode } from 'react';
import { cn } from '../../utils/cn';

export type ColorBadge = 'verde' | 'rojo' | 'amarillo' | 'gris' | 'azul' | 'morado';

const colores: Record<ColorBadge, string> = {
  verde: 'bg-green-100 text-green-800 ring-green-600/20',
  rojo: 'bg-red-100 text-red-800 ring-red-600/20',
  amarillo: 'bg-amber-100 text-amber-900 ring-amber-600/20',
  gris: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  azul: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  morado: 'bg-purple-100 text-purple-800 ring-purple-600/20',
};

export function Badge({ color = 'gris', children, className }: { color?: ColorBadge; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        colores[color],
        className,
      )}
    >
      {children}
    </span>
  );
}
