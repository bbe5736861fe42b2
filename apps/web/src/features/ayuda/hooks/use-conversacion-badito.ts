import { useEffect, useRef, useState } from 'react';
import { mensajeDeError } from '../../../lib/api-client';
import { NOMBRE_ASISTENTE } from '../../../lib/app-info';
import { useAuth } from '../../../lib/auth';
import { useCurrentShop } from '../../../lib/current-shop';
import { rutaConversacion, useCrearConversacion } from '../../../lib/soporte';
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

export interface MensajeBadito {
  id: number;
  autor: 'bot' | 'usuario';
  texto: string;
  sugerencias?: string[];
  /** The question to pass to support, when Badito could not answer it. */
  derivar?: string;
  enlace?: { to: string; texto: string };
}

/** The greeting's second message: the one that offers the quick options (and support, to a pyme). */
export const ID_MENSAJE_OPCIONES = 2;

const SALUDO: MensajeBadito[] = [
  { id: 1, autor: 'bot', texto: `¡Hola! Soy ${NOMBRE_ASISTENTE}, el asistente de inteligencia artificial de tu minimarket.` },
  {
    id: ID_MENSAJE_OPCIONES,
    autor: 'bot',
    texto: 'Pregúntame lo que quieras sobre tus ventas, tu stock o cómo usar la aplicación, o elige una opción:',
    sugerencias: OPCIONES_RAPIDAS,
  },
];

/**
 * A conversation with Badito: the messages so far, the question being typed, asking (a blank question
 * is never sent) and passing what it could not answer to support once the pyme says yes. The log
 * scrolls to its newest message.
 */
export function useConversacionBadito() {
  const { user } = useAuth();
  const { idMinimarket } = useCurrentShop();
  const esPyme = user?.rol === 'pyme';
  const [mensajes, setMensajes] = useState<MensajeBadito[]>(SALUDO);
  const [texto, setTexto] = useState('');
  const [confirmando, setConfirmando] = useState<number | null>(null);
  const siguienteId = useRef(SALUDO.length + 1);
  const lista = useRef<HTMLDivElement>(null);
  const preguntar = usePreguntarBadito();
  const crear = useCrearConversacion();
  const tienda = idMinimarket ? { id_minimarket: idMinimarket } : {};

  const agregar = (m: Omit<MensajeBadito, 'id'>) => setMensajes((ms) => [...ms, { ...m, id: siguienteId.current++ }]);

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
      { mensaje: limpia, ...tienda },
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
      { asunto: ASUNTO_PREGUNTA_SOPORTE, mensaje: pregunta, ...tienda },
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

  return {
    mensajes,
    texto,
    setTexto,
    confirmando,
    setConfirmando,
    lista,
    esPyme,
    preguntando: preguntar.isPending,
    derivando: crear.isPending,
    enviar,
    derivar,
  };
}
export type ConversacionBadito = Omit<ReturnType<typeof useConversacionBadito>, 'lista'>;
