import { lazy, Suspense, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/loading';
import { tituloPagina } from '../../../lib/app-info';
import { MENSAJE_SESION_EXPIRADA, useAuth } from '../../../lib/auth';
import { consumirSesionExpirada } from '../../../lib/auth-token';
import { elegirPaso, type PasoLogin } from '../utils/paso-login';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';

// The recovery steps (and their form library) load only when someone needs them.
const PasoPedirEnlace = lazy(() => import('./pedir-enlace').then((m) => ({ default: m.PasoPedirEnlace })));
const PasoRevisarCorreo = lazy(() => import('./revisar-correo').then((m) => ({ default: m.PasoRevisarCorreo })));
const PasoNuevaContrasena = lazy(() => import('./nueva-contrasena').then((m) => ({ default: m.PasoNuevaContrasena })));

const TITULOS: Record<PasoLogin, string> = {
  login: 'Iniciar Sesión',
  'forgot-password': 'Recuperar contraseña',
  'check-email': 'Revisa tu correo',
  'new-password': 'Nueva contraseña',
};

export function LoginPage() {
  const location = useLocation();
  const { user, isLoading } = useAuth();
  const [sesionExpirada] = useState(consumirSesionExpirada);
  const paso = elegirPaso(location.pathname, location.search);
  const exito = (location.state as { exito?: string } | null)?.exito;

  if (paso === 'login' && isLoading) return <Loading className="min-h-screen" />;
  if (paso === 'login' && user) return <Navigate to="/" replace />;

  return (
    <AuthLayout titulo={TITULOS[paso]}>
      <title>{tituloPagina(TITULOS[paso])}</title>
      {paso === 'login' && (
        <>
          {exito && (
            <Alert tipo="exito" className="mb-4">
              {exito}
            </Alert>
          )}
          <LoginForm aviso={sesionExpirada ? MENSAJE_SESION_EXPIRADA : null} />
        </>
      )}
      <Suspense fallback={<Loading />}>
        {paso === 'forgot-password' && <PasoPedirEnlace />}
        {paso === 'check-email' && <PasoRevisarCorreo />}
        {paso === 'new-password' && <PasoNuevaContrasena />}
      </Suspense>
    </AuthLayout>
  );
}
