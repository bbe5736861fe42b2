import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '../../utils/cn';
import { Button } from './button';

/**
 * The top of a view that replaces a list in place (a form, a detail): a way back and its title.
 * The title takes focus on mount, so a screen reader announces the new view.
 */
export function BackHeader({
  titulo,
  onVolver,
  textoVolver = 'Volver',
  tamanoTitulo = 'xl',
}: {
  titulo: string;
  onVolver: () => void;
  textoVolver?: string;
  tamanoTitulo?: 'lg' | 'xl';
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variante="fantasma" tamano="sm" onClick={onVolver}>
        <ArrowLeft className="size-4" aria-hidden="true" /> {textoVolver}
      </Button>
      <h2
        ref={ref}
        tabIndex={-1}
        className={cn(tamanoTitulo === 'lg' ? 'text-lg' : 'text-xl', 'font-semibold text-slate-900 focus:outline-none')}
      >
        {titulo}
      </h2>
    </div>
  );
}
