// Builds every service once, from only what each one uses, and hangs them on the app.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import type { Env } from '../../env.js';
import { createAuthService } from '../../modules/auth/auth.service.js';
import { createAccesoMinimarket } from '../../modules/minimarkets/acceso.js';
import { createMinimarketsService } from '../../modules/minimarkets/minimarkets.service.js';
import { createNotificacionesService } from '../../modules/notificaciones/notificaciones.service.js';
import { createOpenFoodFacts } from '../../modules/productos/open-food-facts.js';
import { createProductosService } from '../../modules/productos/productos.service.js';
import { createUsuariosService } from '../../modules/usuarios/usuarios.service.js';
import { createVentasService } from '../../modules/ventas/ventas.service.js';

export function createServices({ db, env }: { db: Db; env: Env }) {
  const acceso = createAccesoMinimarket({ db });
  return {
    acceso,
    auth: createAuthService({ db }),
    usuarios: createUsuariosService({ db }),
    minimarkets: createMinimarketsService({ db, acceso }),
    productos: createProductosService({ db, acceso }),
    openFoodFacts: createOpenFoodFacts({ baseUrl: env.OFF_BASE_URL, timeoutMs: env.OFF_TIMEOUT_MS }),
    ventas: createVentasService({ db, acceso }),
    notificaciones: createNotificacionesService({ db }),
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export default fp(
  async (app: FastifyInstance, opts: { db: Db; env: Env }) => {
    app.decorate('services', createServices(opts));
  },
  { name: 'services' },
);
