// The same name the API uses in its e-mails and start-up banner.
export const APP_NAME = 'Minimarket';
export const NOMBRE_ASISTENTE = 'Badito';

/** The page's <title>: React 19 hoists a <title> rendered anywhere into <head>. */
export function tituloPagina(titulo: string): string {
  return `${titulo} · ${APP_NAME}`;
}
