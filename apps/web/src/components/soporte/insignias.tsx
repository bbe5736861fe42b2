import type { EstadoConversacion, Prioridad } from '@minimarket/contracts/soporte';
import { Badge, type ColorBadge } from '../ui/badge';

const COLOR_PRIORIDAD: Record<Prioridad, ColorBadge> = { Alta: 'rojo', Media: 'amarillo', Baja: 'gris' };
const COLOR_ESTADO: Record<EstadoConversacion, ColorBadge> = { Activo: 'verde', Pendiente: 'azul', Resuelto: 'gris' };

/** A conversation's priority; the word says it, the colour only repeats it. */
export function PrioridadBadge({ prioridad }: { prioridad: Prioridad }) {
  return <Badge color={COLOR_PRIORIDAD[prioridad]}>Prioridad {prioridad.toLowerCase()}</Badge>;
}

export function EstadoBadge({ estado }: { estado: EstadoConversacion }) {
  return <Badge color={COLOR_ESTADO[estado]}>{estado}</Badge>;
}

/** The unread mark of a conversation row: a dot for the eye, the count in words for everyone. */
export function MarcaNoLeidos({ cantidad }: { cantidad: number }) {
  if (cantidad <= 0) return null;
  const texto = cantidad === 1 ? '1 mensaje sin leer' : `${cantidad} mensajes sin leer`;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-marca-700 px-2 py-0.5 text-xs font-semibold text-white" title={texto}>
      <span aria-hidden="true">{cantidad}</span>
      <span className="sr-only">{texto}</span>
    </span>
  );
}
