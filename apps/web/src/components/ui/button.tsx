import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '../../utils/cn';

type Variante = 'primario' | 'secundario' | 'fantasma' | 'peligro' | 'contorno';
type Tamano = 'sm' | 'md' | 'lg';

const variantes: Record<Variante, string> = {
  primario: 'bg-marca-700 text-white hover:bg-marca-800 disabled:bg-marca-700/50',
  secundario: 'bg-slate-100 text-slate-800 hover:bg-slate-200 disabled:text-slate-400',
  fantasma: 'bg-transparent text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
  peligro: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/50',
  contorno: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400',
};
const tamanos: Record<Tamano, string> = {
  // A phone is used with a finger: below `sm` (640 px) a small button is still 44 × 44 px (WCAG 2.5.5),
  // the size of a row's «+» or «Ver detalle»; from `sm` up, where a pointer is usual, 32 px high.
  sm: 'h-11 min-w-11 px-3 text-sm gap-1.5 sm:h-8 sm:min-w-0',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-12 px-5 text-base gap-2',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variante?: Variante;
  tamano?: Tamano;
  ref?: Ref<HTMLButtonElement>;
}

export function buttonClasses(variante: Variante = 'primario', tamano: Tamano = 'md', extra?: string) {
  return cn(
    'inline-flex shrink-0 items-center justify-center rounded-lg font-medium transition-colors disabled:cursor-not-allowed',
    variantes[variante],
    tamanos[tamano],
    extra,
  );
}

export function Button({ variante = 'primario', tamano = 'md', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variante, tamano, className)} {...props} />;
}
