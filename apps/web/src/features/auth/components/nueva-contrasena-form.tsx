import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_HINT } from '@minimarket/contracts/comunes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { MENSAJE_ERROR_RESTABLECER, mensajeRecuperacion, useRestablecerContrasena } from '../api/password';
import { nuevaContrasenaFormSchema, type NuevaContrasenaFormInput } from '../utils/esquemas';

/** New password + confirmation, sent with the link's token to POST /auth/reset-password. */
export function NuevaContrasenaForm({
  token,
  onExito,
  textoBoton = 'Restablecer contraseña',
}: {
  token: string | null;
  onExito: (mensaje: string) => void;
  textoBoton?: string;
}) {
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
        {restablecer.isPending ? 'Guardando...' : textoBoton}
      </Button>
    </form>
  );
}
