import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../utils/cn';

/** What a screen shows when it has nothing true to show yet, and how to get there. */
export function EmptyState({
  icono: Icono,
  titulo,
  children,
  accion,
  className,
}: {
  icono?: LucideIcon;
  titulo: string;
  children?: ReactNode;
  accion?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center',
        className,
      )}
    >
      {Icono && (
        <div className="mb-3 rounded-full bg-marca-50 p-3 text-marca-700">
          <Icono className="size-6" aria-hidden="true" />
        </div>
      )}
      <p className="text-base font-semibold text-slate-800">{titulo}</p>
      {children && <div className="mt-1 max-w-prose text-sm text-slate-600">{children}</div>}
      {accion && <div className="mt-4">{accion}</div>}
    </div>
  );
}
