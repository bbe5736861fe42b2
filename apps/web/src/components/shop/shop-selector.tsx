import { Store } from 'lucide-react';
import { useId } from 'react';
import { useCurrentShop } from '../../lib/current-shop';
import { controlClasses } from '../ui/field';
import { cn } from '../../utils/cn';

/** The shop being worked on: a selector for the administrador, the shop's name for a pyme. */
export function ShopSelector({ className }: { className?: string }) {
  const { idMinimarket, nombre, opciones, puedeElegir, seleccionar } = useCurrentShop();
  const id = useId();
  if (!idMinimarket) return null;
  if (!puedeElegir) {
    return (
      <p className={cn('inline-flex items-center gap-2 text-sm text-slate-600', className)}>
        <Store className="size-4" aria-hidden="true" />
        <span>
          Minimarket: <strong className="font-semibold text-slate-800">{nombre}</strong>
        </span>
      </p>
    );
  }
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className="inline-flex items-center gap-1.5 text-sm font-medium whitespace-nowrap text-slate-700">
        <Store className="size-4" aria-hidden="true" />
        Minimarket
      </label>
      <select
        id={id}
        className={cn(controlClasses, 'w-auto max-w-64')}
        value={idMinimarket}
        onChange={(e) => seleccionar(Number(e.target.value))}
      >
        {opciones.map((o) => (
          <option key={o.id_minimarket} value={o.id_minimarket}>
            {o.nombre_minimarket}
          </option>
        ))}
      </select>
    </div>
  );
}
