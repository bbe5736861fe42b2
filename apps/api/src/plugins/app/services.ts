// Builds every service once, from only what each one uses, and hangs them on the app.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { secretoCifradoDte, simuladorDtePermitido, type Env } from '../../env.js';
import { createAjustesStockService } from '../../modules/ajustes-stock/ajustes-stock.service.js';
import { createAnaliticaService } from '../../modules/analitica/analitica.service.js';
import { createAvisoFiado } from '../../modules/analitica/aviso-fiado.js';
import { createAvisoRecomendaciones } from '../../modules/analitica/aviso-semanal.js';
import { createLecturasPesadas } from '../../modules/analitica/lectura-pesada.js';
import { createResumidor } from '../../modules/analitica/resumidor.js';
import { createAuthService } from '../../modules/auth/auth.service.js';
import { createRestablecimientoService } from '../../modules/auth/restablecimiento.service.js';
import { createBaditoService } from '../../modules/badito/badito.service.js';
import { createBoletasService } from '../../modules/boletas/boletas.service.js';
import { createCifrado } from '../../modules/boletas/cifrado.js';
import { createEmisorBoletas } from '../../modules/boletas/emisor.js';
import { createOpenFactura } from '../../modules/dte/openfactura.js';
import { createAuditoriaService } from '../../modules/auditoria/auditoria.service.js';
import { createCajaService } from '../../modules/caja/caja.service.js';
import { createAutorizaciones } from '../../modules/cajeros/autorizacion.js';
import { createCajerosService } from '../../modules/cajeros/cajeros.service.js';
import { clavePin, createPines } from '../../modules/cajeros/pin.js';
import { createCargasService } from '../../modules/cargas/cargas.service.js';
import { createClientesService } from '../../modules/clientes/clientes.service.js';
import { createMailer } from '../../modules/correo/mailer.js';
import { createExportacionService } from '../../modules/exportacion/exportacion.service.js';
import { createLimites } from '../../modules/limites/limites.js';
import { createAccesoMinimarket } from '../../modules/minimarkets/acceso.js';
import { createMinimarketsService } from '../../modules/minimarkets/minimarkets.service.js';
import { createTeclasRapidasService } from '../../modules/minimarkets/teclas-rapidas.js';
import { createNotificacionesService } from '../../modules/notificaciones/notificaciones.service.js';
import { createOpenFoodFacts } from '../../modules/productos/open-food-facts.js';
import { createProductosService } from '../../modules/productos/productos.service.js';
import { createRespaldoAutomatico } from '../../modules/respaldos/automatico.js';
import { createRespaldosService } from '../../modules/respaldos/respaldos.service.js';
import { createUsuariosService } from '../../modules/usuarios/usuarios.service.js';
import { createEventosSoporte } from '../../modules/soporte/eventos.js';
import { createSoporteService } from '../../modules/soporte/soporte.service.js';
import { createVentasService } from '../../modules/ventas/ventas.service.js';

export function createServices({
  db,
  env,
  log,
  jwtSecret,
  baseEmbebida = false,
}: {
  db: Db;
  env: Env;
  log: FastifyBaseLogger;
  jwtSecret: string;
  baseEmbebida?: boolean;
}) {
  const acceso = createAccesoMinimarket({ db });
  // Never the session secret in production (cifrado.ts); it still opens a key stored before (v1).
  const cifrado = createCifrado({ secreto: secretoCifradoDte(env, jwtSecret), anteriores: [jwtSecret] });
  if (!cifrado.puedeCifrar) {
    log.warn('DTE_CLAVE_CIFRADO no está definida: en producción no se pueden guardar API keys de proveedores de boletas (docs/boleta.md).');
  }
  const simuladorPermitido = simuladorDtePermitido(env);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM, log });
  const limites = createLimites({ db, env });
  const pines = createPines({ db, limites, acceso, clave: clavePin(env.PIN_CLAVE, jwtSecret) });
  const autorizaciones = createAutorizaciones({ db, pines });
  const soporte = createSoporteService({ db, acceso, limites });
  const pesadas = createLecturasPesadas({ databaseUrl: env.DATABASE_URL, segundos: env.LECTURA_PESADA_SEGUNDOS });
  // Off in the API tests, which sum on demand (resumidor.vaciar) or read the pending days live.
  const resumidor = createResumidor({ db, log, intervaloMs: env.NODE_ENV === 'test' ? 0 : env.RESUMEN_INTERVALO_MS });
  return {
    acceso,
    limites,
    pines,
    autorizaciones,
    cajeros: createCajerosService({ db, acceso, limites, pines }),
    auditoria: createAuditoriaService({ db, acceso }),
    auth: createAuthService({ db, limites }),
    clientes: createClientesService({ db, acceso }),
    restablecimiento: createRestablecimientoService({ db, mailer, appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`, log }),
    usuarios: createUsuariosService({ db, limites }),
    minimarkets: createMinimarketsService({ db, acceso }),
    teclasRapidas: createTeclasRapidasService({ db, acceso }),
    productos: createProductosService({ db, acceso }),
    ajustesStock: createAjustesStockService({ db, acceso }),
    openFoodFacts: createOpenFoodFacts({ baseUrl: env.OFF_BASE_URL, timeoutMs: env.OFF_TIMEOUT_MS }),
    ventas: createVentasService({ db, acceso, autorizaciones }),
    notificaciones: createNotificacionesService({ db }),
    cargas: createCargasService({ db, acceso, env, log, alTerminar: () => resumidor.despertar() }),
    analitica: createAnaliticaService({ db, acceso, pesadas }),
    exportacion: createExportacionService({ acceso, pesadas }),
    pesadas,
    resumidor,
    // Off in the API tests, which send the notices on demand (avisoRecomendaciones.enviar).
    avisoRecomendaciones: createAvisoRecomendaciones({
      db,
      log,
      intervaloMin: env.NODE_ENV === 'test' ? 0 : env.AVISO_RECOMENDACIONES_MIN,
    }),
    // La libreta's overdue notice, on the same clock as the weekly one (off in the API tests: avisoFiado.enviar).
    avisoFiado: createAvisoFiado({ db, log, intervaloMin: env.NODE_ENV === 'test' ? 0 : env.AVISO_RECOMENDACIONES_MIN }),
    badito: createBaditoService({ db, acceso, limites }),
    soporte,
    caja: createCajaService({ db, acceso, autorizaciones }),
    boletas: createBoletasService({ db, acceso, cifrado, simuladorPermitido }),
    // Both providers speak OpenFactura's HTTP contract: the stand-in on this machine, or the real one.
    // Off in the API tests, which send on demand (emisorBoletas.vaciar).
    emisorBoletas: createEmisorBoletas({
      db,
      log,
      cifrado,
      proveedores: {
        simulador: createOpenFactura({
          baseUrl: env.DTE_SIMULADOR_URL ?? 'http://127.0.0.1:9',
          timeoutMs: env.DTE_TIMEOUT_MS,
        }),
        openfactura: createOpenFactura({ baseUrl: env.DTE_OPENFACTURA_URL, timeoutMs: env.DTE_TIMEOUT_MS }),
      },
      intervaloMs: env.NODE_ENV === 'test' ? 0 : env.DTE_INTERVALO_MS,
      timeoutMs: env.DTE_TIMEOUT_MS,
      simuladorPermitido,
    }),
    // Only the embedded database: with DATABASE_URL the operator's database has its own backups.
    respaldos: createRespaldosService({ habilitado: baseEmbebida, dir: env.RESPALDO_DIR }),
    respaldoAutomatico: createRespaldoAutomatico({
      habilitado: baseEmbebida && env.NODE_ENV !== 'test',
      databaseUrl: env.DATABASE_URL,
      dir: env.RESPALDO_DIR,
      log,
    }),
    eventosSoporte: createEventosSoporte({
      databaseUrl: env.DATABASE_URL,
      db,
      soporte,
      log,
      revisionMs: env.EVENTOS_REVISION_SEGUNDOS * 1000,
    }),
    /** Rejects when the database does not answer (GET /api/salud). */
    salud: async () => {
      await db.$queryRaw`SELECT 1`;
    },
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export default fp(
  async (app: FastifyInstance, opts: { db: Db; env: Env; jwtSecret: string; baseEmbebida?: boolean }) => {
    app.decorate('services', createServices({ ...opts, log: app.log }));
    // This replica takes queued imports once it is ready to serve; on close the running ones
    // are rolled back and handed back to the queue (another replica, or the next start, runs them).
    app.addHook('onReady', async () => {
      await app.services.cargas.iniciar();
      app.services.avisoRecomendaciones.iniciar();
      app.services.avisoFiado.iniciar();
      app.services.resumidor.iniciar();
      // Keys stored before they were bound to their shop, rewritten bound (cifrado.ts); a failure
      // (the database away) leaves them readable as they are, and the next start tries again.
      await app.services.boletas.reescribirClavesAnticuadas().catch((err: unknown) => {
        app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'boleta: no se reescribieron las API keys anteriores');
      });
      app.services.emisorBoletas.iniciar();
      app.services.respaldoAutomatico.iniciar();
    });
    // Open event streams would keep the server from closing: they end first.
    app.addHook('preClose', () => app.services.eventosSoporte.detener());
    app.addHook('onClose', async () => {
      app.services.avisoRecomendaciones.detener();
      app.services.avisoFiado.detener();
      await app.services.resumidor.detener();
      await app.services.emisorBoletas.detener();
      await app.services.respaldoAutomatico.detener();
      await app.services.cargas.detener();
      await app.services.pesadas.cerrar();
    });
  },
  { name: 'services' },
);
