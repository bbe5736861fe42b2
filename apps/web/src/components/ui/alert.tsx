import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../utils/cn';

type Tipo = 'error' | 'exito' | 'info' | 'aviso';

const estilos: Record<Tipo, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  exito: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  aviso: 'border-amber-200 bg-amber-50 text-amber-900',
};

export function Alert({
  tipo = 'info',
  children,
  className,
  accion,
  anunciar = true,
}: {
  tipo?: Tipo;
  children: ReactNode;
  className?: string;
  accion?: ReactNode;
  /** false: not a live region, because the page says the same through one of its own (no double reading). */
  anunciar?: boolean;
}) {
  const Icono = tipo === 'error' || tipo === 'aviso' ? AlertCircle : tipo === 'exito' ? CheckCircle2 : Info;
  return (
    <div
      role={!anunciar ? undefined : tipo === 'error' ? 'alert' : 'status'}
      className={cn('flex flex-wrap items-start gap-2 rounded-lg border px-3 py-2.5 text-sm', estilos[tipo], className)}
    >
      <Icono className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {/* At least 12rem for the words: on a phone the action goes to its own line instead of
          squeezing the message into a column of one word per line. */}
      <div className="min-w-48 flex-1">{children}</div>
      {accion}
    </div>
  );
}
