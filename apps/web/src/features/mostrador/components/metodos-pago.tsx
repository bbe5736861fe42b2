import { METODOS_PAGO, type MetodoPago } from '@minimarket/contracts/comunes';
import { ArrowLeftRight, Banknote, CreditCard, NotebookPen, WalletCards, type LucideIcon } from 'lucide-react';
import { cn } from '../../../utils/cn';

// Fiado (la libreta, issue #21) needs its customer, chosen or created right here.
const ICONOS: Record<MetodoPago, LucideIcon> = {
  Efectivo: Banknote,
  'Tarjeta de Débito': WalletCards,
  'Transferencia Bancaria': ArrowLeftRight,
  'Tarjeta de Crédito': CreditCard,
  Fiado: NotebookPen,
};

/** One method for the whole sale: a radio each, drawn as a card with its icon. */
export function MetodosPago({ metodo, onElegir }: { metodo: MetodoPago; onElegir: (m: MetodoPago) => void }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">Elige cómo paga el cliente</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {METODOS_PAGO.map((m) => {
          const Icono = ICONOS[m];
          return (
            <label
              key={m}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-3 text-sm font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-marca-600',
                metodo === m ? 'border-marca-700 bg-marca-50 text-marca-900' : 'border-slate-200 hover:border-slate-300',
              )}
            >
              <input type="radio" name="metodo_pago" value={m} checked={metodo === m} onChange={() => onElegir(m)} className="sr-only" />
              <Icono className="size-5" aria-hidden="true" />
              {m}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
