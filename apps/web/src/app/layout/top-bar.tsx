import { CircleHelp, Menu, PanelLeftClose, PanelLeftOpen, ShoppingBasket, UsersRound } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ID_BOTON_AYUDA } from '../../features/ayuda/components/chat-panel';
import { NotificationBell } from '../../features/notificaciones/components/notification-bell';
import { APP_NAME } from '../../lib/app-info';
import { useAuth } from '../../lib/auth';
import { useCajaCompartida } from '../../lib/caja-compartida/provider';
import { puede, rutaInicio } from '../../lib/permisos';
import { EstadoConexion } from './estado-conexion';
import { SIDEBAR_ID } from './sidebar';
import { UserMenu } from './user-menu';

interface TopBarProps {
  sidebarColapsado: boolean;
  onToggleSidebar: () => void;
  chatAbierto: boolean;
  onToggleChat: () => void;
}

/** «Cambiar cajero» (docs/cajeros.md): whoever takes the till types their PIN; on a phone the icon alone. */
function CambiarCajero() {
  const { disponible, abrirCambio } = useCajaCompartida();
  if (!disponible) return null;
  return (
    <button
      type="button"
      onClick={abrirCambio}
      className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      title="Cambiar cajero"
    >
      <UsersRound className="size-5" aria-hidden="true" />
      <span className="max-lg:sr-only">Cambiar cajero</span>
    </button>
  );
}

export function TopBar({ sidebarColapsado, onToggleSidebar, chatAbierto, onToggleChat }: TopBarProps) {
  const { user } = useAuth();
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
      <Link to={rutaInicio(user?.rol)} className="flex min-w-0 items-center gap-2 rounded-lg px-1 font-bold text-slate-900">
        <ShoppingBasket className="size-6 shrink-0 text-marca-700" aria-hidden="true" />
        {/* On a phone the basket alone: the bar's room goes to what the till must read (the connection). */}
        <span className="truncate text-base max-sm:sr-only sm:text-lg">{APP_NAME}</span>
      </Link>
      <div className="ml-auto flex min-w-0 items-center gap-1">
        <EstadoConexion />
        <CambiarCajero />
        <button
          type="button"
          id={ID_BOTON_AYUDA}
          className={iconoBoton}
          onClick={onToggleChat}
          aria-pressed={chatAbierto}
          aria-label="Ayuda"
          title="Ayuda"
        >
          <CircleHelp className="size-5" aria-hidden="true" />
        </button>
        {/* The notifications are the owner's (a cashier is refused them). */}
        {user && puede(user.rol, 'notificaciones') && <NotificationBell />}
        <UserMenu />
      </div>
    </header>
  );
}
