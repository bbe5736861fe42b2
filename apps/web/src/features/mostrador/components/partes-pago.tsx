import { METODOS_PAGO, type MetodoPago } from '@minimarket/contracts/comunes';
import { Plus, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/field';
import { IconButton } from '../../../components/ui/icon-button';
import { MontoInput } from '../../../components/ui/monto-input';
import { formatClp } from '../../../utils/format';
import { metodoLibre, montosPartes, type ParteEscrita } from '../utils/pago-dividido';

/**
 * A split payment's rows (pago dividido, docs/pagos.md): a method and an amount each, the last one
 * empty meaning what is left; a method goes in one row only. Says what is missing or over.
 */
export function PartesPago({
  total,
  partes,
  onCambiar,
}: {
  total: number;
  partes: ParteEscrita[];
  onCambiar: (partes: ParteEscrita[]) => void;
}) {
  const montos = montosPartes(partes, total);
  const suma = montos.reduce<number>((s, m) => s + (m ?? 0), 0);
  const libre = metodoLibre(partes);
  const cambiar = (i: number, cambio: Partial<ParteEscrita>) => onCambiar(partes.map((p, j) => (j === i ? { ...p, ...cambio } : p)));
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-slate-700">Partes del pago</legend>
      {partes.map((p, i) => {
        const n = i + 1;
        const ultima = i === partes.length - 1;
        return (
          <div key={i} className="grid grid-cols-[minmax(0,1fr)_7.5rem_auto] items-center gap-2 sm:grid-cols-[minmax(0,1fr)_10rem_auto]">
            <Select
              aria-label={`Método de la parte ${n}`}
              value={p.metodo}
              onChange={(e) => cambiar(i, { metodo: e.target.value as MetodoPago })}
            >
              {METODOS_PAGO.filter((m) => m === p.metodo || !partes.some((o) => o.metodo === m)).map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </Select>
            <MontoInput
              aria-label={`Monto de la parte ${n}`}
              placeholder={ultima && montos[i] !== null && montos[i]! > 0 ? formatClp(montos[i]!) : '$0'}
              value={p.monto}
              onChange={(e) => cambiar(i, { monto: e.target.value })}
            />
            <IconButton
              icono={X}
              aria-label={`Quitar la parte ${n}`}
              disabled={partes.length <= 2}
              onClick={() => onCambiar(partes.filter((_, j) => j !== i))}
            />
          </div>
        );
      })}
      <p className="text-xs text-slate-600">El último monto vacío es lo que falta.</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {libre ? (
          <Button variante="contorno" tamano="sm" onClick={() => onCambiar([...partes, { metodo: libre, monto: '' }])}>
            <Plus className="size-4" aria-hidden="true" /> Agregar otro método
          </Button>
        ) : (
          <span />
        )}
        <p
          aria-live="polite"
          data-testid="partes-estado"
          className={suma === total ? 'text-sm text-slate-600' : 'text-sm font-medium text-red-700'}
        >
          {suma === total
            ? `Suman ${formatClp(total)}`
            : suma < total
              ? `Falta ${formatClp(total - suma)}`
              : `Sobra ${formatClp(suma - total)}`}
        </p>
      </div>
    </fieldset>
  );
}
