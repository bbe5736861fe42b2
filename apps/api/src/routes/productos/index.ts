import { id64ParamsSchema } from '@minimarket/contracts/comunes';
import {
  etiquetaCodigoSchema,
  etiquetaLeidaSchema,
  etiquetaQuerySchema,
  ingresoStockSchema,
  productoCreateSchema,
  productoExternoSchema,
  productoSchema,
  productosQuerySchema,
  productoUpdateSchema,
} from '@minimarket/contracts/productos';
import { type Catalogo, catalogoQuerySchema, catalogoSchema } from '@minimarket/contracts/catalogo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORES, TOTAL_HEADER } from '../respuestas.js';
import { LIMITES_PRODUCTO } from '@minimarket/contracts/reglas';
import { PARA_CAJEROS } from '../../plugins/app/auth.js';

const productosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { productos, openFoodFacts } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/productos/',
    {
      config: PARA_CAJEROS,
      schema: {
        tags: ['productos'],
        operationId: 'listarProductos',
        summary: 'Productos activos de un minimarket (búsqueda por nombre o código, categoría); total en x-total-count',
        querystring: productosQuerySchema,
        response: { 200: z.array(productoSchema), ...ERRORES },
      },
    },
    async (request, reply) => {
      const { items, total } = await productos.list(request.usuario, request.query);
      return reply.header(TOTAL_HEADER, total).send(items);
    },
  );

  app.get(
    // Not under /productos/{id}: /productos/externo/{código} and /productos/{id}/stock would be one path shape.
    '/catalogo-externo/:codigo_barra',
    {
      schema: {
        tags: ['productos'],
        operationId: 'buscarEnCatalogoExterno',
        summary: 'Busca un código de barras en Open Food Facts para prellenar el nombre',
        params: z.object({ codigo_barra: z.string().trim().min(1).max(LIMITES_PRODUCTO.codigoBarra) }),
        response: { 200: productoExternoSchema, ...ERRORES },
      },
    },
    (request) => openFoodFacts.buscar(request.params.codigo_barra),
  );

  app.get(
    '/productos/catalogo',
    {
      config: PARA_CAJEROS,
      compress: {},
      schema: {
        tags: ['productos'],
        operationId: 'catalogoVenta',
        summary:
          'El catálogo de venta para vender sin conexión: todos los productos y clientes de la tienda, o con `desde` (el cursor de la respuesta anterior) solo los escritos desde entonces',
        querystring: catalogoQuerySchema,
        response: { 200: catalogoSchema, ...ERRORES },
      },
    },
    // JSON built by PostgreSQL, sent as text: Fastify sends a string as it is, without the response
    // serializer (which would parse 100,000 products again); the schema above documents its shape.
    async (request, reply) => {
      const json = await productos.catalogo(request.usuario, request.query.id_minimarket, request.query.desde);
      return reply.type('application/json').send(json as unknown as Catalogo);
    },
  );

  app.get(
    '/productos/etiqueta/:codigo',
    {
      config: PARA_CAJEROS,
      schema: {
        tags: ['productos'],
        operationId: 'leerEtiquetaBalanza',
        summary:
          'Lee una etiqueta de balanza (EAN-13 que empieza con el prefijo de la tienda): el producto a granel de su PLU, los gramos y el monto de la línea',
        params: etiquetaCodigoSchema,
        querystring: etiquetaQuerySchema,
        response: { 200: etiquetaLeidaSchema, ...ERRORES },
      },
    },
    (request) => productos.etiqueta(request.usuario, request.query.id_minimarket, request.params.codigo),
  );

  app.get(
    '/productos/:id',
    {
      config: PARA_CAJEROS,
      schema: {
        tags: ['productos'],
        operationId: 'obtenerProducto',
        summary: 'Un producto activo por su id',
        params: id64ParamsSchema,
        response: { 200: productoSchema, ...ERRORES },
      },
    },
    (request) => productos.get(request.usuario, request.params.id),
  );

  app.post(
    '/productos/',
    {
      schema: {
        tags: ['productos'],
        operationId: 'crearProducto',
        summary: 'Crea un producto en el inventario (o reactiva uno eliminado con el mismo código de barras)',
        body: productoCreateSchema,
        response: { 201: productoSchema, ...ERRORES },
      },
    },
    async (request, reply) => reply.code(201).send(await productos.create(request.usuario, request.body)),
  );

  app.put(
    '/productos/:id',
    {
      schema: {
        tags: ['productos'],
        operationId: 'actualizarProducto',
        summary: 'Edita un producto; un stock nuevo queda en el libro de stock como ajuste',
        params: id64ParamsSchema,
        body: productoUpdateSchema,
        response: { 200: productoSchema, ...ERRORES },
      },
    },
    (request) => productos.update(request.usuario, request.params.id, request.body),
  );

  app.post(
    '/productos/:id/stock',
    {
      schema: {
        tags: ['productos'],
        operationId: 'ingresarStock',
        summary:
          'Ingreso de mercadería: suma unidades y deja el costo unitario en el promedio ponderado del stock en mano y lo recibido (al peso más cercano)',
        params: id64ParamsSchema,
        body: ingresoStockSchema,
        response: { 200: productoSchema, ...ERRORES },
      },
    },
    (request) => productos.ingresarStock(request.usuario, request.params.id, request.body),
  );

  app.delete(
    '/productos/:id',
    {
      schema: {
        tags: ['productos'],
        operationId: 'eliminarProducto',
        summary: 'Elimina un producto del inventario (queda inactivo; el historial de ventas lo conserva)',
        params: id64ParamsSchema,
        response: { 204: z.null(), ...ERRORES },
      },
    },
    async (request, reply) => {
      await productos.remove(request.usuario, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default productosRoutes;
