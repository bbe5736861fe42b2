import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { MENSAJE_ERROR_RECUPERACION, mensajeRecuperacion, useSolicitarRecuperacion } from '../api/password';
import { correoFormSchema, type CorreoFormInput } from '../utils/esquemas';
import { VolverLogin } from './volver-login';

/** Minutes a reset link lasts (decisions §4). */
export const VALIDEZ_ENLACE_MINUTOS = 30;

export function ForgotPasswordStep() {
  const navigate = useNavigate();
  const solicitar = useSolicitarRecuperacion();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CorreoFormInput>({ resolver: zodResolver(correoFormSchema), defaultValues: { email: '' } });

  const enviar = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      const { message } = await solicitar.mutateAsync(email);
      navigate('/inicio-sesion?paso=check-email', { state: { email, message } });
    } catch (e) {
      setError(mensajeRecuperacion(e, MENSAJE_ERROR_RECUPERACION));
    }
  });

  return (
    <form onSubmit={enviar} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">Ingresa el correo de tu cuenta y te enviaremos un enlace para crear una nueva contraseña.</p>
      {error && <Alert tipo="error">{error}</Alert>}
      <Field label="Correo electrónico" error={errors.email?.message}>
        {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" placeholder="tu@correo.cl" {...register('email')} />}
      </Field>
      <Alert tipo="info">El enlace de recuperación expirará en {VALIDEZ_ENLACE_MINUTOS} minutos.</Alert>
      <Button type="submit" className="w-full" tamano="lg" disabled={solicitar.isPending}>
        {solicitar.isPending ? 'Enviando...' : 'Enviar instrucciones'}
      </Button>
      <VolverLogin />
    </form>
  );
}
