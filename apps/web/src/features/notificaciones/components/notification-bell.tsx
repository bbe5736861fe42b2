import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Link } from 'react-router-dom';
import { notificacionesQueryOptions } from '../api/notificaciones';

/** The bell links to /notificaciones; its red dot shows only while something is unread. */
export function NotificationBell() {
  const { data } = useQuery(notificacionesQueryOptions());
  const noLeidas = data?.no_leidas ?? 0;
  const etiqueta = noLeidas > 0 ? `Notificaciones: ${noLeidas} sin leer` : 'Notificaciones';
  return (
    <Link
      to="/notificaciones"
      className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      aria-label={etiqueta}
      title={etiqueta}
    >
      <Bell className="size-5" aria-hidden="true" />
      {noLeidas > 0 && (
        <span
          data-testid="punto-notificaciones"
          className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-red-600 ring-2 ring-white"
          aria-hidden="true"
        />
      )}
    </Link>
  );
}
