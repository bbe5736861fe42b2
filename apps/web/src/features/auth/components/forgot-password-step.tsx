import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { MENSAJE_ERROR_RECUPERACION } from '../api/password';
import { useFormularioRecuperacion } from '../hooks/use-formulario-recuperacion';
import { VolverLogin } from './volver-login';

/** Minutes a reset link lasts (decisions §4). */
export const VALIDEZ_ENLACE_MINUTOS = 30;

export function ForgotPasswordStep() {
  const navigate = useNavigate();
  const { register, errors, enviar, error, enviando } = useFormularioRecuperacion(MENSAJE_ERROR_RECUPERACION, (email, message) =>
    navigate('/inicio-sesion?paso=check-email', { state: { email, message } }),
  );

  return (
    <form onSubmit={enviar} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">Ingresa el correo de tu cuenta y te enviaremos un enlace para crear una nueva contraseña.</p>
      {error && <Alert tipo="error">{error}</Alert>}
      <Field label="Correo electrónico" error={errors.email?.message}>
        {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" placeholder="tu@correo.cl" {...register('email')} />}
      </Field>
      <Alert tipo="info">El enlace de recuperación expirará en {VALIDEZ_ENLACE_MINUTOS} minutos.</Alert>
      <Button type="submit" className="w-full" tamano="lg" disabled={enviando}>
        {enviando ? 'Enviando...' : 'Enviar instrucciones'}
      </Button>
      <VolverLogin />
    </form>
  );
}
