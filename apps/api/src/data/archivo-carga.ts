// archivo_carga: one row per upload, 'En revisión' from the moment the file is received (in the
// transaction that queues it, trabajo-carga.ts) until its import records how it ended (in the
// import's own transaction, imports/resultado.ts). While it runs, its progress is written from
// outside that transaction (registrarAvance), so the history can show it. All on a pg connection.
import type pg from 'pg';
import type { Tx } from '../db/client.js';
import type { AvanceCarga, TipoCarga } from '@minimarket/contracts/uploads';

export interface CargaRegistrada {
  id_archivo: number;
  nombre_archivo: string;
  tipo_archivo: string;
  fecha_subida: Date;
  estado_procesamiento: string;
  detalle_resultado: string | null;
  tamano_bytes: bigint | string | null;
  filas_leidas: number | null;
  filas_estimadas: number | null;
  etapa: string | null;
}

/** The columns of a CargaRegistrada. */
const COLUMNAS_CARGA =
  'id_archivo, nombre_archivo, tipo_archivo, fecha_subida, estado_procesamiento, detalle_resultado, tamano_bytes, filas_leidas, filas_estimadas, etapa';

export async function crearCarga(
  client: pg.ClientBase,
  carga: { idMinimarket: number; idUsuario: number; nombreArchivo: string; tipo: TipoCarga; tamanoBytes: number },
): Promise<CargaRegistrada> {
  const { rows } = await client.query<CargaRegistrada>(
    `INSERT INTO archivo_carga (id_minimarket, id_usuario, nombre_archivo, tipo_archivo, estado_procesamiento, tamano_bytes)
     VALUES ($1, $2, $3, $4, 'En revisión', $5)
     RETURNING ${COLUMNAS_CARGA}`,
    [carga.idMinimarket, carga.idUsuario, carga.nombreArchivo, carga.tipo, carga.tamanoBytes],
  );
  return rows[0]!;
}

/**
 * How far a running import has got. Only an upload still 'En revisión' takes it: a late write
 * after the import has recorded its end changes nothing.
 */
export async function registrarAvance(db: pg.Pool | pg.ClientBase, idArchivo: number, avance: AvanceCarga) {
  await db.query(
    `UPDATE archivo_carga SET filas_leidas = $2, filas_estimadas = $3, etapa = $4
     WHERE id_archivo = $1 AND estado_procesamiento = 'En revisión'`,
    [idArchivo, avance.filas_leidas, avance.filas_estimadas, avance.etapa],
  );
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

/** The shop's uploads, newest first (up to `limite`), as the history shows them. */
export const historialDeCargas = (tx: Tx, idMinimarket: number, limite: number): Promise<CargaRegistrada[]> =>
  tx.archivoCarga.findMany({
    where: { id_minimarket: idMinimarket },
    orderBy: [{ fecha_subida: 'desc' }, { id_archivo: 'desc' }],
    take: limite,
    select: {
      id_archivo: true,
      nombre_archivo: true,
      tipo_archivo: true,
      fecha_subida: true,
      estado_procesamiento: true,
      detalle_resultado: true,
      tamano_bytes: true,
      filas_leidas: true,
      filas_estimadas: true,
      etapa: true,
    },
  });

/** One upload of the shop with its file's header and how many rows it rejected, or null. */
export const cargaConRechazos = (tx: Tx, idMinimarket: number, idArchivo: number) =>
  tx.archivoCarga.findFirst({
    where: { id_archivo: idArchivo, id_minimarket: idMinimarket },
    select: { nombre_archivo: true, columnas_archivo: true, _count: { select: { filas_rechazadas: true } } },
  });
