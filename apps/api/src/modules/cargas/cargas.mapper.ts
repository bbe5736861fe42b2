import { ESTADO_EN_REVISION, type ArchivoCarga, type AvanceCarga } from '@minimarket/contracts/uploads';
import type { CargaRegistrada } from '../../data/archivo-carga.js';

export function toArchivoCargaDto(a: CargaRegistrada): ArchivoCarga {
  return {
    id_archivo: a.id_archivo,
    nombre_archivo: a.nombre_archivo,
    tipo_archivo: a.tipo_archivo as ArchivoCarga['tipo_archivo'],
    fecha_subida: a.fecha_subida.toISOString(),
    estado_procesamiento: a.estado_procesamiento as ArchivoCarga['estado_procesamiento'],
    detalle_resultado: a.detalle_resultado,
    tamano_bytes: a.tamano_bytes === null ? null : Number(a.tamano_bytes),
    avance:
      a.estado_procesamiento === ESTADO_EN_REVISION && a.filas_leidas !== null && a.etapa !== null
        ? { filas_leidas: a.filas_leidas, filas_estimadas: a.filas_estimadas, etapa: a.etapa as AvanceCarga['etapa'] }
        : null,
  };
}
