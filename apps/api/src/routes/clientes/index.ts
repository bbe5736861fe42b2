import {
  abonoCreateSchema,
  abonoResultadoSchema,
  clienteCreateSchema,
  clienteSchema,
  clientesListSchema,
  clientesQuerySchema,
  clienteUpdateSchema,
  estadoCuentaSchema,
} from '@minimarket/contracts/clientes';
import { id64ParamsSchema } from '@minimarket/contracts/comunes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rutasDe, sinContenido } from '../respuestas.js';
import { PARA_CAJEROS } from '../../plugins/app/auth.js';

// La libreta de fiado (issue #21): a shop's customers, their statement and payments on account.
const RUTAS = rutasDe('clientes', {
  listarClientes: {
    config: PARA_CAJEROS,
    summary:
      'Clientes de la tienda con su saldo y su compra impaga más antigua (orden: nombre o quién debe más); por_cobrar suma todos los saldos',
    querystring: clientesQuerySchema,
    response: { 200: clientesListSchema },
  },
  crearCliente: {
    summary:
      'Crea un cliente de la tienda (nombre obligatorio; RUT opcional y validado; límite de crédito opcional; saldo inicial de la libreta y desde cuándo, opcionales)',
    body: clienteCreateSchema,
    response: { 201: clienteSchema },
  },
  obtenerCliente: {
    config: PARA_CAJEROS,
    summary: 'Un cliente con su saldo',
    params: id64ParamsSchema,
    response: { 200: clienteSchema },
  },
  actualizarCliente: {
    summary: 'Edita un cliente (también activarlo o desactivarlo); el saldo inicial no se edita: los abonos lo bajan',
    params: id64ParamsSchema,
    body: clienteUpdateSchema,
    response: { 200: clienteSchema },
  },
  eliminarCliente: {
    summary: 'Saca a un cliente de la lista (queda inactivo con su historial); no se puede mientras tenga saldo',
    params: id64ParamsSchema,
    response: { 204: z.null() },
  },
  registrarAbono: {
    config: PARA_CAJEROS,
    summary:
      'Un abono a la cuenta del cliente (efectivo, débito, crédito o transferencia), nunca mayor que su saldo; responde el saldo nuevo',
    params: id64ParamsSchema,
    body: abonoCreateSchema,
    response: { 201: abonoResultadoSchema },
  },
  estadoCuentaCliente: {
    config: PARA_CAJEROS,
    summary: 'Estado de cuenta: cada compra fiada, devolución, anulación y abono con el saldo después de cada uno',
    params: id64ParamsSchema,
    response: { 200: estadoCuentaSchema },
  },
});

const clientesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clientes } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get('/clientes', RUTAS.listarClientes, (request) => clientes.list(request.usuario, request.query));
  app.post('/clientes', RUTAS.crearCliente, async (request, reply) =>
    reply.code(201).send(await clientes.create(request.usuario, request.body)),
  );
  app.get('/clientes/:id', RUTAS.obtenerCliente, (request) => clientes.get(request.usuario, request.params.id));
  app.put('/clientes/:id', RUTAS.actualizarCliente, (request) => clientes.update(request.usuario, request.params.id, request.body));
  app.delete('/clientes/:id', RUTAS.eliminarCliente, (request, reply) =>
    sinContenido(reply, clientes.remove(request.usuario, request.params.id)),
  );
  app.post('/clientes/:id/abonos', RUTAS.registrarAbono, async (request, reply) =>
    reply.code(201).send(await clientes.abonar(request.usuario, request.params.id, request.body)),
  );
  app.get('/clientes/:id/estado-cuenta', RUTAS.estadoCuentaCliente, (request) => clientes.estadoCuenta(request.usuario, request.params.id));
};

export default clientesRoutes;
