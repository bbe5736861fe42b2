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
const ForgotPasswordStep = lazy(() => import('./forgot-password-step').then((m) => ({ default: m.ForgotPasswordStep })));
const CheckEmailStep = lazy(() => import('./check-email-step').then((m) => ({ default: m.CheckEmailStep })));
const NewPasswordStep = lazy(() => import('./new-password-step').then((m) => ({ default: m.NewPasswordStep })));

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
        {paso === 'forgot-password' && <ForgotPasswordStep />}
        {paso === 'check-email' && <CheckEmailStep />}
        {paso === 'new-password' && <NewPasswordStep />}
      </Suspense>
    </AuthLayout>
  );
}
