import {
  cierreTurnoSchema,
  movimientoCajaCreateSchema,
  turnoActualQuerySchema,
  turnoAperturaSchema,
  turnoSchema,
  turnosQuerySchema,
} from '@minimarket/contracts/caja';
import { id64ParamsSchema } from '@minimarket/contracts/comunes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagina, rutasDe } from '../respuestas.js';
import { PARA_CAJEROS } from '../../plugins/app/auth.js';

const RUTAS = rutasDe('caja', {
  abrirTurnoCaja: {
    config: PARA_CAJEROS,
    summary: 'Abre el turno de caja de la tienda con el efectivo inicial; si ya hay uno abierto, 409',
    body: turnoAperturaSchema,
    response: { 201: turnoSchema },
  },
  turnoCajaActual: {
    config: PARA_CAJEROS,
    summary: 'El turno abierto con sus cifras en curso (informe X), o 404 si no hay',
    querystring: turnoActualQuerySchema,
    response: { 200: turnoSchema },
  },
  registrarMovimientoCaja: {
    config: PARA_CAJEROS,
    summary: 'Efectivo que entra (ingreso) o sale (retiro) de la caja durante el turno, con su motivo',
    params: id64ParamsSchema,
    body: movimientoCajaCreateSchema,
    response: { 201: turnoSchema },
  },
  cerrarTurnoCaja: {
    config: PARA_CAJEROS,
    summary: 'Cierra el turno con el efectivo contado: esperado, diferencia (sobrante o faltante) y el detalle por método de pago',
    params: id64ParamsSchema,
    body: cierreTurnoSchema,
    response: { 200: turnoSchema },
  },
  // Past shifts carry their differences: the owner's (a cashier counts blind, docs/cajeros.md).
  listarTurnosCaja: {
    summary: 'Turnos cerrados, del más nuevo al más antiguo, cada uno con su informe de cierre; total en x-total-count',
    querystring: turnosQuerySchema,
    response: { 200: z.array(turnoSchema) },
  },
});

const cajaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { caja } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.post('/caja/turnos', RUTAS.abrirTurnoCaja, async (request, reply) =>
    reply.code(201).send(await caja.abrir(request.usuario, request.body)),
  );
  app.get('/caja/turnos/actual', RUTAS.turnoCajaActual, (request) => caja.actual(request.usuario, request.query.id_minimarket));
  app.post('/caja/turnos/:id/movimientos', RUTAS.registrarMovimientoCaja, async (request, reply) =>
    reply.code(201).send(await caja.movimiento(request.usuario, request.params.id, request.body)),
  );
  app.post('/caja/turnos/:id/cierre', RUTAS.cerrarTurnoCaja, (request) => caja.cerrar(request.usuario, request.params.id, request.body));
  app.get('/caja/turnos', RUTAS.listarTurnosCaja, (request, reply) => pagina(reply, caja.listar(request.usuario, request.query)));
};

export default cajaRoutes;
