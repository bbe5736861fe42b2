import type { Conversacion } from '@minimarket/contracts/soporte';
import { ArrowLeft, Bot, CheckCircle2, Maximize2, Minus, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { APP_NAME, NOMBRE_ASISTENTE } from '../../../lib/app-info';
import { rutaConversacion } from '../../../lib/soporte';
import { cn } from '../../../utils/cn';
import { BaditoConversacion, TEXTO_HABLAR_SOPORTE } from './badito-conversacion';
import { NuevaConversacionForm } from './nueva-conversacion-form';

export type EstadoChat = 'cerrado' | 'abierto' | 'minimizado';

/** The top bar's help button: where the focus goes back when the panel closes. */
export const ID_BOTON_AYUDA = 'boton-ayuda';
/** The panel's question field: where the focus goes when the panel opens. */
const ID_PREGUNTA_PANEL = 'pregunta-panel-badito';

const volverAlBotonAyuda = () => document.getElementById(ID_BOTON_AYUDA)?.focus();

/**
 * The floating assistant panel (320 × 384 px open, 56 px high minimised), opened and closed by the
 * top bar's help button. Closed, it leaves nothing on the page: a floating open button would sit
 * over table actions and form buttons, and on Badito's own page it would be a second Badito.
 */
export function ChatPanel({ estado, onCambiar }: { estado: EstadoChat; onCambiar: (estado: EstadoChat) => void }) {
  // 'soporte': the pyme writes to support from the panel ('Hablar con soporte'); then what was sent.
  const [vista, setVista] = useState<'badito' | 'soporte' | Conversacion>('badito');
  // Opened, the focus goes to its question field: a screen reader says the panel opened and where the
  // person is, and the keyboard can ask at once (before, the focus stayed on the help button).
  const abierto = estado === 'abierto';
  useEffect(() => {
    if (abierto) document.getElementById(ID_PREGUNTA_PANEL)?.focus();
  }, [abierto]);
  if (estado === 'cerrado') return null;
  const minimizado = estado === 'minimizado';
  const cerrar = () => {
    onCambiar('cerrado');
    volverAlBotonAyuda();
  };
  return (
    <section
      aria-label={`Chat de ayuda de ${APP_NAME}`}
      // Escape closes it from anywhere inside, and the focus goes back to the help button that opened it.
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.preventDefault();
          cerrar();
        }
      }}
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
        <button type="button" className="rounded-md p-1.5 hover:bg-white/15" onClick={cerrar} aria-label="Cerrar el chat">
          <X className="size-4" aria-hidden="true" />
        </button>
      </header>
      {/* Minimised, Badito's conversation stays mounted (hidden), so restoring the panel keeps it. */}
      <div className={cn('min-h-0 flex-1 flex-col', minimizado || vista !== 'badito' ? 'hidden' : 'flex')}>
        <BaditoConversacion
          compacto
          idPregunta={ID_PREGUNTA_PANEL}
          onNavegar={() => onCambiar('minimizado')}
          onHablarSoporte={() => setVista('soporte')}
        />
      </div>
      {!minimizado && vista !== 'badito' && <PanelSoporte vista={vista} onVista={setVista} onNavegar={() => onCambiar('minimizado')} />}
    </section>
  );
}

function PanelSoporte({
  vista,
  onVista,
  onNavegar,
}: {
  vista: 'soporte' | Conversacion;
  onVista: (v: 'badito' | 'soporte' | Conversacion) => void;
  onNavegar: () => void;
}) {
  const volver = (
    <button
      type="button"
      className="inline-flex items-center gap-1 text-xs font-medium text-marca-700 hover:underline"
      onClick={() => onVista('badito')}
    >
      <ArrowLeft className="size-3.5" aria-hidden="true" /> Volver con {NOMBRE_ASISTENTE}
    </button>
  );
  if (vista === 'soporte')
    return (
      <div className="min-h-0 flex-1 space-y-2 overflow-y-auto p-3">
        {volver}
        <h3 className="text-sm font-semibold text-slate-900">{TEXTO_HABLAR_SOPORTE}</h3>
        <NuevaConversacionForm compacto onCreada={(c) => onVista(c)} />
      </div>
    );
  return (
    <div className="min-h-0 flex-1 space-y-3 overflow-y-auto p-3 text-sm" role="status">
      <p className="flex items-start gap-2 text-slate-800">
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
        Listo: tu mensaje «{vista.asunto}» llegó al equipo de soporte. La respuesta aparecerá en Mis conversaciones.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Link to={rutaConversacion('pyme', vista.id_conversacion)} className="font-medium text-marca-700 underline" onClick={onNavegar}>
          Ver conversación
        </Link>
        {volver}
      </div>
    </div>
  );
}
