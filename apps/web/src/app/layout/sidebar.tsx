import type { Rol } from '@minimarket/contracts/comunes';
import { BarChart3, CircleHelp, Home, MessagesSquare, ShoppingCart, Upload, Users, X, type LucideIcon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
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
  /**
   * Open over the page on a narrow screen: a modal menu (a dialog). The focus goes into it and stays
   * there (Tab and Shift+Tab go round its links), Escape or «Cerrar menú» closes it and the focus goes
   * back to the toggle that opened it; the page behind is inert meanwhile (main-layout.tsx).
   */
  modal: boolean;
  /** Called after choosing a link, so narrow screens can fold the menu away. */
  onNavegar: () => void;
  onCerrar: () => void;
}

/** The focusable controls of the open menu, in order. */
const enfocables = (raiz: HTMLElement) => [...raiz.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];

/** The top bar's toggle (aria-controls names this menu): the focus goes back to it when the menu closes. */
const volverAlInterruptor = () => document.querySelector<HTMLElement>(`[aria-controls="${SIDEBAR_ID}"]`)?.focus();

/** While the menu is a modal: focus in on opening, kept in, Escape closes it. */
function useMenuModal(modal: boolean, menu: RefObject<HTMLElement | null>, cerrar: () => void) {
  useEffect(() => {
    const raiz = menu.current;
    if (!modal || !raiz) return;
    enfocables(raiz)[0]?.focus();
    const alTeclear = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        cerrar();
        return;
      }
      if (e.key !== 'Tab') return;
      const todos = enfocables(raiz);
      const primero = todos[0];
      const ultimo = todos.at(-1);
      if (!primero || !ultimo) return;
      const dentro = raiz.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === primero || !dentro)) {
        e.preventDefault();
        ultimo.focus();
      } else if (!e.shiftKey && (document.activeElement === ultimo || !dentro)) {
        e.preventDefault();
        primero.focus();
      }
    };
    document.addEventListener('keydown', alTeclear);
    return () => document.removeEventListener('keydown', alTeclear);
  }, [modal, menu, cerrar]);
}

export function Sidebar({ colapsado, rol, modal, onNavegar, onCerrar }: SidebarProps) {
  const menu = useRef<HTMLElement>(null);
  // Closed by Escape, «Cerrar menú» or a tap outside: back to the toggle. Closed by choosing a link, the new page takes over.
  const cerrar = useCallback(() => {
    onCerrar();
    volverAlInterruptor();
  }, [onCerrar]);
  useMenuModal(modal, menu, cerrar);
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
        <div className="fixed inset-0 top-16 z-30 bg-slate-900/40 md:hidden print:hidden" aria-hidden="true" onClick={cerrar} />
      )}
      <aside
        ref={menu}
        id={SIDEBAR_ID}
        aria-label="Menú principal"
        {...(modal ? { role: 'dialog', 'aria-modal': true } : {})}
        className={cn(
          'z-40 flex flex-col bg-slate-900 text-white transition-[width] duration-200 motion-reduce:transition-none print:hidden',
          'fixed top-16 bottom-0 left-0 md:sticky md:h-[calc(100vh-4rem)]',
          colapsado ? 'hidden w-16 md:flex' : 'flex w-72',
        )}
      >
        {modal && (
          <div className="flex justify-end border-b border-white/10 p-2">
            <button
              type="button"
              onClick={cerrar}
              className="inline-flex h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white"
            >
              <X className="size-5" aria-hidden="true" /> Cerrar menú
            </button>
          </div>
        )}
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
