import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { tituloPagina } from '../../../lib/app-info';
import { useFormularioRecuperacion } from '../hooks/use-formulario-recuperacion';
import { AuthLayout } from './auth-layout';
import { VALIDEZ_ENLACE_MINUTOS } from './forgot-password-step';
import { VolverLogin } from './volver-login';

const MENSAJE_ERROR_CORREO = 'Error al enviar el correo de recuperación';

/** Standalone /restablecer-contraseña: ask for a reset link. */
export function RecuperarContrasenaPage() {
  const [enviado, setEnviado] = useState<string | null>(null);
  const { register, errors, enviar, error, enviando } = useFormularioRecuperacion(MENSAJE_ERROR_CORREO, (_email, message) =>
    setEnviado(message),
  );

  if (enviado !== null) {
    return (
      <AuthLayout titulo="Correo enviado">
        <title>{tituloPagina('Correo enviado')}</title>
        <div className="space-y-4">
          <div className="flex justify-center">
            <span className="rounded-full bg-marca-50 p-4 text-marca-700">
              <MailCheck className="size-8" aria-hidden="true" />
            </span>
          </div>
          <Alert tipo="exito">{enviado}</Alert>
          <p className="text-sm text-slate-600">El enlace expirará en {VALIDEZ_ENLACE_MINUTOS} minutos.</p>
          <VolverLogin />
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout titulo="Recuperar contraseña">
      <title>{tituloPagina('Recuperar contraseña')}</title>
      <form onSubmit={enviar} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">Ingresa tu correo y te enviaremos un enlace para restablecer tu contraseña.</p>
        {error && <Alert tipo="error">{error}</Alert>}
        <Field label="Correo electrónico" error={errors.email?.message}>
          {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" placeholder="tu@correo.cl" {...register('email')} />}
        </Field>
        <Button type="submit" className="w-full" tamano="lg" disabled={enviando}>
          {enviando ? 'Enviando...' : 'Enviar enlace de recuperación'}
        </Button>
        <VolverLogin />
      </form>
    </AuthLayout>
  );
}
