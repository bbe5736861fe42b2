import { Loader2 } from 'lucide-react';
import { cn } from '../../utils/cn';

export function Loading({ texto = 'Cargando...', className }: { texto?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-2 py-8 text-sm text-slate-600', className)}>
      <Loader2 className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      <span>{texto}</span>
    </div>
  );
}
