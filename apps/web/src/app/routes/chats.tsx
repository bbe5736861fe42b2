import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { Card } from '../../components/ui/card';
import { SectionLayout } from '../../components/ui/section-layout';
import { BaditoConversacion } from '../../features/ayuda/components/badito-conversacion';
import { ConversacionPymePage, MisConversacionesPage } from '../../features/ayuda/components/mis-conversaciones-page';
import { ChatDetallePage } from '../../features/chats/components/chat-detalle-page';
import { GestionChatPage } from '../../features/chats/components/gestion-chat-page';
import { ID_PREGUNTA_BADITO, RUTA_BADITO, tituloPagina } from '../../lib/app-info';
import { useAuth } from '../../lib/auth';
import { RUTA_SOPORTE_PYME } from '../../lib/soporte';
import { PaginaNoEncontrada } from '../error-page';

/** A route's numeric id, or null when the URL holds something else. */
function useIdRuta(): number | null {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function ChatsLayout() {
  return <SectionLayout titulo="Gestión de Chats" pestanas={[{ to: '/chats/gestion-chat', label: 'GESTIÓN DE CHAT' }]} />;
}

export function GestionChatRoute() {
  return (
    <>
      <title>{tituloPagina('Gestión de chat')}</title>
      <GestionChatPage />
    </>
  );
}

export function ChatDetalleRoute() {
  const id = useIdRuta();
  return (
    <>
      <title>{tituloPagina(id ? `Chat #${id}` : 'Chat')}</title>
      {id ? <ChatDetallePage key={id} id={id} /> : <PaginaNoEncontrada />}
    </>
  );
}

export function AyudaLayout() {
  const { user } = useAuth();
  // Administradores answer from Gestión de Chats; the conversations tab is the pyme's.
  const pestanas = [{ to: RUTA_BADITO, label: 'CHATBOT BADITO' }];
  if (user?.rol === 'pyme') pestanas.push({ to: RUTA_SOPORTE_PYME, label: 'MIS CONVERSACIONES' });
  return <SectionLayout titulo="¿Necesitas Ayuda?" pestanas={pestanas} />;
}

export function ChatbotBaditoRoute() {
  return (
    <Card className="mx-auto h-[32rem] max-h-[calc(100dvh-16rem)] min-h-[24rem] max-w-2xl overflow-hidden">
      <title>{tituloPagina('Chatbot Badito')}</title>
      <BaditoConversacion idPregunta={ID_PREGUNTA_BADITO} />
    </Card>
  );
}

export function MisConversacionesRoute() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  if (user?.rol === 'administrador') return <Navigate to="/chats/gestion-chat" replace />;
  return (
    <>
      <title>{tituloPagina('Mis conversaciones')}</title>
      <MisConversacionesPage escribiendoAlInicio={params.get('nueva') === '1'} />
    </>
  );
}

export function ConversacionRoute() {
  const { user } = useAuth();
  const id = useIdRuta();
  if (id && user?.rol === 'administrador') return <Navigate to={`/chats/chat/${id}`} replace />;
  return (
    <>
      <title>{tituloPagina('Conversación con soporte')}</title>
      {id ? <ConversacionPymePage key={id} id={id} /> : <PaginaNoEncontrada />}
    </>
  );
}
