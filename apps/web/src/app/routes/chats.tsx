import { useParams } from 'react-router-dom';
import { Card } from '../../components/ui/card';
import { SectionLayout } from '../../components/ui/section-layout';
import { BaditoConversacion } from '../../features/ayuda/components/badito-conversacion';
import { ChatDetalle, GestionChat } from '../../features/chats/components/chats';
import { tituloPagina } from '../../lib/app-info';

export function ChatsLayout() {
  return <SectionLayout titulo="Gestión de Chats" pestanas={[{ to: '/chats/gestion-chat', label: 'GESTIÓN DE CHAT' }]} />;
}

export function GestionChatRoute() {
  return (
    <>
      <title>{tituloPagina('Gestión de chat')}</title>
      <GestionChat />
    </>
  );
}

export function ChatDetalleRoute() {
  const { id } = useParams();
  return (
    <>
      <title>{tituloPagina('Chat')}</title>
      <ChatDetalle id={id} />
    </>
  );
}

export function AyudaLayout() {
  return <SectionLayout titulo="¿Necesitas Ayuda?" pestanas={[{ to: '/ayuda/chatbot-badito', label: 'CHATBOT BADITO' }]} />;
}

export function ChatbotBaditoRoute() {
  return (
    <Card className="mx-auto h-[28rem] max-w-2xl overflow-hidden">
      <title>{tituloPagina('Chatbot Badito')}</title>
      <BaditoConversacion />
    </Card>
  );
}
