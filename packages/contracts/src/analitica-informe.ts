// Informe mensual (GET /analitica/informe): one calendar month against the month before, as the
// printable report shows it.
import { z } from 'zod';
import { idSchema } from './comunes.js';
import { celdaHoraSchema, cifrasSchema, corteSchema } from './analitica-base.js';
import { porCategoriaSchema, porMetodoPagoSchema, rankingSchema, serieSchema } from './analitica-cifras.js';

export const MENSAJE_MES = 'El mes debe tener el formato AAAA-MM (por ejemplo 2026-11).';
/** A calendar month, 'YYYY-MM', between the years 2000 and 2100. */
export const mesSchema = z
  .string({ error: MENSAJE_MES })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: MENSAJE_MES })
  .refine((m) => m >= '2000-01' && m <= '2100-12', { error: MENSAJE_MES });

export const informeQuerySchema = z.object({
  id_minimarket: idSchema.optional(),
  mes: mesSchema.optional(),
});

export const informeSchema = z
  .object({
    /** 'YYYY-MM'; without `mes`, the current month. */
    mes: z.string(),
    nombre_minimarket: z.string(),
    /** When the report was made (ISO instant). */
    generado_en: z.string(),
    actual: cifrasSchema,
    /**
     * The month before: whole for a past month; for the current one, the same days up to this minute
     * (`hasta_hora`:`hasta_minuto`), so a month still going on is compared with as much of the one before.
     */
    anterior: cifrasSchema.extend(corteSchema),
    /** Every day of the month, zeros included. */
    por_dia: serieSchema,
    por_categoria: porCategoriaSchema,
    por_metodo_pago: porMetodoPagoSchema,
    /** The ten products with most pesos in the month. */
    productos: rankingSchema,
    horas_peak: z.array(celdaHoraSchema),
  })
  .meta({ id: 'InformeMensual' });
export type Informe = z.infer<typeof informeSchema>;
