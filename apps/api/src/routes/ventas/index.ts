import { id64ParamsSchema } from '@minimarket/contracts/comunes';
import {
  anulacionVentaSchema,
  devolucionCreateSchema,
  devolucionSchema,
  ventaCreateSchema,
  ventaSchema,
  ventasListSchema,
  ventasQuerySchema,
  resolucionRechazadaSchema,
  ventasRechazadasListSchema,
  ventasRechazadasQuerySchema,
} from '@minimarket/contracts/ventas';
import { boletaSchema } from '@minimarket/contracts/caja';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rutasDe, sinContenido } from '../respuestas.js';
import { PARA_CAJEROS } from '../../plugins/app/auth.js';

const RUTAS = rutasDe('ventas', {
  registrarVenta: {
    config: PARA_CAJEROS,
    summary:
      "Registra una venta. Con Idempotency-Key, reintentar la misma venta no la duplica. origen 'offline': una venta hecha sin conexión, con su propia fecha (docs/offline.md); su reintento responde 200 con la primera venta.",
    headers: z.object({ 'idempotency-key': z.string().trim().min(1).max(200).optional() }),
    body: ventaCreateSchema,
    response: { 200: ventaSchema, 201: ventaSchema },
  },
  listarVentas: {
    config: PARA_CAJEROS,
    summary: 'Ventas de un minimarket, la más reciente primero, con búsqueda por número y rango de fechas',
    querystring: ventasQuerySchema,
    response: { 200: ventasListSchema },
  },
  obtenerVenta: {
    config: PARA_CAJEROS,
    summary: 'Una venta con sus líneas',
    params: id64ParamsSchema,
    response: { 200: ventaSchema },
  },
  anularVenta: {
    config: PARA_CAJEROS,
    summary:
      "Anula una venta completa: queda 'Anulada' con quién, cuándo y por qué, y todas sus unidades vuelven al stock; dos veces → 409",
    params: id64ParamsSchema,
    body: anulacionVentaSchema,
    response: { 200: ventaSchema },
  },
  devolverProductos: {
    config: PARA_CAJEROS,
    summary: 'Devuelve parte de una venta al precio pagado: a lo más lo vendido menos lo ya devuelto (409 si no), con el stock de vuelta',
    params: id64ParamsSchema,
    body: devolucionCreateSchema,
    response: { 201: devolucionSchema },
  },
  obtenerBoleta: {
    config: PARA_CAJEROS,
    summary: 'Los datos del comprobante de una venta: tienda, líneas, neto, IVA (19 %), total, pago, efectivo recibido y vuelto',
    params: id64ParamsSchema,
    response: { 200: boletaSchema },
  },
  listarVentasRechazadas: {
    summary: 'Ventas hechas sin conexión que el servidor rechazó y quedaron apartadas para que el dueño las resuelva',
    querystring: ventasRechazadasQuerySchema,
    response: { 200: ventasRechazadasListSchema },
  },
  resolverVentaRechazada: {
    summary: 'Marca como resuelta una venta rechazada, con una nota de cómo se resolvió',
    params: id64ParamsSchema,
    body: resolucionRechazadaSchema,
    response: { 204: z.null() },
  },
});

const ventasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ventas } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.post('/ventas/', RUTAS.registrarVenta, async (request, reply) => {
    const { venta, repetida } = await ventas.create(request.usuario, request.body, request.headers['idempotency-key']);
    if (repetida) reply.header('idempotent-replayed', 'true');
    // An offline sale sent again (its answer was lost) is answered 200 with the first sale; a
    // counter sale's retry keeps its 201 (and the header), as before.
    return reply.code(repetida && request.body.origen === 'offline' ? 200 : 201).send(venta);
  });

  app.get('/ventas/', RUTAS.listarVentas, (request) => ventas.list(request.usuario, request.query));
  app.get('/ventas/:id', RUTAS.obtenerVenta, (request) => ventas.get(request.usuario, request.params.id));
  app.post('/ventas/:id/anulacion', RUTAS.anularVenta, (request) =>
    ventas.anular(request.usuario, request.params.id, request.body.motivo, request.body.autorizacion),
  );
  app.post('/ventas/:id/devoluciones', RUTAS.devolverProductos, async (request, reply) =>
    reply.code(201).send(await ventas.devolver(request.usuario, request.params.id, request.body)),
  );
  app.get('/ventas/:id/boleta', RUTAS.obtenerBoleta, (request) => ventas.boleta(request.usuario, request.params.id));

  // The sales refused for good on their way from a device's outbox, for the owner to settle
  // (docs/offline.md «El rastro»). Owners and administrators only.
  app.get('/ventas/rechazadas', RUTAS.listarVentasRechazadas, (request) => ventas.rechazadas(request.usuario, request.query));
  app.post('/ventas/rechazadas/:id/resolucion', RUTAS.resolverVentaRechazada, (request, reply) =>
    sinContenido(reply, ventas.resolverRechazada(request.usuario, request.params.id, request.body)),
  );
};

export default ventasRoutes;
