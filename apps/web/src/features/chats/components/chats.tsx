import { ArrowLeft, Inbox, MessageSquareOff } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';

/** Support conversations arrive with the support-chat issue; until then, say what will be here. */
export function GestionChat() {
  return (
    <EmptyState icono={Inbox} titulo="Todavía no hay conversaciones de soporte.">
      Aquí verás cada conversación que los usuarios abran desde «¿Necesitas Ayuda?» y las solicitudes «Agregar Producto» de la pantalla
      Nuevo producto, con búsqueda, orden (más reciente, más antiguo, prioridad), su prioridad y su estado.
    </EmptyState>
  );
}

export function ChatDetalle({ id }: { id: string | undefined }) {
  return (
    <Card className="space-y-4 p-5">
      <Link to="/chats" className="inline-flex items-center gap-1 text-sm font-medium text-marca-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Volver a los chats
      </Link>
      <EmptyState icono={MessageSquareOff} titulo={`La conversación ${id ? `#${id} ` : ''}no existe.`}>
        Las conversaciones de soporte estarán disponibles pronto. Cuando existan, aquí verás los mensajes, los datos del usuario y su
        historial de consultas.
      </EmptyState>
    </Card>
  );
}
