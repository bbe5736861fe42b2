import { detalleResultadoSchema, FORMATOS_CARGA, type DetalleResultado } from '@minimarket/contracts/uploads';

export const MENSAJE_NO_PARSEABLE = 'No se pudo parsear el resultado';

export function extensionValida(nombre: string): boolean {
  const n = nombre.toLowerCase();
  return FORMATOS_CARGA.some((ext) => n.endsWith(ext));
}

/** detalle_resultado is JSON text; missing counters read as 0 so older records still show. */
export function parsearResultado(texto: string | null): { ok: true; resultado: DetalleResultado } | { ok: false } {
  if (!texto) return { ok: false };
  try {
    const crudo = JSON.parse(texto) as Record<string, unknown>;
    const conDefectos = {
      total_filas: 0,
      errores: 0,
      productos_cargados: 0,
      productos_reactivados: 0,
      productos_omitidos_por_duplicado: 0,
      ventas_procesadas: 0,
      ventas_omitidas_por_errores: 0,
      detalle_errores: [],
      status: '',
      message: '',
      ...crudo,
    };
    const parsed = detalleResultadoSchema.safeParse(conDefectos);
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
