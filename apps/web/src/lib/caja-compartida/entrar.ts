// «Cambiar cajero» and the locked till's PIN (docs/cajeros.md): with the session on this device and a
// PIN of the shop's people, the session becomes that person's. Here, not in lib/auth.tsx: only a
// signed-in till needs it, and the login page does not download it.
import type { UsuarioActual } from '@minimarket/contracts/usuarios';
import type { QueryClient } from '@tanstack/react-query';
import { api, esSesionTerminada, type RespuestaRuta } from '../api-client';
import { authKeys } from '../auth';
import { clearToken, guardarUsuario, marcarSesionExpirada, replaceToken } from '../auth-token';

/**
 * POST /auth/pin, then the profile of whoever it is. Throws the ApiError of a wrong PIN (401
 * PIN_INCORRECTO) or of too many tries (429) with the server's words, and the session it came from goes
 * on; a session that ended meanwhile (any other 401) goes to the login page as always.
 */
export async function entrarConPin(queryClient: QueryClient, idMinimarket: number, pin: string): Promise<UsuarioActual> {
  let respuesta: RespuestaRuta<'POST /auth/pin'>;
  try {
    respuesta = await api('POST /auth/pin', { json: { id_minimarket: idMinimarket, pin } });
  } catch (e) {
    if (esSesionTerminada(e)) {
      clearToken();
      marcarSesionExpirada();
      queryClient.setQueryData(authKeys.me, null);
    }
    throw e;
  }
  const antes = queryClient.getQueryData<UsuarioActual | null>(authKeys.me);
  // Kept where the current one is ('Recordar sesión' or this tab only).
  replaceToken(respuesta.access_token);
  let usuario: UsuarioActual;
  try {
    usuario = await api('GET /users/me');
  } catch (e) {
    void queryClient.invalidateQueries({ queryKey: authKeys.me });
    throw e;
  }
  guardarUsuario(usuario);
  // Another person: nothing read with the last one's session stays (their role saw other things). The
  // signed-in layout is keyed by the person, so every screen mounts again and asks anew.
  if (antes?.id_usuario !== usuario.id_usuario) queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.me[0] });
  queryClient.setQueryData(authKeys.me, usuario);
  return usuario;
}
