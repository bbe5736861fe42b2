// How an import ends, in one place: the upload's final state and detalle_resultado, the notice
// for its uploader when not everything loaded, and the end of its queue job. All of it goes in
// the transaction of the caller's connection, together with the import's own writes, and only
// while the job is still this replica's: a replica that lost its lease (and so its job) to
// another writes nothing.
import type pg from 'pg';
import { DETALLE_RESULTADO_VACIO, type DetalleResultado } from '@minimarket/contracts/uploads';
import { guardarEstadoFinal } from '../data/archivo-carga.js';
import { crearNotificacionEn } from '../data/notificacion.js';
import { terminarTrabajo } from '../data/trabajo-carga.js';
import { avisoCargaConErrores } from '../lib/avisos.js';

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

export const MENSAJE_ERROR_INTERNO = 'No se pudo procesar el archivo por un error del servidor. Intenta de nuevo en unos minutos.';
export const MENSAJE_INTERRUMPIDA =
  'El procesamiento se interrumpió dos veces (el servidor que lo procesaba se detuvo). Vuelve a cargar el archivo; si vuelve a ocurrir, divídelo en archivos más pequeños.';

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
  if (!(await terminarTrabajo(client, carga, carga.replica))) throw new TrabajoPerdido();
  await guardarEstadoFinal(client, carga.idArchivo, { estado: resultado.estado, detalle: resultado.detalle, encabezado });
  if (resultado.estado !== 'Completado' && carga.idUsuario !== null) {
    const aviso = avisoCargaConErrores({
      nombre_archivo: carga.nombreArchivo,
      estado: resultado.estado,
      errores: resultado.detalle.errores,
      mensaje: resultado.detalle.message,
    });
    await crearNotificacionEn(client, { ...aviso, id_usuario: carga.idUsuario, id_minimarket: carga.idMinimarket });
  }
}
