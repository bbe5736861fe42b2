import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * fastify-type-provider-zod emits every named schema twice, as it reads (…Input) and as it
 * writes; only the variants some operation refers to stay (a component may refer to another).
 */
function sinComponentesSinUso<D extends object>(documento: D): D {
  const doc = documento as D & { components?: { schemas?: Record<string, unknown> } };
  const schemas = { ...(doc.components?.schemas ?? {}) };
  for (let cambio = true; cambio;) {
    cambio = false;
    const texto = JSON.stringify({ ...doc, components: { ...doc.components, schemas } });
    for (const nombre of Object.keys(schemas)) {
      if (!texto.includes(`"#/components/schemas/${nombre}"`)) {
        delete schemas[nombre];
        cambio = true;
      }
    }
  }
  return { ...doc, components: { ...doc.components, schemas } };
}

/**
 * OpenAPI built from the same zod schemas that validate requests and responses. Schemas the
 * contracts name (`.meta({ id })`) become components/schemas and are referenced, not repeated.
 * apps/api/test/openapi.test.ts lints the document with Redocly's recommended rules.
 */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Minimarket API',
          description:
            'API del back office para minimarkets: autenticación, usuarios, minimarkets, productos, ventas, notificaciones y cargas de archivos. Todo en español de Chile; el dinero en pesos enteros.',
          version: '1.0.0',
          license: { name: 'Propietaria: uso interno de Minimarket' },
        },
        servers: [{ url: '/', description: 'El mismo origen que la web' }],
        tags: [
          { name: 'salud', description: 'Estado de la réplica' },
          { name: 'auth', description: 'Sesión y recuperación de contraseña' },
          { name: 'usuarios', description: 'Cuentas: la propia y, para administradores, todas' },
          { name: 'minimarkets', description: 'Tiendas y su configuración' },
          { name: 'productos', description: 'Inventario de cada tienda' },
          { name: 'clientes', description: 'La libreta de fiado: clientes, su saldo, estado de cuenta y abonos' },
          { name: 'ventas', description: 'Ventas del punto de venta' },
          { name: 'notificaciones', description: 'Avisos de stock y de cargas' },
          { name: 'cargas', description: 'Cargas de archivos de productos y ventas, plantillas y filas rechazadas' },
          {
            name: 'analitica',
            description:
              'Cifras de las ventas de una tienda: resumen, series, categorías, medios de pago, horarios, rankings, recomendaciones, líneas, cubo e informe',
          },
          { name: 'soporte', description: 'Conversaciones entre una tienda y los administradores, con eventos en vivo' },
          { name: 'badito', description: 'El asistente que responde con los datos de la propia tienda' },
          { name: 'caja', description: 'Turnos de caja: apertura, ingresos y retiros, informe X y cierre con arqueo' },
          { name: 'respaldos', description: 'Respaldos de la base embebida: el último y si está atrasado' },
        ],
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearerAuth: [] }],
      },
      transform: jsonSchemaTransform,
      transformObject: (documento) => sinComponentesSinUso(jsonSchemaTransformObject(documento)),
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'swagger' },
);
