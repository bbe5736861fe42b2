export type PasoLogin = 'login' | 'forgot-password' | 'check-email' | 'new-password';

export const RUTA_RECUPERAR = '/restablecer-contraseña';

/**
 * The login page's step, from the path and the query (spec §2): the recover path gives
 * forgot-password; a token gives new-password; a query value forgot, check-email or
 * reset-password gives that step; anything else the login form.
 */
export function elegirPaso(pathname: string, search: string): PasoLogin {
  let ruta = pathname;
  try {
    ruta = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: compare the raw path.
  }
  if (ruta.replace(/\/+$/, '') === RUTA_RECUPERAR) return 'forgot-password';
  const params = new URLSearchParams(search);
  if (params.get('token')) return 'new-password';
  const valores = new Set<string>();
  params.forEach((valor, clave) => {
    valores.add(valor);
    if (!valor) valores.add(clave);
  });
  if (valores.has('forgot')) return 'forgot-password';
  if (valores.has('check-email')) return 'check-email';
  if (valores.has('reset-password') || valores.has('new-password')) return 'new-password';
  return 'login';
}
