import { FORMATOS_CARGA } from '@minimarket/contracts/uploads';

export const MENSAJE_NO_PARSEABLE = 'No se pudo parsear el resultado';
export const MENSAJE_CARGA_SIN_CONEXION = 'Error de conexión o configuración.';

export function extensionValida(nombre: string): boolean {
  const n = nombre.toLowerCase();
  return FORMATOS_CARGA.some((ext) => n.endsWith(ext));
}
