// The audit trail of a shop (issue 31, docs/cajeros.md «Auditoría»): every action the owner approved
// with their PIN, every PIN refused, every change of price, stock count and person.
import { z } from 'zod';
import { clavesDe, idSchema, paginaSchema } from './comunes.js';

/** What an entry records, with the words the audit list shows. */
export const ACCIONES_AUDITORIA = {
  anulacion: 'Anulación',
  devolucion: 'Devolución',
  retiro_caja: 'Retiro de caja',
  fiado_sobre_limite: 'Fiado sobre el límite',
  descuento: 'Descuento',
  pin_rechazado: 'PIN rechazado',
  cambio_precio: 'Cambio de precio',
  ajuste_stock: 'Ajuste de stock',
  cajero_creado: 'Cajero creado',
  cajero_modificado: 'Cajero modificado',
  cajero_eliminado: 'Cajero eliminado',
  pin_cambiado: 'PIN cambiado',
  venta_apartada_resuelta: 'Venta rechazada resuelta',
} as const;
export type AccionAuditoria = keyof typeof ACCIONES_AUDITORIA;
export const ACCIONES_AUDITORIA_LISTA = clavesDe(ACCIONES_AUDITORIA);

export const PAGE_SIZE_AUDITORIA = 20;

export const auditoriaQuerySchema = z.object({
  id_minimarket: idSchema,
  accion: z.enum(ACCIONES_AUDITORIA_LISTA, { error: 'Acción desconocida.' }).optional(),
  id_usuario: idSchema.optional(),
  ...paginaSchema(PAGE_SIZE_AUDITORIA),
});

export const entradaAuditoriaSchema = z
  .object({
    id_auditoria: z.number().int(),
    accion: z.enum(ACCIONES_AUDITORIA_LISTA),
    id_usuario: z.number().int().nullable(),
    nombre_usuario: z.string().nullable(),
    id_autorizador: z.number().int().nullable(),
    nombre_autorizador: z.string().nullable(),
    detalle: z.string(),
    fecha: z.iso.datetime(),
  })
  .meta({ id: 'EntradaAuditoria' });
export type EntradaAuditoria = z.infer<typeof entradaAuditoriaSchema>;

export const auditoriaListSchema = z
  .object({ entradas: z.array(entradaAuditoriaSchema), total: z.number().int() })
  .meta({ id: 'Auditoria' });
