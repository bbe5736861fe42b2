// archivo_carga: one row per upload, 'En revisión' from the moment the file is received (in the
// transaction that queues it, trabajo-carga.ts) until its import records how it ended (in the
// import's own transaction, imports/resultado.ts). Both on a pg connection.
import type pg from 'pg';
import type { TipoCarga } from '@minimarket/contracts/uploads';

export interface CargaRegistrada {
  id_archivo: number;
  nombre_archivo: string;
  tipo_archivo: string;
  fecha_subida: Date;
  estado_procesamiento: string;
  detalle_resultado: string | null;
}

export async function crearCarga(
  client: pg.ClientBase,
  carga: { idMinimarket: number; idUsuario: number; nombreArchivo: string; tipo: TipoCarga },
): Promise<CargaRegistrada> {
  const { rows } = await client.query<CargaRegistrada>(
    `INSERT INTO archivo_carga (id_minimarket, id_usuario, nombre_archivo, tipo_archivo, estado_procesamiento)
     VALUES ($1, $2, $3, $4, 'En revisión')
     RETURNING id_archivo, nombre_archivo, tipo_archivo, fecha_subida, estado_procesamiento, detalle_resultado`,
    [carga.idMinimarket, carga.idUsuario, carga.nombreArchivo, carga.tipo],
  );
  return rows[0]!;
}

/** The final state, detalle_resultado (JSON text) and the file's header (for the rejected-rows download). */
export async function guardarEstadoFinal(
  client: pg.ClientBase,
  idArchivo: number,
  final: { estado: string; detalle: unknown; encabezado: string[] | null },
) {
  await client.query(
    `UPDATE archivo_carga SET estado_procesamiento = $2, detalle_resultado = $3, columnas_archivo = $4 WHERE id_archivo = $1`,
    [idArchivo, final.estado, JSON.stringify(final.detalle), final.encabezado ? JSON.stringify(final.encabezado) : null],
  );
}
