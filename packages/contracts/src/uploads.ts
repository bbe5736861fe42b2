import { z } from 'zod';
import { id64Schema, idSchema, minimarketOpcionalQuerySchema, minimarketQuerySchema } from './comunes.js';
import { MAX_ENTERO } from './reglas.js';

/** productos, ventas, and clientes: the shop's paper notebook (la libreta, docs/fiado.md) with what each one owes. */
export const TIPOS_CARGA = ['productos', 'ventas', 'clientes'] as const;
export type TipoCarga = (typeof TIPOS_CARGA)[number];
/** How the screens and the messages name each kind of file. */
export const NOMBRE_TIPO_CARGA: Record<TipoCarga, string> = { productos: 'Productos', ventas: 'Ventas', clientes: 'Clientes (libreta)' };
export const ESTADOS_PROCESAMIENTO = ['En revisión', 'Completado', 'Con errores', 'Error'] as const;
export type EstadoProcesamiento = (typeof ESTADOS_PROCESAMIENTO)[number];
export const ESTADO_EN_REVISION: EstadoProcesamiento = 'En revisión';
export const FORMATOS_CARGA = ['.csv', '.xlsx', '.xml'] as const;

export const MENSAJE_CARGA_SIN_IDENTIFICACION = 'No se ha podido identificar al usuario o al minimarket.';
export const MENSAJE_FORMATO_NO_SOPORTADO = 'Formato de archivo no soportado. Use: .csv, .xlsx, .xml';

/** The columns of each kind of file, in the order the templates use (spec §3). */
export const COLUMNAS_PRODUCTOS = [
  'nombre_producto',
  'categoria',
  'precio_venta',
  'stock',
  'codigo_barra',
  'precio_compra',
  'descripcion',
  'marca',
  // Optional (issue #20): 'unidad' or 'kg' (empty: 'unidad'), and the scale's PLU of a kg product.
  'unidad',
  'codigo_plu',
] as const;
export const COLUMNAS_PRODUCTOS_OBLIGATORIAS = ['nombre_producto', 'categoria', 'precio_venta', 'codigo_barra'] as const;
export const COLUMNAS_VENTAS = ['id_venta_csv', 'fecha_venta', 'metodo_pago', 'codigo_barra', 'num_unidades'] as const;
/**
 * La libreta (issue #21): one customer per row, with the create form's rules. saldo_inicial is what
 * the notebook says they owe today, fiado_desde the day of their oldest unpaid purchase.
 */
export const COLUMNAS_CLIENTES = [
  'nombre',
  'rut',
  'telefono',
  'direccion',
  'limite_credito',
  'saldo_inicial',
  'fiado_desde',
  'notas',
] as const;
export const COLUMNAS_CLIENTES_OBLIGATORIAS = ['nombre'] as const;
export const PLANTILLAS = [
  'plantilla_productos.xlsx',
  'plantilla_ventas.xlsx',
  'plantilla_clientes.xlsx',
  'plantilla_productos.xml',
  'plantilla_ventas.xml',
  'plantilla_clientes.xml',
  'plantilla_productos.csv',
  'plantilla_ventas.csv',
  'plantilla_clientes.csv',
] as const;
/** The rejected rows of an upload, as a file (GET /upload/history/{id_minimarket}/{id_archivo}/{archivo}). */
export const ARCHIVOS_RECHAZADOS = ['rechazados.csv', 'rechazados.xlsx'] as const;
/** detalle_resultado.status: everything loaded, some rows rejected, or the file could not be read. */
export const STATUS_RESULTADO = ['success', 'partial', 'error'] as const;

const idCargaSchema = z.coerce
  .number({ error: MENSAJE_CARGA_SIN_IDENTIFICACION })
  .int({ error: MENSAJE_CARGA_SIN_IDENTIFICACION })
  .positive({ error: MENSAJE_CARGA_SIN_IDENTIFICACION })
  .max(MAX_ENTERO, { error: MENSAJE_CARGA_SIN_IDENTIFICACION });

/** POST /upload/files/ query (the file itself is the multipart field `file`). */
export const cargaQuerySchema = z.object({
  id_minimarket: idCargaSchema,
  id_usuario: idCargaSchema,
  upload_type: z.enum(TIPOS_CARGA, { error: 'Elige el tipo de datos del archivo: productos, ventas o clientes.' }),
});

/** GET /upload/history/{id_minimarket}. */
export const historialCargasParamsSchema = minimarketQuerySchema;
/** GET /upload/history/{id_minimarket}/{id_archivo}/{archivo}. */
export const rechazadosParamsSchema = z.object({ id_minimarket: idSchema, id_archivo: id64Schema, archivo: z.enum(ARCHIVOS_RECHAZADOS) });
/** GET /upload/plantillas/{nombre}?id_minimarket= (with the shop, the sales template's examples are its products). */
export const plantillaParamsSchema = z.object({ nombre: z.enum(PLANTILLAS) });
export const plantillaQuerySchema = minimarketOpcionalQuerySchema;

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
  // La libreta (upload_type=clientes); absent in results written before it.
  clientes_cargados: z.number().int().default(0),
  /** Already in the shop: the same RUT, or the same name where one of the two has no RUT. */
  clientes_omitidos_por_duplicado: z.number().int().default(0),
  detalle_errores: z.array(errorFilaSchema),
  status: z.enum(STATUS_RESULTADO),
  message: z.string(),
});
export type DetalleResultado = z.infer<typeof detalleResultadoSchema>;

/** Every counter at zero, no errors: the start of a result, and what a missing counter reads as. */
export const DETALLE_RESULTADO_VACIO: DetalleResultado = {
  total_filas: 0,
  errores: 0,
  productos_cargados: 0,
  productos_reactivados: 0,
  productos_omitidos_por_duplicado: 0,
  ventas_procesadas: 0,
  ventas_omitidas_por_errores: 0,
  clientes_cargados: 0,
  clientes_omitidos_por_duplicado: 0,
  detalle_errores: [],
  status: 'success',
  message: '',
};

export const ETAPAS_CARGA = ['leyendo', 'guardando'] as const;

/**
 * An import's progress: rows read so far and an estimate of all of them (rows read over the
 * share of the file read, exact once the file is read), reading the file, then saving its rows.
 */
export const avanceCargaSchema = z
  .object({ filas_leidas: z.number().int(), filas_estimadas: z.number().int().nullable(), etapa: z.enum(ETAPAS_CARGA) })
  .meta({ id: 'AvanceCarga' });
export type AvanceCarga = z.infer<typeof avanceCargaSchema>;

/** The share of the work done, 0 to 1, for a progress bar: null while there is no estimate yet. */
export function fraccionDeAvance(a: AvanceCarga): number | null {
  if (a.etapa === 'guardando') return 1;
  if (!a.filas_estimadas) return null;
  return Math.min(1, a.filas_leidas / a.filas_estimadas);
}

export const archivoCargaSchema = z
  .object({
    id_archivo: z.number().int(),
    nombre_archivo: z.string(),
    tipo_archivo: z.enum(TIPOS_CARGA),
    fecha_subida: z.iso.datetime(),
    estado_procesamiento: z.enum(ESTADOS_PROCESAMIENTO),
    /** JSON text, as the spec keeps it on the wire; read it with leerDetalleResultado. */
    detalle_resultado: z.string().nullable(),
    /** The file's size as received (null for uploads from before it was kept). */
    tamano_bytes: z.number().int().nullable(),
    /** While 'En revisión': how far the import has got (null until it starts). */
    avance: avanceCargaSchema.nullable(),
  })
  .meta({ id: 'ArchivoCarga' });
export type ArchivoCarga = z.infer<typeof archivoCargaSchema>;

/**
 * detalle_resultado read once: the JSON text checked against its schema, a missing counter read
 * as 0 (records written before a counter existed); null when it cannot be read.
 */
export function leerDetalleResultado(texto: string | null): DetalleResultado | null {
  if (!texto) return null;
  try {
    const crudo = JSON.parse(texto) as Record<string, unknown>;
    const leido = detalleResultadoSchema.safeParse({ ...DETALLE_RESULTADO_VACIO, ...crudo });
    return leido.success ? leido.data : null;
  } catch {
    return null;
  }
}

/** An upload with its result already read: what the screens work with. */
export type CargaLeida = ArchivoCarga & { detalle: DetalleResultado | null };

export const leerCarga = (carga: ArchivoCarga): CargaLeida => ({ ...carga, detalle: leerDetalleResultado(carga.detalle_resultado) });
