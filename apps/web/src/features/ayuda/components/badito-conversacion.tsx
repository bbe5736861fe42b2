import { MAX_MENSAJE_BADITO } from '@minimarket/contracts/badito';
import { Bot, Send } from 'lucide-react';
import { useId, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { NOMBRE_ASISTENTE } from '../../../lib/app-info';
import { RUTA_SOPORTE_PYME } from '../../../lib/soporte';
import { cn } from '../../../utils/cn';
import { ID_MENSAJE_OPCIONES, useConversacionBadito, type ConversacionBadito, type MensajeBadito } from '../hooks/use-conversacion-badito';

export const TEXTO_HABLAR_SOPORTE = 'Hablar con soporte';

const chip =
  'rounded-full border border-marca-200 bg-white px-3 py-1 text-left text-xs font-medium text-marca-800 hover:bg-marca-50 disabled:cursor-not-allowed disabled:opacity-60';
const chipPrincipal = cn(chip, 'border-marca-700 bg-marca-700 text-white hover:bg-marca-800');
const avatar = 'mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-marca-700 text-white';

function Burbuja({ autor, children }: { autor: MensajeBadito['autor']; children: ReactNode }) {
  if (autor === 'usuario')
    return (
      <li className="flex justify-end">
        <div className="max-w-[85%] rounded-2xl rounded-tr-sm bg-marca-700 px-3 py-2 text-sm break-words whitespace-pre-wrap text-white">
          <span className="sr-only">Tú: </span>
          {children}
        </div>
      </li>
    );
  return (
    <li className="flex gap-2">
      <span className={avatar} aria-hidden="true">
        <Bot className="size-4" />
      </span>
      <div className="max-w-[85%] min-w-0 rounded-2xl rounded-tl-sm bg-slate-100 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-800">
        <span className="sr-only">{NOMBRE_ASISTENTE}: </span>
        {children}
      </div>
    </li>
  );
}

interface Enlaces {
  /** Called when a link leaves the conversation (the panel minimises). */
  onNavegar?: () => void;
  /** 'Hablar con soporte' in the panel opens its form; elsewhere it links to the help page. */
  onHablarSoporte?: () => void;
}

/** The chips under the newest answer: its suggestions, passing it to support, or talking to support. */
function Opciones({ m, conversacion, onNavegar, onHablarSoporte }: { m: MensajeBadito; conversacion: ConversacionBadito } & Enlaces) {
  const { esPyme, confirmando } = conversacion;
  return (
    <div className="mt-2 flex flex-wrap gap-1.5">
      {m.sugerencias?.map((s) => (
        <button key={s} type="button" className={chip} disabled={conversacion.preguntando} onClick={() => conversacion.enviar(s)}>
          {s}
        </button>
      ))}
      {m.derivar && confirmando !== m.id && (
        <button type="button" className={chipPrincipal} onClick={() => conversacion.setConfirmando(m.id)}>
          Enviar a soporte
        </button>
      )}
      {m.id === ID_MENSAJE_OPCIONES &&
        esPyme &&
        (onHablarSoporte ? (
          <button type="button" className={chip} onClick={onHablarSoporte}>
            {TEXTO_HABLAR_SOPORTE}
          </button>
        ) : (
          <Link to={`${RUTA_SOPORTE_PYME}?nueva=1`} className={chip} onClick={onNavegar}>
            {TEXTO_HABLAR_SOPORTE}
          </Link>
        ))}
    </div>
  );
}

/** «¿Envío tu pregunta … al equipo de soporte?», with its yes and no. */
function ConfirmarDerivar({ pregunta, conversacion }: { pregunta: string; conversacion: ConversacionBadito }) {
  const { derivando } = conversacion;
  return (
    <div className="mt-2 space-y-2 rounded-lg border border-slate-200 bg-white p-2" role="group" aria-label="Confirmar envío a soporte">
      <p className="text-slate-800">¿Envío tu pregunta «{pregunta}» al equipo de soporte?</p>
      <div className="flex flex-wrap gap-1.5">
        <button type="button" className={chipPrincipal} disabled={derivando} onClick={() => conversacion.derivar(pregunta)}>
          {derivando ? 'Enviando...' : 'Sí, enviar'}
        </button>
        <button type="button" className={chip} disabled={derivando} onClick={() => conversacion.setConfirmando(null)}>
          No, gracias
        </button>
      </div>
    </div>
  );
}

/** Three dots while the answer is worked out. */
function Escribiendo() {
  return (
    <li className="flex gap-2">
      <span className={avatar} aria-hidden="true">
        <Bot className="size-4" />
      </span>
      <span
        role="status"
        className="flex items-center gap-1 rounded-2xl rounded-tl-sm bg-slate-100 px-3 py-3"
        data-testid="badito-escribiendo"
      >
        <span className="sr-only">{NOMBRE_ASISTENTE} está escribiendo...</span>
        {[0, 150, 300].map((retraso) => (
          <span
            key={retraso}
            aria-hidden="true"
            className="size-1.5 animate-bounce rounded-full bg-slate-500 motion-reduce:animate-none"
            style={{ animationDelay: `${retraso}ms` }}
          />
        ))}
      </span>
    </li>
  );
}

function FormularioPregunta({ inputId, conversacion }: { inputId: string; conversacion: ConversacionBadito }) {
  const { texto, setTexto } = conversacion;
  const alEnviar = (e: FormEvent) => {
    e.preventDefault();
    conversacion.enviar(texto);
  };
  return (
    <form className="flex items-center gap-2 border-t border-slate-200 p-2" onSubmit={alEnviar}>
      <label htmlFor={inputId} className="sr-only">
        Mensaje para {NOMBRE_ASISTENTE}
      </label>
      <input
        id={inputId}
        value={texto}
        maxLength={MAX_MENSAJE_BADITO}
        autoComplete="off"
        onChange={(e) => setTexto(e.target.value)}
        placeholder="Escribe tu pregunta..."
        className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus:border-marca-600"
      />
      <button
        type="submit"
        disabled={!texto.trim() || conversacion.preguntando}
        className="rounded-lg bg-marca-700 p-2.5 text-white hover:bg-marca-800 disabled:cursor-not-allowed disabled:bg-marca-700/50"
        aria-label="Enviar mensaje"
      >
        <Send className="size-4" aria-hidden="true" />
      </button>
    </form>
  );
}

/**
 * Badito's conversation, in the floating panel and on /ayuda/chatbot-badito. A blank question is
 * never sent; while the answer is worked out three dots say Badito is writing. What it cannot
 * answer a pyme may pass to support, after saying yes, as a new conversation.
 */
export function BaditoConversacion({
  compacto = false,
  idPregunta,
  onNavegar,
  onHablarSoporte,
}: {
  compacto?: boolean;
  /** The question field's id, when something outside must find it (Badito's page). */
  idPregunta?: string;
} & Enlaces) {
  const idGenerado = useId();
  const { lista, ...conversacion } = useConversacionBadito();
  const { mensajes, confirmando, esPyme } = conversacion;
  const ultimo = mensajes.at(-1)?.id;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div
        ref={lista}
        role="log"
        tabIndex={0}
        className={cn('flex-1 overflow-y-auto', compacto ? 'p-3' : 'p-4')}
        aria-label={`Conversación con ${NOMBRE_ASISTENTE}`}
      >
        <ol className="space-y-3">
          {mensajes.map((m) => (
            <Burbuja key={m.id} autor={m.autor}>
              {m.texto}
              {m.enlace && (
                <Link to={m.enlace.to} onClick={onNavegar} className="mt-1 block font-medium text-marca-800 underline">
                  {m.enlace.texto}
                </Link>
              )}
              {/* Chips and offers belong to the newest answer only: older ones would answer out of turn. */}
              {m.id === ultimo &&
                m.autor === 'bot' &&
                Boolean(m.sugerencias?.length || m.derivar || (m.id === ID_MENSAJE_OPCIONES && esPyme)) && (
                  <Opciones m={m} conversacion={conversacion} onNavegar={onNavegar} onHablarSoporte={onHablarSoporte} />
                )}
              {m.derivar && confirmando === m.id && <ConfirmarDerivar pregunta={m.derivar} conversacion={conversacion} />}
            </Burbuja>
          ))}
          {conversacion.preguntando && <Escribiendo />}
        </ol>
      </div>
      <FormularioPregunta inputId={idPregunta ?? idGenerado} conversacion={conversacion} />
    </div>
  );
}
