import type { Rol } from '@minimarket/contracts/comunes';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Loading } from '../components/ui/loading';
import { useAuth } from '../lib/auth';
import { rutaInicio } from '../lib/permisos';

/**
 * Route guard (spec §6): 'Cargando...' while the session is checked, the login page without
 * a user, and the role's own start (a cashier's is the counter) when the role may not see the route.
 */
export function RequireRole({ roles, children }: { roles?: readonly Rol[]; children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <Loading className="min-h-[50vh]" />;
  if (!user) return <Navigate to="/inicio-sesion" replace state={{ from: location.pathname + location.search }} />;
  if (roles && !roles.includes(user.rol)) return <Navigate to={rutaInicio(user.rol)} replace />;
  return <>{children}</>;
}

/** `/`: each role's start. */
export function RedirigirAlInicio() {
  const { user } = useAuth();
  return <Navigate to={rutaInicio(user?.rol)} replace />;
}
