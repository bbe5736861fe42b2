import { LinkIcon } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { NuevaContrasenaForm } from './nueva-contrasena-form';
import { VolverLogin } from './volver-login';

export function NewPasswordStep() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');

  if (!token) {
    return (
      <div className="space-y-4 text-center">
        <span className="inline-flex rounded-full bg-red-50 p-4 text-red-600">
          <LinkIcon className="size-8" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-semibold text-slate-900">Enlace Inválido</h2>
        <p className="text-sm text-slate-600">El enlace de restablecimiento de contraseña es inválido o ha expirado.</p>
        <Button className="w-full" onClick={() => navigate('/inicio-sesion?paso=forgot')}>
          Solicitar un nuevo enlace
        </Button>
        <VolverLogin />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">Elige una nueva contraseña para tu cuenta.</p>
      <NuevaContrasenaForm token={token} onExito={(mensaje) => navigate('/inicio-sesion', { replace: true, state: { exito: mensaje } })} />
      <VolverLogin />
    </div>
  );
}
