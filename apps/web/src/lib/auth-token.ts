// Where the session token lives. 'Recordar sesión' (decisions §4): checked keeps it in
// localStorage so it survives closing the browser; unchecked keeps it in sessionStorage.

export const AUTH_TOKEN_KEY = 'authToken';

function storages(): Storage[] {
  try {
    return [window.localStorage, window.sessionStorage];
  } catch {
    return [];
  }
}

export function getToken(): string | null {
  for (const storage of storages()) {
    const token = storage.getItem(AUTH_TOKEN_KEY);
    if (token) return token;
  }
  return null;
}

export function setToken(token: string, recordar: boolean): void {
  clearToken();
  const [local, session] = storages();
  (recordar ? local : session)?.setItem(AUTH_TOKEN_KEY, token);
}

/** A fresh token for the same session (after a password change), kept where the old one was. */
export function replaceToken(token: string): void {
  const [local, session] = storages();
  const recordada = Boolean(local?.getItem(AUTH_TOKEN_KEY));
  (recordada ? local : session)?.setItem(AUTH_TOKEN_KEY, token);
}

/** The profile as last received, so an open session keeps working when the API does not answer. */
const USUARIO_GUARDADO_KEY = 'usuarioSinConexion';

export function clearToken(): void {
  for (const storage of storages()) {
    storage.removeItem(AUTH_TOKEN_KEY);
    // The profile kept for working without a connection goes with the session.
    storage.removeItem(USUARIO_GUARDADO_KEY);
  }
}

export function guardarUsuario(usuario: unknown): void {
  try {
    window.localStorage.setItem(USUARIO_GUARDADO_KEY, JSON.stringify(usuario));
  } catch {
    // Storage unavailable: the session just will not survive a reload without the API.
  }
}

export function leerUsuarioGuardado<T extends { id_usuario: number }>(): T | null {
  try {
    return JSON.parse(window.localStorage.getItem(USUARIO_GUARDADO_KEY) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

const SESION_EXPIRADA_KEY = 'sesionExpirada';

/** Remembers, for the login page, that the session ended on its own (expired or revoked token). */
export function marcarSesionExpirada(): void {
  try {
    window.sessionStorage.setItem(SESION_EXPIRADA_KEY, '1');
  } catch {
    // Storage unavailable: the login page simply shows no notice.
  }
}

/** Whether the session ended on its own since the last look; reading clears the mark. */
export function consumirSesionExpirada(): boolean {
  try {
    const marcada = window.sessionStorage.getItem(SESION_EXPIRADA_KEY) === '1';
    window.sessionStorage.removeItem(SESION_EXPIRADA_KEY);
    return marcada;
  } catch {
    return false;
  }
}
