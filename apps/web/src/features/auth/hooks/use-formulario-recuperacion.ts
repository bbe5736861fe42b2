import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { mensajeRecuperacion, useSolicitarRecuperacion } from '../api/password';
import { correoFormSchema, type CorreoFormInput } from '../utils/esquemas';

/**
 * The e-mail form that asks for a reset link, shared by the login page's step and the
 * standalone /restablecer-contraseña page; each decides what happens once it is sent.
 */
export function useFormularioRecuperacion(mensajeError: string, alEnviar: (email: string, message: string) => void) {
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

  return { register, errors, enviar, error, enviando: solicitar.isPending };
}
