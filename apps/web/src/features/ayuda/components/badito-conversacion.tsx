import { MAX_MENSAJE_BADITO } from '@minimarket/contracts/badito';
import { Bot, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { mensajeDeError } from '../../../lib/api-client';
import { NOMBRE_ASISTENTE } from '../../../lib/app-info';
import { useAuth } from '../../../lib/auth';
import { useCurrentShop } from '../../../lib/current-shop';
import { RUTA_SOPORTE_PYME, rutaConversacion, useCrearConversacion } from '../../../lib/soporte';
import { cn } from '../../../utils/cn';
import { usePreguntarBadito } from '../api/badito';

/** The quick options under the greeting: what Badito answers best. */
export const OPCIONES_RAPIDAS = [
  '¿Cuánto vendí hoy?',
  '¿Qué producto se vende más?',
  '¿Qué productos se agotaron?',
  '¿Cómo cargo un archivo?',
];
/** The subject of a conversation Badito passes to support. */
export const ASUNTO_PREGUNTA_SOPORTE = 'Pregunta para soporte';
export const TEXTO_HABLAR_SOPORTE = 'Hablar con soporte';

interface Mensaje {
  id: number;
  autor: 'bot' | 'usuario';
  texto: string;
  sugerencias?: string[];
  /** The question to pass to support, when Badito could not answer it. */
  derivar?: string;
  enlace?: { to: string; texto: string };
}

const SALUDO: Mensaje[] = [
  { id: 1, autor: 'bot', texto: `¡Hola! Soy ${NOMBRE_ASISTENTE}, el asistente de inteligencia artificial de tu minimarket.` },
  {
    id: 2,
    autor: 'bot',
    texto: 'Pregúntame lo que quieras sobre tus ventas, tu stock o cómo usar la aplicación, o elige una opción:',
    sugerencias: OPCIONES_RAPIDAS,
  },
];

const chip =
  'rounded-full border border-marca-200 bg-white px-3 py-1 text-left text-xs font-medium text-marca-800 hover:bg-marca-50 disabled:cursor-not-allowed disabled:opacity-60';

function Burbuja({ autor, children }: { autor: Mensaje['autor']; children: ReactNode }) {
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
      <span className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-marca-700 text-white" aria-hidden="true">
        <Bot className="size-4" />
      </span>
      <div className="max-w-[85%] min-w-0 rounded-2xl rounded-tl-sm bg-slate-100 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-800">
        <span className="sr-only">{NOMBRE_ASISTENTE}: </span>
        {children}
      </div>
    </li>
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
  /** Called when a link leaves the conversation (the panel minimises). */
  onNavegar?: () => void;
  /** 'Hablar con soporte' in the panel opens its form; elsewhere it links to the help page. */
  onHablarSoporte?: () => void;
}) {
  const idGenerado = useId();
  const inputId = idPregunta ?? idGenerado;
  const { user } = useAuth();
  const { idMinimarket } = useCurrentShop();
  const esPyme = user?.rol === 'pyme';
  const [mensajes, setMensajes] = useState<Mensaje[]>(SALUDO);
  const [texto, setTexto] = useState('');
  const [confirmando, setConfirmando] = useState<number | null>(null);
  const siguienteId = useRef(SALUDO.length + 1);
  const lista = useRef<HTMLDivElement>(null);
  const preguntar = usePreguntarBadito();
  const crear = useCrearConversacion();

  const agregar = (m: Omit<Mensaje, 'id'>) => setMensajes((ms) => [...ms, { ...m, id: siguienteId.current++ }]);

  useEffect(() => {
    const el = lista.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [mensajes.length, preguntar.isPending, confirmando]);

  const enviar = (pregunta: string) => {
    const limpia = pregunta.trim();
    if (!limpia || preguntar.isPending) return;
    agregar({ autor: 'usuario', texto: limpia });
    setTexto('');
    setConfirmando(null);
    preguntar.mutate(
      { mensaje: limpia, ...(idMinimarket ? { id_minimarket: idMinimarket } : {}) },
      {
        onSuccess: (r) =>
          agregar({
            autor: 'bot',
            texto: r.respuesta,
            sugerencias: r.sugerencias,
            derivar: r.derivar_a_soporte && esPyme ? limpia : undefined,
          }),
        onError: (e) => agregar({ autor: 'bot', texto: mensajeDeError(e, 'No pude responder ahora. Inténtalo de nuevo en un momento.') }),
      },
    );
  };

  const derivar = (pregunta: string) => {
    crear.mutate(
      { asunto: ASUNTO_PREGUNTA_SOPORTE, mensaje: pregunta, ...(idMinimarket ? { id_minimarket: idMinimarket } : {}) },
      {
        onSuccess: (c) => {
          setConfirmando(null);
          agregar({
            autor: 'bot',
            texto: 'Listo: envié tu pregunta al equipo de soporte. Te avisaremos cuando respondan.',
            enlace: user ? { to: rutaConversacion(user.rol, c.id_conversacion), texto: 'Ver conversación' } : undefined,
          });
        },
        onError: (e) => {
          setConfirmando(null);
          agregar({ autor: 'bot', texto: mensajeDeError(e, 'No pude enviar tu pregunta a soporte. Inténtalo de nuevo.') });
        },
      },
    );
  };

  const alEnviar = (e: FormEvent) => {
    e.preventDefault();
    enviar(texto);
  };

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
              {m.id === ultimo && m.autor === 'bot' && Boolean(m.sugerencias?.length || m.derivar || (m.id === 2 && esPyme)) && (
                <div className="mt-2 flex flex-wrap gap-1.5">
                  {m.sugerencias?.map((s) => (
                    <button key={s} type="button" className={chip} disabled={preguntar.isPending} onClick={() => enviar(s)}>
                      {s}
                    </button>
                  ))}
                  {m.derivar && confirmando !== m.id && (
                    <button
                      type="button"
                      className={cn(chip, 'border-marca-700 bg-marca-700 text-white hover:bg-marca-800')}
                      onClick={() => setConfirmando(m.id)}
                    >
                      Enviar a soporte
                    </button>
                  )}
                  {m.id === 2 &&
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
              )}
              {m.derivar && confirmando === m.id && (
                <div
                  className="mt-2 space-y-2 rounded-lg border border-slate-200 bg-white p-2"
                  role="group"
                  aria-label="Confirmar envío a soporte"
                >
                  <p className="text-slate-800">¿Envío tu pregunta «{m.derivar}» al equipo de soporte?</p>
                  <div className="flex flex-wrap gap-1.5">
                    <button
                      type="button"
                      className={cn(chip, 'border-marca-700 bg-marca-700 text-white hover:bg-marca-800')}
                      disabled={crear.isPending}
                      onClick={() => derivar(m.derivar!)}
                    >
                      {crear.isPending ? 'Enviando...' : 'Sí, enviar'}
                    </button>
                    <button type="button" className={chip} disabled={crear.isPending} onClick={() => setConfirmando(null)}>
                      No, gracias
                    </button>
                  </div>
                </div>
              )}
            </Burbuja>
          ))}
          {preguntar.isPending && (
            <li className="flex gap-2">
              <span
                className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-marca-700 text-white"
                aria-hidden="true"
              >
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
          )}
        </ol>
      </div>
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
          disabled={!texto.trim() || preguntar.isPending}
          className="rounded-lg bg-marca-700 p-2.5 text-white hover:bg-marca-800 disabled:cursor-not-allowed disabled:bg-marca-700/50"
          aria-label="Enviar mensaje"
        >
          <Send className="size-4" aria-hidden="true" />
        </button>
      </form>
    </div>
  );
}
