import { ChevronDown, LogOut, Settings, User } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { useCerrarFuera } from '../../hooks/use-cerrar-fuera';
import { Link, useNavigate } from 'react-router-dom';
import { useCerrarSesion } from '../../components/shop/cerrar-sesion';
import { useAuth } from '../../lib/auth';
import { puede } from '../../lib/permisos';
import { capitalizar } from '../../utils/format';

function iniciales(nombre: string): string {
  return nombre
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toLocaleUpperCase('es-CL'))
    .join('');
}

/**
 * The name and role of who is signed in («Cajero» for a cashier), with Mi perfil, Configuración (not a
 * cashier's) and Cerrar Sesión (which first says what sales this device still has to send).
 */
export function UserMenu() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const cerrarSesion = useCerrarSesion(() => navigate('/inicio-sesion', { replace: true }));
  const [abierto, setAbierto] = useState(false);
  const cerrar = useCallback(() => setAbierto(false), []);
  const contenedor = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useCerrarFuera(contenedor, abierto, cerrar);

  if (!user) return null;
  const rol = capitalizar(user.rol);
  const opcion =
    'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 disabled:text-slate-400';

  return (
    <div ref={contenedor} className="relative">
      <button
        type="button"
        className="flex items-center gap-2 rounded-lg p-1 pr-2 hover:bg-slate-100"
        aria-expanded={abierto}
        aria-controls={menuId}
        onClick={() => setAbierto((v) => !v)}
      >
        <span className="sr-only">Menú de usuario: </span>
        <span
          className="flex size-9 items-center justify-center rounded-full bg-marca-700 text-sm font-semibold text-white"
          aria-hidden="true"
        >
          {iniciales(user.nombre)}
        </span>
        <span className="hidden text-left sm:block">
          <span className="block max-w-40 truncate text-sm font-semibold text-slate-800 lg:max-w-72" title={user.nombre}>
            {user.nombre}
          </span>
          <span className="sr-only">, </span>
          <span className="block text-xs text-slate-600">{rol}</span>
        </span>
        <span className="sr-only sm:hidden">
          {user.nombre}, {rol}
        </span>
        <ChevronDown className="size-4 text-slate-500" aria-hidden="true" />
      </button>
      {abierto && (
        <div id={menuId} className="absolute right-0 z-50 mt-2 w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
          <div className="border-b border-slate-100 px-3 py-2">
            <p className="text-sm font-semibold break-words text-slate-900">{user.nombre}</p>
            <p className="text-xs text-slate-600">{rol}</p>
          </div>
          <ul className="pt-1">
            {puede(user.rol, 'perfil') && (
              <li>
                <Link to="/perfil" className={opcion} onClick={() => setAbierto(false)}>
                  <User className="size-4" aria-hidden="true" /> Mi perfil
                </Link>
              </li>
            )}
            {puede(user.rol, 'configuracion') && (
              <li>
                <Link to="/configuracion" className={opcion} onClick={() => setAbierto(false)}>
                  <Settings className="size-4" aria-hidden="true" /> Configuración
                </Link>
              </li>
            )}
            <li>
              <button
                type="button"
                className={opcion}
                onClick={() => {
                  setAbierto(false);
                  cerrarSesion.pedir();
                }}
              >
                <LogOut className="size-4" aria-hidden="true" /> Cerrar Sesión
              </button>
            </li>
          </ul>
        </div>
      )}
      {cerrarSesion.dialogo}
    </div>
  );
}
