import { errorSchema, id64Schema, idSchema } from '@minimarket/contracts/comunes';
import { archivoCargaSchema, cargaQuerySchema, PLANTILLAS } from '@minimarket/contracts/uploads';
import { jsonSchemaTransform, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { archivoBinario, descargar, enviarDescarga, rutasDe } from '../respuestas.js';

const ARCHIVOS_RECHAZADOS = ['rechazados.csv', 'rechazados.xlsx'] as const;

/**
 * The body of POST /upload/files/, for the OpenAPI document only. The handler reads the multipart
 * stream itself (request.file(), streamed to disk: plugins/external/multipart.ts registers the
 * parser without attachFieldsToBody), so the route declares no body schema: Fastify would validate
 * it against a body the multipart parser never fills, and refuse every upload.
 */
const CUERPO_CARGA = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'El archivo: .csv, .xlsx o .xml' } },
} as const;

const RUTAS = rutasDe('cargas', {
  cargarArchivo: {
    // The document's transform, plus the multipart body (CUERPO_CARGA) the route does not validate.
    config: {
      swaggerTransform: (args) => {
        const { schema, url } = jsonSchemaTransform(args);
        return { url, schema: { ...schema, body: CUERPO_CARGA } };
      },
    },
    summary:
      'Carga un archivo de productos, ventas o clientes (la libreta, con su saldo inicial) (.csv, .xlsx, .xml; campo multipart "file"). Responde la carga "En revisión"; se procesa en segundo plano',
    consumes: ['multipart/form-data'],
    querystring: cargaQuerySchema,
    response: { 201: archivoCargaSchema, 413: errorSchema, 415: errorSchema },
  },
  listarCargas: {
    summary: 'Historial de cargas del minimarket, la más reciente primero',
    params: z.object({ id_minimarket: idSchema }),
    response: { 200: z.array(archivoCargaSchema) },
  },
  descargarFilasRechazadas: {
    summary: 'Las filas rechazadas de una carga, tal como venían en el archivo, más la columna "motivo" (rechazados.csv o rechazados.xlsx)',
    params: z.object({ id_minimarket: idSchema, id_archivo: id64Schema, archivo: z.enum(ARCHIVOS_RECHAZADOS) }),
    response: { 200: archivoBinario },
  },
  descargarPlantilla: {
    summary: 'Plantilla para cargar productos, ventas o clientes; con id_minimarket, los ejemplos de ventas usan productos de esa tienda',
    params: z.object({ nombre: z.enum(PLANTILLAS) }),
    querystring: z.object({ id_minimarket: idSchema.optional() }),
    response: { 200: archivoBinario },
  },
});

const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cargas } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.post('/upload/files/', RUTAS.cargarArchivo, async (request, reply) => {
    // Who and where are checked before the file is read.
    const largo = Number(request.headers['content-length']);
    const part = request.isMultipart() ? await request.file() : undefined;
    const archivo = part ? { nombre: part.filename, contenido: part.file } : undefined;
    const carga = await cargas.recibir(request.usuario, request.query, archivo, Number.isFinite(largo) ? largo : undefined);
    return reply.code(201).send(carga);
  });

  app.get('/upload/history/:id_minimarket', RUTAS.listarCargas, (request) =>
    cargas.historial(request.usuario, request.params.id_minimarket),
  );
  app.get('/upload/history/:id_minimarket/:id_archivo/:archivo', RUTAS.descargarFilasRechazadas, async (request, reply) => {
    const { id_minimarket, id_archivo, archivo } = request.params;
    const r = await cargas.rechazados(request.usuario, id_minimarket, id_archivo, archivo === 'rechazados.csv' ? 'csv' : 'xlsx');
    return enviarDescarga(reply, r);
  });

  app.get('/upload/plantillas/:nombre', RUTAS.descargarPlantilla, async (request, reply) => {
    const p = await cargas.plantilla(request.usuario, request.params.nombre, request.query.id_minimarket);
    return descargar(reply, p.nombre, p.contentType).send(p.contenido);
  });
};

export default uploadRoutes;
