import { z } from 'zod';

/**
 * fiado_vencido: a customer's oldest unpaid purchase passed the shop's days (la libreta, docs/fiado.md).
 * faltante_offline: a sale made offline sold units the books did not have (count the product);
 * venta_offline: a sale made offline to check (charged at old prices, or fiado past the limit).
 * docs/offline.md «El servidor».
 */
export const TIPOS_NOTIFICACION = [
  'agotado',
  'stock_bajo',
  'carga_con_errores',
  'recomendaciones',
  'soporte',
  'fiado_vencido',
  'faltante_offline',
  'venta_offline',
] as const;

export const notificacionSchema = z
  .object({
    id_notificacion: z.number().int(),
    tipo: z.enum(TIPOS_NOTIFICACION),
    titulo: z.string(),
    descripcion: z.string(),
    url_accion: z.string().nullable(),
    leida: z.boolean(),
    fecha: z.iso.datetime(),
  })
  .meta({ id: 'Notificacion' });
export type Notificacion = z.infer<typeof notificacionSchema>;

export const notificacionesListSchema = z
  .object({
    notificaciones: z.array(notificacionSchema),
    total: z.number().int(),
    no_leidas: z.number().int(),
  })
  .meta({ id: 'ListaNotificaciones' });
