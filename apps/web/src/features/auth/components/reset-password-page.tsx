import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { tituloPagina } from '../../../lib/app-info';
import { AuthLayout } from './auth-layout';
import { NuevaContrasenaForm } from './nueva-contrasena-form';
import { VolverLogin } from './volver-login';

/** After a successful reset the page returns to the login on its own. */
const REDIRECCION_MS = 3000;

/** Standalone /reset-password: the token comes in the e-mailed link. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [exito, setExito] = useState<string | null>(null);

  useEffect(() => {
    if (exito === null) return;
    const t = setTimeout(() => navigate('/inicio-sesion', { replace: true }), REDIRECCION_MS);
    return () => clearTimeout(t);
  }, [exito, navigate]);

  return (
    <AuthLayout titulo="Restablecer contraseña">
      <title>{tituloPagina('Restablecer contraseña')}</title>
      <div className="space-y-4">
        {exito !== null ? (
          <>
            <Alert tipo="exito">{exito}</Alert>
            <p className="text-sm text-slate-600">Te llevaremos al inicio de sesión en unos segundos.</p>
          </>
        ) : (
          <>
            {!token && <Alert tipo="error">Token de recuperación no encontrado</Alert>}
            <NuevaContrasenaForm token={token} onExito={setExito} />
          </>
        )}
        <VolverLogin />
      </div>
    </AuthLayout>
  );
}
