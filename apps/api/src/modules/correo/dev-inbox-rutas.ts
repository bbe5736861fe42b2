// The development inbox's pages, served on its own loopback listener (dev-inbox-web.ts,
// which also checks the Host), never on the app:
//   GET /dev/correos             the messages as a page, newest first, links clickable
//   GET /dev/correos.json        the same as JSON (?para=<correo> filters), for browser tests
//   GET /dev/correos/:id/html    one message's HTML version, as the recipient would see it
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZONA_HORARIA } from '@minimarket/contracts/reglas';
import type { CorreoRecibido, DevInbox } from './dev-inbox.js';

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Escaped text with its http(s) addresses turned into links. */
function textoConEnlaces(texto: string) {
  return texto
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((trozo, i) => (i % 2 === 1 ? `<a href="${escapeHtml(trozo)}">${escapeHtml(trozo)}</a>` : escapeHtml(trozo)))
    .join('');
}

const fechaChile = (iso: string) =>
  new Intl.DateTimeFormat('es-CL', { timeZone: ZONA_HORARIA, dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));

function pagina(correos: CorreoRecibido[], smtpUrl: string) {
  const items = correos
    .map(
      (c) => `<article>
  <h2>${escapeHtml(c.asunto || '(sin asunto)')}</h2>
  <p class="meta">De: ${escapeHtml(c.de)} · Para: ${escapeHtml(c.para.join(', '))} · ${escapeHtml(fechaChile(c.recibido_en))}${
    c.html ? ` · <a href="/dev/correos/${c.id}/html">Ver versión HTML</a>` : ''
  }</p>
  ${c.enlaces.length ? `<ul class="enlaces">${c.enlaces.map((e) => `<li><a href="${escapeHtml(e)}">${escapeHtml(e)}</a></li>`).join('')}</ul>` : ''}
  <pre>${textoConEnlaces(c.texto ?? '(sin versión de texto)')}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="es-CL">
<head><meta charset="utf-8"><title>Bandeja de correo de desarrollo</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 860px; padding: 24px; color: #1f2937 }
  article { border: 1px solid #d1d5db; border-radius: 8px; padding: 16px; margin: 16px 0 }
  h2 { font-size: 18px; margin: 0 0 4px } .meta { color: #6b7280; font-size: 13px; margin: 0 0 8px }
  pre { white-space: pre-wrap; word-break: break-word; background: #f9fafb; padding: 12px; border-radius: 6px }
  .enlaces a { word-break: break-all }
</style></head>
<body>
<h1>Bandeja de correo de desarrollo</h1>
<p>Los correos que envía la aplicación sin <code>SMTP_URL</code> llegan aquí (${escapeHtml(smtpUrl)}); se guardan en memoria, los más recientes primero. <a href="/dev/correos">Actualizar</a></p>
${items || '<p>Aún no llegan correos. Pide un enlace en «¿Olvidaste tu contraseña?» y actualiza esta página.</p>'}
</body>
</html>`;
}

const devCorreosRoutes: FastifyPluginAsyncZod<{ devInbox: DevInbox }> = async (app, { devInbox }) => {
  app.get('/dev/correos', { schema: { hide: true } }, async (_request, reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(pagina(devInbox.listar(), devInbox.smtpUrl)),
  );

  app.get(
    '/dev/correos.json',
    { schema: { hide: true, querystring: z.object({ para: z.string().trim().toLowerCase().optional() }) } },
    async (request, reply) => {
      const { para } = request.query;
      const correos = devInbox.listar().filter((c) => !para || c.para.some((p) => p.toLowerCase() === para));
      return reply.header('cache-control', 'no-store').send(correos);
    },
  );

  app.get(
    '/dev/correos/:id/html',
    { schema: { hide: true, params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (request, reply) => {
      const correo = devInbox.listar().find((c) => c.id === request.params.id);
      if (!correo?.html) return reply.code(404).send({ detail: 'Correo no encontrado.', code: 'NOT_FOUND' });
      // Whatever arrives over SMTP is shown sandboxed: no scripts, no access to this origin.
      return reply
        .header('content-security-policy', 'sandbox')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(correo.html);
    },
  );
};

export default devCorreosRoutes;
