import { useMutation } from '@tanstack/react-query';
import { MENSAJE_ERROR_SERVIDOR } from '@minimarket/contracts/reglas';
import { ApiError, api } from '../../../lib/api-client';

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
    mutationFn: (email: string) => api('POST /auth/forgot-password', { json: { email } }),
  });
}

export function useRestablecerContrasena() {
  return useMutation({
    mutationFn: (datos: { token: string; new_password: string }) => api('POST /auth/reset-password', { json: datos }),
  });
}
