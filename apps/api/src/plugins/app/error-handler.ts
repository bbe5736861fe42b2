// The one place where failures become responses: always JSON
// `{ detail, code, errors? }` in Spanish, never a stack trace or an HTML page.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MENSAJE_ERROR_SERVIDOR } from '@minimarket/contracts/reglas';
import { CODIGO_BASE_NO_DISPONIBLE, esConexionPerdida, MENSAJE_BASE_NO_DISPONIBLE } from '../../db/conexion-perdida.js';
import { AppError } from '../../lib/errors.js';
import { esConsultaCancelada, MENSAJE_CONSULTA_LARGA } from '../../modules/analitica/lectura-pesada.js';
import { DemasiadosIntentos } from '../../modules/limites/limites.js';

const CONTEXTO: Record<string, string> = {
  body: 'Los datos enviados no son válidos.',
  querystring: 'Los parámetros de la consulta no son válidos.',
  params: 'La dirección solicitada no es válida.',
  headers: 'Los encabezados de la solicitud no son válidos.',
};

/** Errors raised by Fastify and its plugins, by code, with their Spanish wording. */
const FASTIFY_ERRORS: Record<string, { status: number; code: string; detail: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'Tipo de contenido no soportado.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST', detail: 'El cuerpo de la solicitud está vacío.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST', detail: 'El cuerpo de la solicitud no es JSON válido.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'La solicitud es demasiado grande.' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'FILE_TOO_LARGE', detail: 'El archivo supera el tamaño máximo permitido.' },
  FST_FILES_LIMIT: { status: 413, code: 'FILE_TOO_LARGE', detail: 'Solo se permite un archivo por carga.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'La solicitud debe ser multipart/form-data.' },
};

function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err instanceof DemasiadosIntentos) reply.header('retry-after', Math.ceil(err.esperaMs / 1000));
      return reply.code(err.statusCode).send({ detail: err.detail, code: err.code, ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        campo:
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          (v.params?.issue as { path?: unknown[] })?.path?.join('.') ||
          'solicitud',
        mensaje: v.message ?? 'Valor inválido.',
      }));
      // The first problem, in words a person can act on; the full list stays in `errors`.
      const detail = errors[0]?.mensaje ?? CONTEXTO[err.validationContext ?? 'body'] ?? CONTEXTO.body;
      return reply.code(422).send({ detail, code: 'VALIDATION_ERROR', errors });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ detail: MENSAJE_ERROR_SERVIDOR, code: 'INTERNAL_ERROR' });
    }
    // A heavy read cancelled by its statement timeout: too wide a question, said so, never a 500.
    if (esConsultaCancelada(err)) {
      request.log.warn({ err }, 'query cancelled by its timeout');
      return reply.code(503).send({ detail: MENSAJE_CONSULTA_LARGA, code: 'QUERY_TIMEOUT' });
    }
    // PostgreSQL restarting or failing over: nothing of this request was kept (its transaction
    // rolled back) or, if it had committed, a retry finds it (a sale's Idempotency-Key). Said so,
    // never a 500; the pool reconnects on the next request.
    if (esConexionPerdida(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply.code(503).header('retry-after', 1).send({ detail: MENSAJE_BASE_NO_DISPONIBLE, code: CODIGO_BASE_NO_DISPONIBLE });
    }
    const known = err.code ? FASTIFY_ERRORS[err.code] : undefined;
    if (known) return reply.code(known.status).send({ detail: known.detail, code: known.code });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      request.log.info({ err }, 'client error');
      return reply.code(err.statusCode).send({ detail: 'La solicitud no es válida.', code: err.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ detail: MENSAJE_ERROR_SERVIDOR, code: 'INTERNAL_ERROR' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ detail: 'Recurso no encontrado.', code: 'NOT_FOUND' });
  });
}

export default fp(errorHandler, { name: 'error-handler' });
