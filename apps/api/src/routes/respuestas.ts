// The error responses every protected route may give, for the OpenAPI document, and how a
// route answers with a file to download.
import { errorSchema } from '@minimarket/contracts/comunes';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Descarga } from '../lib/exportar.js';

export const ERRORES = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
  // The database away for a moment (a restart, a failover): DATABASE_UNAVAILABLE, try again
  // (db/conexion-perdida.ts).
  503: errorSchema,
} as const;

/** Heavy reads may also answer 429 (too many at once for the user) and 503 (also: cancelled by its timeout). */
export const ERRORES_LECTURA_PESADA = { ...ERRORES, 429: errorSchema } as const;

export const TOTAL_HEADER = 'x-total-count';

/** The body of a file download, for the OpenAPI document. */
export const archivoBinario = z.any().describe('El archivo (CSV, XLSX o XML)');

/** attachment; with an ASCII fallback and the real (UTF-8) name for browsers that read it. */
export function descargar(reply: FastifyReply, nombre: string, contentType: string) {
  const ascii = nombre
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_');
  return reply
    .type(contentType)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(nombre)}`)
    .header('cache-control', 'no-store');
}

export const enviarDescarga = (reply: FastifyReply, d: Descarga) => descargar(reply, d.nombre, d.contentType).send(d.contenido);
