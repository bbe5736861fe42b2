// Password recovery, last part: a new password with the e-mailed link's token. One form, two
// places (spec §2): the login page's new-password step, which returns to the login, and the
// standalone /reset-password page, which shows the server's message and returns after 3 s.
import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_HINT } from '@minimarket/contracts/comunes';
import { LinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { tituloPagina } from '../../../lib/app-info';
import { MENSAJE_ERROR_RESTABLECER, mensajeRecuperacion, useRestablecerContrasena } from '../api/recuperacion';
import { nuevaContrasenaFormSchema, type NuevaContrasenaFormInput } from '../utils/esquemas';
import { AuthLayout } from './auth-layout';
import { VolverLogin } from './volver-login';

/** After a successful reset the standalone page returns to the login on its own. */
const REDIRECCION_MS = 3000;

/** New password + confirmation, sent with the link's token to POST /auth/reset-password. */
function FormularioNuevaContrasena({ token, onExito }: { token: string | null; onExito: (mensaje: string) => void }) {
  const restablecer = useRestablecerContrasena();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NuevaContrasenaFormInput>({
    resolver: zodResolver(nuevaContrasenaFormSchema),
    defaultValues: { nueva: '', confirmacion: '' },
  });

  const enviar = handleSubmit(async ({ nueva }) => {
    if (!token) return;
    setError(null);
    try {
      const { message } = await restablecer.mutateAsync({ token, new_password: nueva });
      onExito(message);
    } catch (e) {
      setError(mensajeRecuperacion(e, MENSAJE_ERROR_RESTABLECER));
    }
  });

  return (
    <form onSubmit={enviar} noValidate className="space-y-4">
      {error && <Alert tipo="error">{error}</Alert>}
      <Field label="Nueva contraseña" error={errors.nueva?.message} hint={PASSWORD_HINT}>
        {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('nueva')} />}
      </Field>
      <Field label="Confirmar contraseña" error={errors.confirmacion?.message}>
        {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('confirmacion')} />}
      </Field>
      <Button type="submit" className="w-full" tamano="lg" disabled={!token || restablecer.isPending}>
        {restablecer.isPending ? 'Guardando...' : 'Restablecer contraseña'}
      </Button>
    </form>
  );
}

/** The login page's new-password step: without a token, 'Enlace Inválido' and a way to ask again. */
export function PasoNuevaContrasena() {
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
      <FormularioNuevaContrasena
        token={token}
        onExito={(mensaje) => navigate('/inicio-sesion', { replace: true, state: { exito: mensaje } })}
      />
      <VolverLogin />
    </div>
  );
}

/** Standalone /reset-password: the token comes in the e-mailed link. */
export function PaginaNuevaContrasena() {
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
            <FormularioNuevaContrasena token={token} onExito={setExito} />
          </>
        )}
        <VolverLogin />
      </div>
    </AuthLayout>
  );
}
