import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../utils/cn';

const estilos = {
  normal: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  peligro: 'text-red-700 hover:bg-red-50 hover:text-red-800 disabled:text-slate-300 disabled:hover:bg-transparent',
};

/** A row action shown as its icon alone; the aria-label says what it does and to what. */
export function IconButton({
  icono: Icono,
  peligro,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { icono: LucideIcon; peligro?: boolean; 'aria-label': string }) {
  return (
    <button type={type} className={cn('rounded-md p-2', estilos[peligro ? 'peligro' : 'normal'], className)} {...props}>
      <Icono className="size-4" aria-hidden="true" />
    </button>
  );
}
