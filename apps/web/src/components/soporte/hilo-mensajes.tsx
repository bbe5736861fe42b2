import type { MensajeSoporte } from '@minimarket/contracts/soporte';
import { useEffect, useRef } from 'react';
import { cn } from '../../utils/cn';
import { formatFechaHora } from '../../utils/format';

/**
 * The messages of a support conversation, oldest first, the caller's own on the right. It is a
 * live log (new answers are read out as they arrive) and a focusable scroll box that keeps the
 * newest message in view.
 */
export function HiloMensajes({
  mensajes,
  idUsuarioActual,
  etiqueta,
  className,
}: {
  mensajes: readonly MensajeSoporte[];
  idUsuarioActual: number;
  etiqueta: string;
  className?: string;
}) {
  const caja = useRef<HTMLDivElement>(null);
  const ultimo = mensajes.at(-1)?.id_mensaje;
  useEffect(() => {
    const el = caja.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [ultimo]);

  return (
    <div
      ref={caja}
      role="log"
      aria-label={etiqueta}
      tabIndex={0}
      className={cn('space-y-3 overflow-y-auto bg-slate-50 p-3 sm:p-4', className)}
    >
      {mensajes.length === 0 && <p className="text-center text-sm text-slate-600">Todavía no hay mensajes.</p>}
      {mensajes.map((m) => {
        const propio = m.id_usuario === idUsuarioActual;
        const quien = propio ? 'Tú' : m.rol === 'administrador' ? `${m.nombre} (Soporte)` : m.nombre;
        return (
          <article
            key={m.id_mensaje}
            aria-label={`Mensaje de ${quien}`}
            className={cn('flex flex-col gap-1', propio ? 'items-end' : 'items-start')}
          >
            <div
              className={cn(
                'max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap sm:max-w-[75%]',
                propio ? 'rounded-tr-sm bg-marca-700 text-white' : 'rounded-tl-sm border border-slate-200 bg-white text-slate-800',
              )}
            >
              {m.texto}
            </div>
            <p className="px-1 text-xs text-slate-600">
              {quien} · <time dateTime={m.fecha}>{formatFechaHora(m.fecha)}</time>
            </p>
          </article>
        );
      })}
    </div>
  );
}
