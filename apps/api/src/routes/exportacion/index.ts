import { idParamsSchema } from '@minimarket/contracts/comunes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { archivoBinario, enviarDescarga, ERRORES_LECTURA_PESADA, rutasDe } from '../respuestas.js';

const RUTAS = rutasDe('minimarkets', {
  exportarMinimarket: {
    summary: 'Todos los datos de un minimarket como un .zip de archivos CSV con un README (el dueño, o un administrador)',
    description:
      'Productos, ventas y sus líneas, pagos, devoluciones, turnos y movimientos de caja, libro de stock, cargas y filas rechazadas, clientes y abonos, boletas. Se escribe mientras se descarga, en una sola lectura consistente de la base.',
    params: idParamsSchema,
    response: { 200: archivoBinario, ...ERRORES_LECTURA_PESADA },
  },
});

const exportacionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { exportacion } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get('/minimarkets/:id/exportacion', RUTAS.exportarMinimarket, async (request, reply) =>
    enviarDescarga(reply, await exportacion.exportar(request.usuario, request.params.id)),
  );
};

export default exportacionRoutes;
