import { z } from 'zod';

export const TIPOS_CARGA = ['productos', 'ventas'] as const;
export const ESTADOS_PROCESAMIENTO = ['En revisión', 'Completado', 'Con errores', 'Error'] as const;
export const FORMATOS_CARGA = ['.csv', '.xlsx', '.xml'] as const;

export const errorFilaSchema = z.object({ fila: z.number().int(), campo: z.string(), mensaje: z.string() });

/** The JSON text kept in detalle_resultado (decisions §6). */
export const detalleResultadoSchema = z.object({
  total_filas: z.number().int(),
  errores: z.number().int(),
  productos_cargados: z.number().int(),
  productos_reactivados: z.number().int(),
  productos_omitidos_por_duplicado: z.number().int(),
  ventas_procesadas: z.number().int(),
  ventas_omitidas_por_errores: z.number().int(),
  detalle_errores: z.array(errorFilaSchema),
  status: z.string(),
  message: z.string(),
});
export type DetalleResultado = z.infer<typeof detalleResultadoSchema>;

export const archivoCargaSchema = z.object({
  id_archivo: z.number().int(),
  nombre_archivo: z.string(),
  tipo_archivo: z.enum(TIPOS_CARGA),
  fecha_subida: z.iso.datetime(),
  estado_procesamiento: z.string(),
  detalle_resultado: z.string().nullable(),
});
export type ArchivoCarga = z.infer<typeof archivoCargaSchema>;
