// The error responses every protected route may give, for the OpenAPI document; the table of a
// plugin's route options (rutasDe); and how a route answers nothing, a page of a list or a file to
// download.
import { errorSchema } from '@minimarket/contracts/comunes';
import type { FastifyContextConfig, FastifyReply } from 'fastify';
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

/**
 * What a route says of itself in its plugin's table (rutasDe): who may call it (`config`), whether its
 * answer is compressed (`compress`), and its schema but for the tag and the operationId: summary,
 * params, query, body and its success answers.
 */
interface Especificacion {
  config?: FastifyContextConfig;
  compress?: object;
  summary: string;
  response: object;
}

type Opciones<Id, E extends Especificacion> = Pick<E, Extract<keyof E, 'config' | 'compress'>> & {
  schema: { tags: string[]; operationId: Id } & Omit<E, 'config' | 'compress' | 'response'> & { response: E['response'] & typeof ERRORES };
};

/**
 * The route options of a plugin's routes under one OpenAPI tag, by their operationId: each one's
 * schema gets the tag, its operationId and the error responses every protected route may give
 * (ERRORES; a route that gives others names them too). The plugin then reads as its routing table:
 * `app.get('/caja/turnos', RUTAS.listarTurnosCaja, handler)`.
 */
export function rutasDe<const R extends Record<string, Especificacion>>(tag: string, rutas: R) {
  const opciones = Object.entries(rutas).map(([operationId, { config, compress, ...schema }]) => [
    operationId,
    {
      ...(config && { config }),
      ...(compress && { compress }),
      schema: { tags: [tag], operationId, ...schema, response: { ...schema.response, ...ERRORES } },
    },
  ]);
  return Object.fromEntries(opciones) as { [Id in keyof R]: Opciones<Id, R[Id]> };
}

/** 204 once `hecho` is done: a write that answers nothing. */
export async function sinContenido(reply: { code(statusCode: 204): unknown }, hecho: Promise<unknown>): Promise<null> {
  await hecho;
  reply.code(204);
  return null;
}

/** One page of a list: its rows, with how many there are in all in x-total-count. */
export async function pagina<T>(
  reply: { header(key: typeof TOTAL_HEADER, value: number): unknown },
  lectura: Promise<{ items: T[]; total: number }>,
) {
  const { items, total } = await lectura;
  reply.header(TOTAL_HEADER, total);
  return items;
}
