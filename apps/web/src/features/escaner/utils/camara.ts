// Reading a barcode with the device's camera (issue 32, docs/web.md «Escanear con la cámara»), where no
// scanner gun is plugged in (a phone at the till). What the camera decodes goes through the same path
// as a scan (labels included); these are its pure parts: what each failure says, and the hand-off of
// the first code read.

/** The symbologies a shop's products and its scale labels carry. */
export const FORMATOS_CAMARA = ['EAN-13', 'EAN-8', 'UPC-A', 'UPC-E', 'Code 128'] as const;

export const MENSAJE_CAMARA_DENEGADA =
  'No diste permiso para usar la cámara. Actívalo en los permisos del sitio (el candado junto a la dirección) y vuelve a intentarlo.';
export const MENSAJE_SIN_CAMARA = 'No se encontró una cámara en este equipo. Escribe el código en el campo o usa un lector de códigos.';
export const MENSAJE_CAMARA_OCUPADA = 'La cámara está en uso por otra aplicación. Ciérrala y vuelve a intentarlo.';
export const MENSAJE_CAMARA_INSEGURA =
  'La cámara solo se puede usar con una conexión segura (https) o en este mismo equipo. Escribe el código en el campo.';
export const MENSAJE_CAMARA_ERROR = 'No se pudo abrir la cámara. Vuelve a intentarlo o escribe el código en el campo.';
export const MENSAJE_LECTOR_NO_CARGO = 'No se pudo cargar el lector de la cámara. Revisa la conexión y vuelve a intentarlo.';

/** What a failure to open the camera says to the cashier (getUserMedia's DOMException names). */
export function mensajeErrorCamara(e: unknown): string {
  const nombre = e instanceof Error || (typeof e === 'object' && e !== null && 'name' in e) ? String((e as { name: unknown }).name) : '';
  switch (nombre) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return MENSAJE_CAMARA_DENEGADA;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return MENSAJE_SIN_CAMARA;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return MENSAJE_CAMARA_OCUPADA;
    default:
      return MENSAJE_CAMARA_ERROR;
  }
}

/**
 * The decoder's per-frame callback, turned into one hand-off: frames that read nothing are ignored;
 * the first code read is trimmed and handed to `onCodigo` once (the camera keeps seeing the same
 * barcode for a while: it must not add the product once per frame), and `true` says to stop.
 */
export function entregaUnaVez(onCodigo: (codigo: string) => void): (texto: string | undefined) => boolean {
  let entregado = false;
  return (texto) => {
    if (entregado) return true;
    const codigo = texto?.trim();
    if (!codigo) return false;
    entregado = true;
    onCodigo(codigo);
    return true;
  };
}
