import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { MontoInput } from '../../../components/ui/monto-input';
import { cn } from '../../../utils/cn';

/**
 * A one-field form of cash (the cash a shift opens with, the cash counted at the close): the amount
 * and its button beside it, stacked on a phone.
 */
export function FormularioMonto({
  onSubmit,
  className,
  label,
  error,
  placeholder,
  registro,
  deshabilitado,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  className: string;
  label: string;
  error: string | undefined;
  placeholder: string;
  registro: UseFormRegisterReturn;
  deshabilitado: boolean;
  /** The button's words. */
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className={cn(className, 'flex flex-col gap-3 sm:flex-row sm:items-start')}>
      <Field label={label} error={error} className="sm:w-64">
        {(p) => <MontoInput {...p} placeholder={placeholder} {...registro} />}
      </Field>
      <Button type="submit" className="sm:mt-6" disabled={deshabilitado}>
        {children}
      </Button>
    </form>
  );
}
