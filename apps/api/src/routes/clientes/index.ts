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
import { ERRORES } from '../respuestas.js';
import { PARA_CAJEROS } from '../../plugins/app/auth.js';

// La libreta de fiado (issue #21): a shop's customers, their statement and payments on account.
const clientesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clientes } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/clientes',
    {
      config: PARA_CAJEROS,
      schema: {
        tags: ['clientes'],
        operationId: 'listarClientes',
        summary:
          'Clientes de la tienda con su saldo y su compra impaga más antigua (orden: nombre o quién debe más); por_cobrar suma todos los saldos',
        querystring: clientesQuerySchema,
        response: { 200: clientesListSchema, ...ERRORES },
      },
    },
    (request) => clientes.list(request.usuario, request.query),
  );

  app.post(
    '/clientes',
    {
      schema: {
        tags: ['clientes'],
        operationId: 'crearCliente',
        summary:
          'Crea un cliente de la tienda (nombre obligatorio; RUT opcional y validado; límite de crédito opcional; saldo inicial de la libreta y desde cuándo, opcionales)',
        body: clienteCreateSchema,
        response: { 201: clienteSchema, ...ERRORES },
      },
    },
    async (request, reply) => reply.code(201).send(await clientes.create(request.usuario, request.body)),
  );

  app.get(
    '/clientes/:id',
    {
      config: PARA_CAJEROS,
      schema: {
        tags: ['clientes'],
        operationId: 'obtenerCliente',
        summary: 'Un cliente con su saldo',
        params: id64ParamsSchema,
        response: { 200: clienteSchema, ...ERRORES },
      },
    },
    (request) => clientes.get(request.usuario, request.params.id),
  );

  app.put(
    '/clientes/:id',
    {
      schema: {
        tags: ['clientes'],
        operationId: 'actualizarCliente',
        summary: 'Edita un cliente (también activarlo o desactivarlo); el saldo inicial no se edita: los abonos lo bajan',
        params: id64ParamsSchema,
        body: clienteUpdateSchema,
        response: { 200: clienteSchema, ...ERRORES },
      },
    },
    (request) => clientes.update(request.usuario, request.params.id, request.body),
  );

  app.delete(
    '/clientes/:id',
    {
      schema: {
        tags: ['clientes'],
        operationId: 'eliminarCliente',
        summary: 'Saca a un cliente de la lista (queda inactivo con su historial); no se puede mientras tenga saldo',
        params: id64ParamsSchema,
        response: { 204: z.null(), ...ERRORES },
      },
    },
    async (request, reply) => {
      await clientes.remove(request.usuario, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/clientes/:id/abonos',
    {
      config: PARA_CAJEROS,
      schema: {
        tags: ['clientes'],
        operationId: 'registrarAbono',
        summary:
          'Un abono a la cuenta del cliente (efectivo, débito, crédito o transferencia), nunca mayor que su saldo; responde el saldo nuevo',
        params: id64ParamsSchema,
        body: abonoCreateSchema,
        response: { 201: abonoResultadoSchema, ...ERRORES },
      },
    },
    async (request, reply) => reply.code(201).send(await clientes.abonar(request.usuario, request.params.id, request.body)),
  );

  app.get(
    '/clientes/:id/estado-cuenta',
    {
      config: PARA_CAJEROS,
      schema: {
        tags: ['clientes'],
        operationId: 'estadoCuentaCliente',
        summary: 'Estado de cuenta: cada compra fiada, devolución, anulación y abono con el saldo después de cada uno',
        params: id64ParamsSchema,
        response: { 200: estadoCuentaSchema, ...ERRORES },
      },
    },
    (request) => clientes.estadoCuenta(request.usuario, request.params.id),
  );
};

export default clientesRoutes;
