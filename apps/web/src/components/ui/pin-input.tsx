import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { cn } from '../../utils/cn';
import { controlClasses } from './field';
import { PIN_MAX } from './pin-pad';

/**
 * A PIN typed in a form (a cashier's, the owner's own): shown as dots, with «Mostrar» to read it back
 * before saving. Digits only, at most six; the form's schema (pinSchema) says what is missing.
 */
export function PinInput({
  className,
  ref,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="flex max-w-56 items-stretch gap-2">
      <input
        ref={ref}
        type={visible ? 'text' : 'password'}
        inputMode="numeric"
        autoComplete="off"
        maxLength={PIN_MAX}
        className={cn(controlClasses, 'font-mono tracking-widest', className)}
        {...props}
      />
      <button
        type="button"
        className="inline-flex shrink-0 items-center gap-1 rounded-lg border border-slate-300 px-2 text-sm text-slate-700 hover:bg-slate-50"
        aria-label={visible ? 'Ocultar el PIN' : 'Mostrar el PIN'}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
        {visible ? 'Ocultar' : 'Mostrar'}
      </button>
    </div>
  );
}
