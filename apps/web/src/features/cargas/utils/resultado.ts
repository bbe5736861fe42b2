import { DETALLE_RESULTADO_VACIO, detalleResultadoSchema, FORMATOS_CARGA, type DetalleResultado } from '@minimarket/contracts/uploads';

export const MENSAJE_NO_PARSEABLE = 'No se pudo parsear el resultado';
export const MENSAJE_CARGA_SIN_CONEXION = 'Error de conexión o configuración.';

export function extensionValida(nombre: string): boolean {
  const n = nombre.toLowerCase();
  return FORMATOS_CARGA.some((ext) => n.endsWith(ext));
}

/** detalle_resultado is JSON text; missing counters read as 0 so older records still show. */
export function parsearResultado(texto: string | null): { ok: true; resultado: DetalleResultado } | { ok: false } {
  if (!texto) return { ok: false };
  try {
    const crudo = JSON.parse(texto) as Record<string, unknown>;
    const parsed = detalleResultadoSchema.safeParse({ ...DETALLE_RESULTADO_VACIO, ...crudo });
    return parsed.success ? { ok: true, resultado: parsed.data } : { ok: false };
  } catch {
    return { ok: false };
  }
}

/** Registros column: total_filas from the result, or '-'. */
export function totalFilas(texto: string | null): string {
  const r = parsearResultado(texto);
  return r.ok ? String(r.resultado.total_filas) : '-';
}
