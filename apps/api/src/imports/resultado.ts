// How an import ends, in one place: the upload's final state and detalle_resultado, the notice
// for its uploader when not everything loaded, and the end of its queue job. All of it goes in
// the transaction of the caller's connection, together with the import's own writes, and only
// while the job is still this replica's: a replica that lost its lease (and so its job) to
// another writes nothing.
import type pg from 'pg';
import { DETALLE_RESULTADO_VACIO, type DetalleResultado } from '@minimarket/contracts/uploads';
import { notificacionCargaConErrores } from '../modules/notificaciones/notificaciones.service.js';

export type EstadoFinal = 'Completado' | 'Con errores' | 'Error';

export interface ResultadoCarga {
  estado: EstadoFinal;
  detalle: DetalleResultado;
}

export interface CargaEnCurso {
  idArchivo: number;
  idMinimarket: number;
  idUsuario: number | null;
  nombreArchivo: string;
  /** The replica that holds the job. */
  replica: string;
}

export const MENSAJE_ERROR_INTERNO = 'No se pudo procesar el archivo por un error del servidor. Intente de nuevo en unos minutos.';
export const MENSAJE_INTERRUMPIDA =
  'El procesamiento se interrumpió dos veces (el servidor que lo procesaba se detuvo). Vuelva a cargar el archivo; si vuelve a ocurrir, divídalo en archivos más pequeños.';

export const STATUS: Record<EstadoFinal, DetalleResultado['status']> = {
  Completado: 'success',
  'Con errores': 'partial',
  Error: 'error',
};

export function resultadoDeError(mensaje: string): ResultadoCarga {
  return { estado: 'Error', detalle: { ...DETALLE_RESULTADO_VACIO, status: STATUS.Error, message: mensaje } };
}

/** The job was taken by another replica (this one's lease ran out): nothing of this run may be kept. */
export class TrabajoPerdido extends Error {
  constructor() {
    super('La carga pasó a otra réplica.');
    this.name = 'TrabajoPerdido';
  }
}

/** Inside the caller's transaction. Throws TrabajoPerdido (the caller rolls back) when the job is no longer ours. */
export async function guardarResultado(client: pg.ClientBase, carga: CargaEnCurso, resultado: ResultadoCarga, encabezado: string[] | null) {
  const { rowCount } = await client.query(`DELETE FROM trabajo_carga WHERE id_minimarket = $1 AND id_archivo = $2 AND tomado_por = $3`, [
    carga.idMinimarket,
    carga.idArchivo,
    carga.replica,
  ]);
  if (rowCount !== 1) throw new TrabajoPerdido();
  await client.query(
    `UPDATE archivo_carga SET estado_procesamiento = $2, detalle_resultado = $3, columnas_archivo = $4 WHERE id_archivo = $1`,
    [carga.idArchivo, resultado.estado, JSON.stringify(resultado.detalle), encabezado ? JSON.stringify(encabezado) : null],
  );
  if (resultado.estado !== 'Completado' && carga.idUsuario !== null) {
    const aviso = notificacionCargaConErrores({
      nombre_archivo: carga.nombreArchivo,
      estado: resultado.estado,
      errores: resultado.detalle.errores,
      mensaje: resultado.detalle.message,
    });
    await client.query(
      `INSERT INTO notificacion (id_usuario, id_minimarket, tipo, titulo, descripcion, url_accion) VALUES ($1, $2, $3, $4, $5, $6)`,
      [carga.idUsuario, carga.idMinimarket, aviso.tipo, aviso.titulo, aviso.descripcion, aviso.url_accion],
    );
  }
}
