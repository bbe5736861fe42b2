import { leerEntero } from '@minimarket/contracts/numeros';
import type { ChangeEvent, FocusEvent, InputHTMLAttributes, Ref } from 'react';
import { formatClp } from '../../utils/format';
import { Input } from './field';

/**
 * The one money field: takes what a Chilean types ('1990', '1.990', '$ 1.990') and, on leaving
 * the field, shows it back as '$1.990'. Reading the amount is the contract's parser's job
 * (`leerEntero` with `pesos`), in the form's schema; anything it cannot read is left as typed
 * so the form can say why. The rewrite goes through `onChange`, so react-hook-form and
 * controlled inputs both see the formatted text.
 */
export function MontoInput({ onBlur, onChange, ref, ...props }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  function alSalir(e: FocusEvent<HTMLInputElement>) {
    const leido = leerEntero(e.target.value, { campo: 'El monto', pesos: true });
    const formateado = leido.ok && leido.valor >= 0 ? formatClp(leido.valor) : null;
    if (formateado !== null && formateado !== e.target.value) {
      e.target.value = formateado;
      onChange?.(e as unknown as ChangeEvent<HTMLInputElement>);
    }
    onBlur?.(e);
  }
  return <Input ref={ref} inputMode="numeric" autoComplete="off" {...props} onChange={onChange} onBlur={alSalir} />;
}
