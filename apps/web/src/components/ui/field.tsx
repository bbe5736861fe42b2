import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../utils/cn';

export const controlClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 ' +
  // Focus shows the app-wide :focus-visible outline (index.css) plus a darker border.
  'focus:border-marca-600 ' +
  'disabled:bg-slate-100 disabled:text-slate-500 read-only:bg-slate-50 aria-[invalid=true]:border-red-500';

interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  requerido?: boolean;
  className?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled form control with its hint and error message wired for screen readers. */
export function Field({ label, error, hint, requerido, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {requerido && (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function Input({ className, ref, ...props }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} className={cn(controlClasses, className)} {...props} />;
}

export function Select({ className, ref, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return <select ref={ref} className={cn(controlClasses, 'pr-8', className)} {...props} />;
}

export function Textarea({ className, ref, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea ref={ref} className={cn(controlClasses, 'min-h-20', className)} {...props} />;
}

/** A labelled select of fixed options: `opciones` maps each value to the text it shows. */
export function CampoOpciones<V extends string>({
  label,
  className,
  value,
  onChange,
  opciones,
}: {
  label: ReactNode;
  className?: string;
  value: V;
  onChange: (valor: V) => void;
  opciones: Record<V, string>;
}) {
  return (
    <Field label={label} className={className}>
      {(p) => (
        <Select {...p} value={value} onChange={(e) => onChange(e.target.value as V)}>
          {Object.entries<string>(opciones).map(([v, t]) => (
            <option key={v} value={v}>
              {t}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** The options of a select whose values read as they are (Alta, Media, Baja…). */
export function OpcionesTexto({ valores }: { valores: readonly string[] }) {
  return (
    <>
      {valores.map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
    </>
  );
}
