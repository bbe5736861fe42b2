// Cubo (GET /analitica/cubo, Visualizar's cube): categoría × día de la semana × hora, three measures
// per cell, over the range and its filters.
import { z } from 'zod';
import { CATEGORIAS_VENTA } from './comunes.js';
import { medidasSchema, pesos, rangoSchema } from './analitica-base.js';

export const cuboSchema = z
  .object({
    ...rangoSchema.shape,
    /** The categories sold in the range (the cube's first axis), most pesos first. */
    categorias: z.array(z.enum(CATEGORIAS_VENTA)),
    /** Only the cells with sales; a missing cell is zero. */
    celdas: z.array(
      z.object({
        categoria: z.enum(CATEGORIAS_VENTA),
        /** 1 = lunes … 7 = domingo. */
        dia_semana: z.number().int(),
        hora: z.number().int(),
        ...medidasSchema,
        /** Margin of the lines with a cost. */
        margen: pesos,
      }),
    ),
  })
  .meta({ id: 'CuboVentas' });
export type Cubo = z.infer<typeof cuboSchema>;
