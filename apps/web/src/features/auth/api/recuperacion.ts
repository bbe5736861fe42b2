import { type mensajeSchema } from '@minimarket/contracts/comunes';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { MENSAJE_ERROR_SERVIDOR } from '@minimarket/contracts/reglas';
import { ApiError, apiRequest } from '../../../lib/api-client';

type Mensaje = z.infer<typeof mensajeSchema>;

export const MENSAJE_ERROR_RECUPERACION = 'Error al solicitar recuperación de contraseña';
export const MENSAJE_ERROR_RESTABLECER = 'Error al restablecer la contraseña';

/** The server's words when it gave some; otherwise the screen's fallback (or the 5xx one). */
export function mensajeRecuperacion(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return error.detail;
    if (error.status >= 500) return MENSAJE_ERROR_SERVIDOR;
    if (!/^Error \d+$/.test(error.detail)) return error.detail;
  }
  return fallback;
}

export function useSolicitarRecuperacion() {
  return useMutation({
    mutationFn: (email: string) => apiRequest<Mensaje>('/auth/forgot-password', { method: 'POST', json: { email } }),
  });
}

export function useRestablecerContrasena() {
  return useMutation({
    mutationFn: (datos: { token: string; new_password: string }) =>
      apiRequest<Mensaje>('/auth/reset-password', { method: 'POST', json: datos }),
  });
}
