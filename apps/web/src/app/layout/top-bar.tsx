import { CircleHelp, Menu, PanelLeftClose, PanelLeftOpen, ShoppingBasket } from 'lucide-react';
import { Link } from 'react-router-dom';
import { NotificationBell } from '../../features/notificaciones/components/notification-bell';
import { APP_NAME } from '../../lib/app-info';
import { EstadoConexion } from './estado-conexion';
import { SIDEBAR_ID } from './sidebar';
import { UserMenu } from './user-menu';

interface TopBarProps {
  sidebarColapsado: boolean;
  onToggleSidebar: () => void;
  chatAbierto: boolean;
  onToggleChat: () => void;
}

export function TopBar({ sidebarColapsado, onToggleSidebar, chatAbierto, onToggleChat }: TopBarProps) {
  const iconoBoton = 'rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900';
  return (
    <header className="sticky top-0 z-50 flex print:hidden h-16 items-center gap-2 border-b border-slate-200 bg-white px-2 sm:px-4">
      <button
        type="button"
        className={iconoBoton}
        onClick={onToggleSidebar}
        aria-expanded={!sidebarColapsado}
        aria-controls={SIDEBAR_ID}
        aria-label={sidebarColapsado ? 'Expandir menú lateral' : 'Contraer menú lateral'}
      >
        <Menu className="size-5 md:hidden" aria-hidden="true" />
        {sidebarColapsado ? (
          <PanelLeftOpen className="hidden size-5 md:block" aria-hidden="true" />
        ) : (
          <PanelLeftClose className="hidden size-5 md:block" aria-hidden="true" />
        )}
      </button>
      <Link to="/inicio" className="flex min-w-0 items-center gap-2 rounded-lg px-1 font-bold text-slate-900">
        <ShoppingBasket className="size-6 shrink-0 text-marca-700" aria-hidden="true" />
        {/* On a phone the basket alone: the bar's room goes to what the till must read (the connection). */}
        <span className="truncate text-base max-sm:sr-only sm:text-lg">{APP_NAME}</span>
      </Link>
      <div className="ml-auto flex min-w-0 items-center gap-1">
        <EstadoConexion />
        <button type="button" className={iconoBoton} onClick={onToggleChat} aria-pressed={chatAbierto} aria-label="Ayuda" title="Ayuda">
          <CircleHelp className="size-5" aria-hidden="true" />
        </button>
        <NotificationBell />
        <UserMenu />
      </div>
    </header>
  );
}
