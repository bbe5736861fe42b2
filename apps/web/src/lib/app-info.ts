// The same name the API uses in its e-mails and start-up banner.
export const APP_NAME = 'Minimarket';
export const NOMBRE_ASISTENTE = 'Badito';
/** Badito's own page: the floating panel stays away from it (one Badito on screen, not two). */
export const RUTA_BADITO = '/ayuda/chatbot-badito';
/** The question field of Badito's page: the top bar's help button brings the cursor there. */
export const ID_PREGUNTA_BADITO = 'pregunta-badito';

/** The page's <title>: React 19 hoists a <title> rendered anywhere into <head>. */
export function tituloPagina(titulo: string): string {
  return `${titulo} · ${APP_NAME}`;
}
