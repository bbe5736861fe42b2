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
import { pagina, rutasDe, sinContenido } from '../respuestas.js';
import { LIMITES_PRODUCTO } from '@minimarket/contracts/reglas';
import { PARA_CAJEROS } from '../../plugins/app/auth.js';

const RUTAS = rutasDe('productos', {
  listarProductos: {
    config: PARA_CAJEROS,
    summary: 'Productos activos de un minimarket (búsqueda por nombre o código, categoría); total en x-total-count',
    querystring: productosQuerySchema,
    response: { 200: z.array(productoSchema) },
  },
  buscarEnCatalogoExterno: {
    summary: 'Busca un código de barras en Open Food Facts para prellenar el nombre',
    params: z.object({ codigo_barra: z.string().trim().min(1).max(LIMITES_PRODUCTO.codigoBarra) }),
    response: { 200: productoExternoSchema },
  },
  catalogoVenta: {
    config: PARA_CAJEROS,
    compress: {},
    summary:
      'El catálogo de venta para vender sin conexión: todos los productos y clientes de la tienda, o con `desde` (el cursor de la respuesta anterior) solo los escritos desde entonces',
    querystring: catalogoQuerySchema,
    response: { 200: catalogoSchema },
  },
  leerEtiquetaBalanza: {
    config: PARA_CAJEROS,
    summary:
      'Lee una etiqueta de balanza (EAN-13 que empieza con el prefijo de la tienda): el producto a granel de su PLU, los gramos y el monto de la línea',
    params: etiquetaCodigoSchema,
    querystring: etiquetaQuerySchema,
    response: { 200: etiquetaLeidaSchema },
  },
  obtenerProducto: {
    config: PARA_CAJEROS,
    summary: 'Un producto activo por su id',
    params: id64ParamsSchema,
    response: { 200: productoSchema },
  },
  crearProducto: {
    summary: 'Crea un producto en el inventario (o reactiva uno eliminado con el mismo código de barras)',
    body: productoCreateSchema,
    response: { 201: productoSchema },
  },
  actualizarProducto: {
    summary: 'Edita un producto; un stock nuevo queda en el libro de stock como ajuste',
    params: id64ParamsSchema,
    body: productoUpdateSchema,
    response: { 200: productoSchema },
  },
  ingresarStock: {
    summary:
      'Ingreso de mercadería: suma unidades y deja el costo unitario en el promedio ponderado del stock en mano y lo recibido (al peso más cercano)',
    params: id64ParamsSchema,
    body: ingresoStockSchema,
    response: { 200: productoSchema },
  },
  eliminarProducto: {
    summary: 'Elimina un producto del inventario (queda inactivo; el historial de ventas lo conserva)',
    params: id64ParamsSchema,
    response: { 204: z.null() },
  },
});

const productosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { productos, openFoodFacts } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get('/productos/', RUTAS.listarProductos, (request, reply) => pagina(reply, productos.list(request.usuario, request.query)));

  // Not under /productos/{id}: /productos/externo/{código} and /productos/{id}/stock would be one path shape.
  app.get('/catalogo-externo/:codigo_barra', RUTAS.buscarEnCatalogoExterno, (request) => openFoodFacts.buscar(request.params.codigo_barra));
  // JSON built by PostgreSQL, sent as text: Fastify sends a string as it is, without the response
  // serializer (which would parse 100,000 products again); the route's schema documents its shape.
  app.get('/productos/catalogo', RUTAS.catalogoVenta, async (request, reply) => {
    const json = await productos.catalogo(request.usuario, request.query.id_minimarket, request.query.desde);
    return reply.type('application/json').send(json as unknown as Catalogo);
  });

  app.get('/productos/etiqueta/:codigo', RUTAS.leerEtiquetaBalanza, (request) =>
    productos.etiqueta(request.usuario, request.query.id_minimarket, request.params.codigo),
  );
  app.get('/productos/:id', RUTAS.obtenerProducto, (request) => productos.get(request.usuario, request.params.id));
  app.post('/productos/', RUTAS.crearProducto, async (request, reply) =>
    reply.code(201).send(await productos.create(request.usuario, request.body)),
  );
  app.put('/productos/:id', RUTAS.actualizarProducto, (request) => productos.update(request.usuario, request.params.id, request.body));
  app.post('/productos/:id/stock', RUTAS.ingresarStock, (request) =>
    productos.ingresarStock(request.usuario, request.params.id, request.body),
  );
  app.delete('/productos/:id', RUTAS.eliminarProducto, (request, reply) =>
    sinContenido(reply, productos.remove(request.usuario, request.params.id)),
  );
};

export default productosRoutes;
