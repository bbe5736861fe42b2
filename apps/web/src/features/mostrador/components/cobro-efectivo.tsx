// The cash part of the payment: its rounding to the ten (Ley 20.956), the cash handed over (blank is
// the exact amount), the change, the bills that cover it, and a notice when no shift is open.
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { MontoInput } from '../../../components/ui/monto-input';
import { formatClp } from '../../../utils/format';
import { ETIQUETA_REDONDEO, formatRedondeo } from '../../../utils/redondeo';
import type { Pagando } from '../hooks/use-pago';
import { MENSAJE_EFECTIVO_SIN_CAJA } from './aviso-caja';

/** The bills a Chilean customer hands over; the ones that cover the total are offered as buttons. */
export const BILLETES = [1000, 2000, 5000, 10000, 20000] as const;

export function CobroEfectivo({
  pago,
  efectivo,
  cobro,
  cajaAbierta,
}: {
  pago: Pagando;
  efectivo: number;
  cobro: NonNullable<Pagando['cobro']>;
  /** False when no cash shift is open: a cash payment says it lands in no till. */
  cajaAbierta: boolean | undefined;
}) {
  const { partes, recibido, montoRecibido, error } = pago;
  const recibidoId = useId();
  return (
    <div className="space-y-3">
      {/* Only the cash is rounded (Ley 20.956): the total stays exact, the cash part is paid to the ten. */}
      {cobro.redondeo !== 0 && (
        <dl className="grid grid-cols-2 gap-2 rounded-xl border border-slate-200 px-4 py-3 text-sm" data-testid="redondeo-efectivo">
          <dt className="text-slate-600">{partes ? 'Parte en efectivo' : 'Total'}</dt>
          <dd className="text-right font-medium">{formatClp(efectivo)}</dd>
          <dt className="text-slate-600">{ETIQUETA_REDONDEO}</dt>
          <dd className="text-right font-medium" data-testid="redondeo">
            {formatRedondeo(cobro.redondeo)}
          </dd>
          <dt className="font-semibold text-slate-900">A pagar en efectivo</dt>
          <dd className="text-right text-lg font-bold" data-testid="a-pagar-efectivo">
            {formatClp(cobro.aPagar)}
          </dd>
        </dl>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={recibidoId} className="block text-sm font-medium text-slate-700">
            {partes ? `Monto recibido (efectivo: ${formatClp(cobro.aPagar)})` : 'Monto recibido'}
          </label>
          <MontoInput
            id={recibidoId}
            placeholder={formatClp(cobro.aPagar)}
            aria-describedby={`${recibidoId}-ayuda`}
            value={recibido}
            aria-invalid={Boolean(error)}
            onChange={(e) => pago.escribirRecibido(e.target.value)}
          />
          <p id={`${recibidoId}-ayuda`} className="text-xs text-slate-600">
            {recibido.trim() === ''
              ? `Vacío es el monto exacto${cobro.redondeo !== 0 ? ` en efectivo (${formatClp(cobro.aPagar)})` : ''}.`
              : montoRecibido !== null
                ? formatClp(montoRecibido)
                : ''}
          </p>
        </div>
        <div className="rounded-xl bg-slate-50 px-4 py-3">
          <p className="text-sm text-slate-600">Vuelto</p>
          <p className="text-2xl font-bold text-slate-900" data-testid="vuelto">
            {formatClp(pago.vuelto)}
          </p>
        </div>
      </div>
      <div role="group" aria-label="Montos rápidos" className="flex flex-wrap gap-2">
        <Button variante="contorno" tamano="sm" onClick={() => pago.recibir(cobro.aPagar)}>
          Monto exacto
        </Button>
        {BILLETES.filter((b) => b >= cobro.aPagar).map((b) => (
          <Button key={b} variante="contorno" tamano="sm" onClick={() => pago.recibir(b)}>
            {formatClp(b)}
          </Button>
        ))}
      </div>
      {cajaAbierta === false && (
        <Alert tipo="aviso" className="text-xs">
          {MENSAJE_EFECTIVO_SIN_CAJA}
        </Alert>
      )}
    </div>
  );
}
