import type { Rol } from '@minimarket/contracts/comunes';
import { BarChart3, CircleHelp, Home, MessagesSquare, ShoppingCart, Upload, Users, type LucideIcon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { puede, seccionesDelMenu, type SeccionMenu } from '../../lib/permisos';
import { noLeidosQueryOptions } from '../../lib/soporte';
import { cn } from '../../utils/cn';

interface Item {
  to: string;
  label: string;
  icono: LucideIcon;
  /** Paths (and their sub-paths) that count as this item besides `to`. */
  tambien?: string[];
}

// Who sees each item is lib/permisos.ts's (the route guards read the same table).
const ITEMS: Record<SeccionMenu, Item> = {
  inicio: { to: '/inicio', label: 'Inicio', icono: Home, tambien: ['/', '/actualizaciones', '/recursos'] },
  pos: { to: '/pos', label: 'POS', icono: ShoppingCart },
  visualizar: { to: '/visualizar', label: 'Visualizar Información', icono: BarChart3 },
  cargar: { to: '/cargar', label: 'Cargar Información', icono: Upload },
  usuarios: { to: '/usuarios', label: 'Gestión de Usuarios', icono: Users },
  chats: { to: '/chats', label: 'Gestión de Chats', icono: MessagesSquare },
};

function coincide(pathname: string, base: string): boolean {
  if (base === '/') return pathname === '/';
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Whether a sidebar item is the current section (Inicio also owns /, /actualizaciones and /recursos). */
export function itemActivo(pathname: string, item: { to: string; tambien?: string[] }): boolean {
  return [item.to, ...(item.tambien ?? [])].some((base) => coincide(pathname, base));
}

export const SIDEBAR_ID = 'menu-lateral';

/**
 * Unread support messages beside the item that leads to them: a count when the menu is open, a
 * dot when it is folded; the words are for screen readers and the tooltip.
 */
function NoLeidos({ cantidad, colapsado }: { cantidad: number; colapsado: boolean }) {
  if (cantidad <= 0) return null;
  const texto = cantidad === 1 ? '1 mensaje sin leer' : `${cantidad} mensajes sin leer`;
  return (
    <>
      <span className="sr-only">, {texto}</span>
      <span
        aria-hidden="true"
        data-testid="no-leidos-soporte"
        className={cn(
          'ml-auto rounded-full bg-red-600 text-xs leading-5 font-semibold text-white',
          colapsado
            ? 'min-w-5 px-1.5 text-center md:absolute md:top-1 md:right-1 md:size-2.5 md:min-w-0 md:p-0 md:text-[0px]'
            : 'min-w-5 px-1.5 text-center',
        )}
      >
        {cantidad > 99 ? '99+' : cantidad}
      </span>
    </>
  );
}

interface SidebarProps {
  colapsado: boolean;
  rol: Rol;
  /** Called after choosing a link, so narrow screens can fold the menu away. */
  onNavegar: () => void;
  onCerrar: () => void;
}

export function Sidebar({ colapsado, rol, onNavegar, onCerrar }: SidebarProps) {
  const { pathname } = useLocation();
  const items = seccionesDelMenu(rol).map((s) => ITEMS[s]);
  // Administradores read support at Gestión de Chats; a pyme, under ¿Necesitas Ayuda?; a cashier
  // talks to Badito only (support is the owner's), so nothing is asked for them.
  const conSoporte = puede(rol, 'soporte');
  const noLeidos = useQuery({ ...noLeidosQueryOptions(), enabled: conSoporte }).data?.mensajes ?? 0;
  const destinoNoLeidos = !conSoporte ? null : rol === 'administrador' ? '/chats' : '/ayuda';

  const enlace = (activo: boolean) =>
    cn(
      'relative flex h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
      activo ? 'bg-marca-700 text-white' : 'text-slate-200 hover:bg-white/10 hover:text-white',
      colapsado && 'md:justify-center md:px-0',
    );

  return (
    <>
      {/* On a phone the open menu floats over the page; tapping outside closes it. */}
      {!colapsado && (
        <div className="fixed inset-0 top-16 z-30 bg-slate-900/40 md:hidden print:hidden" aria-hidden="true" onClick={onCerrar} />
      )}
      <aside
        id={SIDEBAR_ID}
        aria-label="Menú principal"
        className={cn(
          'z-40 flex flex-col bg-slate-900 text-white transition-[width] duration-200 motion-reduce:transition-none print:hidden',
          'fixed top-16 bottom-0 left-0 md:sticky md:h-[calc(100vh-4rem)]',
          colapsado ? 'hidden w-16 md:flex' : 'flex w-72',
        )}
      >
        <nav aria-label="Secciones" className="flex-1 overflow-y-auto p-2">
          <ul className="space-y-1">
            {items.map((item) => {
              const activo = itemActivo(pathname, item);
              const Icono = item.icono;
              return (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={enlace(activo)}
                    aria-current={activo ? 'page' : undefined}
                    title={colapsado ? item.label : undefined}
                    onClick={onNavegar}
                  >
                    <Icono className="size-5 shrink-0" aria-hidden="true" />
                    <span className={cn('truncate', colapsado && 'md:sr-only')}>{item.label}</span>
                    {item.to === destinoNoLeidos && <NoLeidos cantidad={noLeidos} colapsado={colapsado} />}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="border-t border-white/10 p-2">
          <Link
            to="/ayuda"
            className={enlace(coincide(pathname, '/ayuda'))}
            title={colapsado ? '¿Necesitas Ayuda?' : undefined}
            onClick={onNavegar}
          >
            <CircleHelp className="size-5 shrink-0" aria-hidden="true" />
            <span className={cn('truncate', colapsado && 'md:sr-only')}>¿Necesitas Ayuda?</span>
            {destinoNoLeidos === '/ayuda' && <NoLeidos cantidad={noLeidos} colapsado={colapsado} />}
          </Link>
        </div>
      </aside>
    </>
  );
}
