import { Bot, Maximize2, MessageCircle, Minus, X } from 'lucide-react';
import { APP_NAME, NOMBRE_ASISTENTE } from '../../../lib/app-info';
import { cn } from '../../../utils/cn';
import { BaditoConversacion } from './badito-conversacion';

export type EstadoChat = 'cerrado' | 'abierto' | 'minimizado';

/**
 * The floating assistant panel (320 × 384 px open, 56 px high minimised). Closed, it shows its
 * floating open button only where `conLanzador` (the Help pages, spec §2): on every other screen
 * that corner holds table actions and form buttons, and the top bar's help button opens the panel.
 */
export function ChatPanel({
  estado,
  onCambiar,
  conLanzador,
}: {
  estado: EstadoChat;
  onCambiar: (estado: EstadoChat) => void;
  conLanzador: boolean;
}) {
  if (estado === 'cerrado') {
    if (!conLanzador) return null;
    return (
      <button
        type="button"
        onClick={() => onCambiar('abierto')}
        className="fixed right-4 bottom-4 z-40 flex size-14 items-center justify-center rounded-full bg-marca-700 text-white shadow-lg hover:bg-marca-800"
        aria-label={`Abrir el chat con ${NOMBRE_ASISTENTE}`}
      >
        <MessageCircle className="size-6" aria-hidden="true" />
      </button>
    );
  }
  const minimizado = estado === 'minimizado';
  return (
    <section
      aria-label={`Chat de ayuda de ${APP_NAME}`}
      className={cn(
        'fixed right-2 bottom-2 z-40 flex print:hidden w-[min(20rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl sm:right-4 sm:bottom-4',
        minimizado ? 'h-14' : 'h-96',
      )}
    >
      <header className="flex h-14 shrink-0 items-center gap-2 bg-marca-700 px-3 text-white">
        <Bot className="size-5" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-semibold">{APP_NAME}</h2>
          <p className="truncate text-xs text-marca-100">Asistente {NOMBRE_ASISTENTE}</p>
        </div>
        <button
          type="button"
          className="rounded-md p-1.5 hover:bg-white/15"
          onClick={() => onCambiar(minimizado ? 'abierto' : 'minimizado')}
          aria-label={minimizado ? 'Restaurar el chat' : 'Minimizar el chat'}
        >
          {minimizado ? <Maximize2 className="size-4" aria-hidden="true" /> : <Minus className="size-4" aria-hidden="true" />}
        </button>
        <button
          type="button"
          className="rounded-md p-1.5 hover:bg-white/15"
          onClick={() => onCambiar('cerrado')}
          aria-label="Cerrar el chat"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </header>
      {!minimizado && <BaditoConversacion compacto onNavegar={() => onCambiar('minimizado')} />}
    </section>
  );
}
