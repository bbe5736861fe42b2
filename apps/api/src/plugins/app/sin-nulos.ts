// PostgreSQL cannot store the NUL character in text: a value carrying one would fail deep in
// a query. Every path, query and body is checked for it before validation, here, once, and
// refused with a Spanish message (uploaded files are read by the import, which drops it).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../../lib/errors.js';

export const MENSAJE_CARACTER_NULO = 'Los datos enviados contienen un carácter no permitido (carácter nulo).';

const MAX_PROFUNDIDAD = 32;

export function tieneNulo(valor: unknown, profundidad = 0): boolean {
  if (typeof valor === 'string') return valor.includes('\u0000');
  if (valor === null || typeof valor !== 'object' || profundidad > MAX_PROFUNDIDAD) return false;
  if (Array.isArray(valor)) return valor.some((v) => tieneNulo(v, profundidad + 1));
  return Object.entries(valor).some(([k, v]) => k.includes('\u0000') || tieneNulo(v, profundidad + 1));
}

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (tieneNulo(request.params) || tieneNulo(request.query) || tieneNulo(request.body)) {
        throw badRequest(MENSAJE_CARACTER_NULO, 'NUL_CHARACTER');
      }
    });
  },
  { name: 'sin-nulos' },
);
