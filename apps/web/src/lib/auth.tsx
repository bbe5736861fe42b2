// The session: who is signed in, how to sign in and out. The profile comes from
// GET /users/me through TanStack Query, so every screen reads the same cached user.
import type { UsuarioActual } from '@minimarket/contracts/usuarios';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { MENSAJE_ERROR_SERVIDOR } from '@minimarket/contracts/reglas';
import { ApiError, api, esSesionTerminada, mensajeDeError } from './api-client';
import { clearToken, getToken, guardarUsuario, leerUsuarioGuardado, marcarSesionExpirada, setToken } from './auth-token';
import { olvidarCajaCompartida } from './caja-compartida/claves';

export const MENSAJE_CREDENCIALES = 'Correo o contraseña incorrectos.';
export const MENSAJE_SESION_EXPIRADA = 'La sesión ha expirado. Por favor, inicie sesión de nuevo.';

export const authKeys = {
  me: ['auth', 'me'] as const,
};

async function fetchUsuarioActual(): Promise<UsuarioActual | null> {
  if (!getToken()) return null;
  try {
    const usuario = await api('GET /users/me');
    guardarUsuario(usuario);
    return usuario;
  } catch (error) {
    // No answer (no connection): the session stays open with the profile as last seen, so the
    // counter keeps selling (docs/offline.md). Signing in anew still needs the API.
    if (error instanceof ApiError && error.status === 0) {
      const guardado = leerUsuarioGuardado<UsuarioActual>();
      if (guardado) return guardado;
    }
    // A 401 means the stored token is stale: drop it (decisions §4). Any other failure
    // (server down, no network) keeps the token so a retry can still succeed.
    if (esSesionTerminada(error)) {
      clearToken();
      marcarSesionExpirada();
      return null;
    }
    throw error;
  }
}

export const usuarioActualQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me,
    queryFn: fetchUsuarioActual,
    retry: false,
    staleTime: 5 * 60_000,
  });

interface AuthContextValue {
  user: UsuarioActual | null;
  isLoading: boolean;
  /** The profile call failed for a reason other than a bad token (e.g. the server is down). */
  loadError: Error | null;
  login: (correo: string, password: string, recordar: boolean) => Promise<UsuarioActual>;
  logout: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data, isPending, error } = useQuery(usuarioActualQueryOptions());

  useEffect(() => {
    if (error) console.warn('No se pudo obtener el perfil del usuario:', error);
  }, [error]);

  const login = useCallback(
    async (correo: string, password: string, recordar: boolean) => {
      let token: string;
      try {
        const respuesta = await api('POST /auth/token', { form: { username: correo, password } });
        token = respuesta.access_token;
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) throw new Error(mensajeDeError(e, MENSAJE_CREDENCIALES), { cause: e });
        // 4xx (inactive account, too many attempts, bad input) carry their own words; 5xx do not.
        if (e instanceof ApiError && e.status < 500) throw new Error(mensajeDeError(e, MENSAJE_ERROR_SERVIDOR), { cause: e });
        throw new Error(MENSAJE_ERROR_SERVIDOR, { cause: e });
      }
      setToken(token, recordar);
      // A password opens the till: a lock left by a session that expired does not outlive it.
      olvidarCajaCompartida();
      const usuario = await queryClient.fetchQuery({ ...usuarioActualQueryOptions(), staleTime: 0 });
      if (!usuario) throw new Error(MENSAJE_SESION_EXPIRADA);
      return usuario;
    },
    [queryClient],
  );

  const logout = useCallback(() => {
    // The server ends this token for good (a copy of it is no longer a way in); this device
    // signs out at once whether or not that call gets through.
    if (getToken()) void api('POST /auth/logout').catch(() => {});
    clearToken();
    // What this tab kept for the session (carts in progress) goes with it.
    try {
      window.sessionStorage.clear();
    } catch {
      // Storage unavailable: nothing was kept.
    }
    // The shared till's lock goes with the session (the login page is the lock now).
    olvidarCajaCompartida();
    // The device's copy of the shop's customers and what they owe goes too; the outbox of sales not
    // yet sent stays until anyone of the shop signs in again (docs/offline.md). Loaded on demand: the
    // login page does not download IndexedDB's code.
    void import('./offline/catalogo').then((m) => m.olvidarClientes()).catch(() => {});
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.me[0] });
    queryClient.setQueryData(authKeys.me, null);
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: data ?? null,
      isLoading: isPending,
      loadError: error,
      login,
      logout,
    }),
    [data, isPending, error, login, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth debe usarse dentro de AuthProvider');
  return value;
}
