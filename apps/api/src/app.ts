// Builds the whole app without listening, so tests drive it with inject().
// Order: upstream plugins, then our own (error handler, auth, services), then routes.
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/client.js';
import type { Env } from './env.js';
import { confianzaProxy } from './lib/direccion-cliente.js';
import { serializarPeticion } from './lib/registro.js';
import auth from './plugins/app/auth.js';
import errorHandler from './plugins/app/error-handler.js';
import services from './plugins/app/services.js';
import sinNulos from './plugins/app/sin-nulos.js';
import compress from './plugins/external/compress.js';
import formbody from './plugins/external/formbody.js';
import helmet from './plugins/external/helmet.js';
import jwt from './plugins/external/jwt.js';
import multipart from './plugins/external/multipart.js';
import staticWeb from './plugins/external/static-web.js';
import swagger from './plugins/external/swagger.js';
import ajustesStockRoutes from './routes/ajustes-stock/index.js';
import auditoriaRoutes from './routes/auditoria/index.js';
import cajerosRoutes from './routes/cajeros/index.js';
import clientesRoutes from './routes/clientes/index.js';
import analiticaRoutes from './routes/analitica/index.js';
import authRoutes from './routes/auth/index.js';
import cajaRoutes from './routes/caja/index.js';
import baditoRoutes from './routes/badito/index.js';
import exportacionRoutes from './routes/exportacion/index.js';
import minimarketsRoutes from './routes/minimarkets/index.js';
import notificacionesRoutes from './routes/notificaciones/index.js';
import productosRoutes from './routes/productos/index.js';
import respaldosRoutes from './routes/respaldos/index.js';
import saludRoutes from './routes/salud/index.js';
import boletasRoutes from './routes/boletas/index.js';
import soporteRoutes from './routes/soporte/index.js';
import uploadRoutes from './routes/upload/index.js';
import usersRoutes from './routes/users/index.js';
import ventasRoutes from './routes/ventas/index.js';

export interface BuildOptions {
  env: Env;
  db: Db;
  jwtSecret: string;
  /** Serve the built SPA too (off in API tests). */
  serveWeb?: boolean;
  /** The database is the embedded one (no DATABASE_URL given): the app backs it up (docs/respaldos.md). */
  baseEmbebida?: boolean;
}

export async function buildApp({ env, db, jwtSecret, serveWeb = true, baseEmbebida = false }: BuildOptions) {
  const app = Fastify({
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL, serializers: { req: serializarPeticion } },
    // Behind a reverse proxy, which X-Forwarded-For hops name the real client (throttling counts it).
    trustProxy: confianzaProxy(env.TRUST_PROXY),
    // Integer ids in paths, trailing slashes as the spec writes them (/productos/).
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandler);
  await app.register(sinNulos);
  await app.register(helmet);
  await app.register(formbody);
  await app.register(compress);
  await app.register(multipart, { maxUploadMb: env.MAX_UPLOAD_MB });
  await app.register(jwt, { secret: jwtSecret, expiresIn: env.JWT_EXPIRES_IN });
  await app.register(swagger);
  await app.register(auth, { db });
  await app.register(services, { db, env, jwtSecret, baseEmbebida });

  await app.register(
    async (api) => {
      await api.register(saludRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(minimarketsRoutes);
      await api.register(cajerosRoutes);
      await api.register(auditoriaRoutes);
      await api.register(exportacionRoutes);
      await api.register(productosRoutes);
      await api.register(ajustesStockRoutes);
      await api.register(clientesRoutes);
      await api.register(ventasRoutes);
      await api.register(notificacionesRoutes);
      await api.register(uploadRoutes);
      await api.register(analiticaRoutes);
      await api.register(baditoRoutes);
      await api.register(soporteRoutes);
      await api.register(cajaRoutes);
      await api.register(boletasRoutes);
      await api.register(respaldosRoutes);
    },
    { prefix: '/api' },
  );

  if (serveWeb) await app.register(staticWeb, { distDir: env.WEB_DIST_DIR });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
