// What the request log may say. A reset link's token (/reset-password?token=…) is as good as
// the password it sets, so no query value with a secret's name ever reaches a log line.
import type { FastifyRequest } from 'fastify';

const NOMBRES_SECRETOS = /^(token|ticket|access_token|password|new_password|contrasena\w*)$/i;
export const VALOR_OCULTO = '[oculto]';

export function urlSinSecretos(url: string): string {
  const i = url.indexOf('?');
  if (i < 0) return url;
  const params = new URLSearchParams(url.slice(i + 1));
  let oculto = false;
  for (const nombre of new Set(params.keys())) {
    if (NOMBRES_SECRETOS.test(nombre)) {
      params.set(nombre, VALOR_OCULTO);
      oculto = true;
    }
  }
  return oculto ? `${url.slice(0, i)}?${params.toString()}` : url;
}

/** Fastify's own request serializer, with the URL cleaned. */
export function serializarPeticion(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlSinSecretos(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
