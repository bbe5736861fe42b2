// Password recovery, first part: ask for a reset link by e-mail. One form, two places (spec §2):
// the login page's forgot step, which then shows "Revisa tu correo", and the standalone
// /restablecer-contraseña page, which shows "Correo enviado" itself.
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { tituloPagina } from '../../../lib/app-info';
import { MENSAJE_ERROR_RECUPERACION, mensajeRecuperacion, useSolicitarRecuperacion } from '../api/recuperacion';
import { correoFormSchema, type CorreoFormInput } from '../utils/esquemas';
import { AuthLayout } from './auth-layout';
import { VolverLogin } from './volver-login';

/** Minutes a reset link lasts (decisions §4). */
export const VALIDEZ_ENLACE_MINUTOS = 30;

function FormularioPedirEnlace({
  texto,
  textoBoton,
  mensajeError,
  aviso,
  alEnviar,
}: {
  texto: string;
  textoBoton: string;
  mensajeError: string;
  aviso?: string;
  alEnviar: (email: string, message: string) => void;
}) {
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
      alEnviar(email, message);
    } catch (e) {
      setError(mensajeRecuperacion(e, mensajeError));
    }
  });

  return (
    <form onSubmit={enviar} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{texto}</p>
      {error && <Alert tipo="error">{error}</Alert>}
      <Field label="Correo electrónico" error={errors.email?.message}>
        {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" placeholder="tu@correo.cl" {...register('email')} />}
      </Field>
      {aviso && <Alert tipo="info">{aviso}</Alert>}
      <Button type="submit" className="w-full" tamano="lg" disabled={solicitar.isPending}>
        {solicitar.isPending ? 'Enviando...' : textoBoton}
      </Button>
      <VolverLogin />
    </form>
  );
}

/** The login page's forgot-password step: sent, it moves to check-email. */
export function PasoPedirEnlace() {
  const navigate = useNavigate();
  return (
    <FormularioPedirEnlace
      texto="Ingresa el correo de tu cuenta y te enviaremos un enlace para crear una nueva contraseña."
      textoBoton="Enviar instrucciones"
      mensajeError={MENSAJE_ERROR_RECUPERACION}
      aviso={`El enlace de recuperación expirará en ${VALIDEZ_ENLACE_MINUTOS} minutos.`}
      alEnviar={(email, message) => navigate('/inicio-sesion?paso=check-email', { state: { email, message } })}
    />
  );
}

/** Standalone /restablecer-contraseña: sent, it says so on the same page. */
export function PaginaPedirEnlace() {
  const [enviado, setEnviado] = useState<string | null>(null);
  const titulo = enviado === null ? 'Recuperar contraseña' : 'Correo enviado';
  return (
    <AuthLayout titulo={titulo}>
      <title>{tituloPagina(titulo)}</title>
      {enviado === null ? (
        <FormularioPedirEnlace
          texto="Ingresa tu correo y te enviaremos un enlace para restablecer tu contraseña."
          textoBoton="Enviar enlace de recuperación"
          mensajeError="Error al enviar el correo de recuperación"
          alEnviar={(_email, message) => setEnviado(message)}
        />
      ) : (
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
      )}
    </AuthLayout>
  );
}
