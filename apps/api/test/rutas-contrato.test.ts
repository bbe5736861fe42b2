// The route table the web types its calls with (packages/contracts/src/rutas.ts) cannot drift from the
// server: every entry is a route the app serves, with that method and path, and the params, query, body
// and success response the route declares are the table's schemas (the same object, or one that writes
// the same JSON Schema). The app is built as the tests build it; Fastify's onRoute hook records what it serves.
import { type Metodo, type RutaContrato, rutas } from '@minimarket/contracts/rutas';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { conTiendasDemo } from './helpers.js';

const servidas = vi.hoisted(() => new Map<string, RouteOptions>());

// Every Fastify the app builds gets, first of all, a hook that writes down each route as declared.
vi.mock('fastify', async (original) => {
  const real = await original<{ default: (...args: unknown[]) => FastifyInstance }>();
  const fabrica = (...args: unknown[]) => {
    const app = real.default(...args);
    app.addHook('onRoute', (ruta) => {
      const metodos = Array.isArray(ruta.method) ? ruta.method : [ruta.method];
      for (const metodo of metodos) servidas.set(`${metodo} ${ruta.url.replace(/^\/api(?=\/)/, '')}`, ruta);
    });
    return app;
  };
  return { ...real, default: fabrica };
});

conTiendasDemo(() => {});

/** A description is documentation (the OpenAPI text), not shape: left out of the comparison. */
function sinDescripciones(valor: unknown): unknown {
  if (Array.isArray(valor)) return valor.map(sinDescripciones);
  if (valor === null || typeof valor !== 'object') return valor;
  return Object.fromEntries(
    Object.entries(valor)
      .filter(([clave, v]) => !(clave === 'description' && typeof v === 'string'))
      .map(([clave, v]) => [clave, sinDescripciones(v)]),
  );
}

const jsonSchema = (esquema: unknown, io: 'input' | 'output') =>
  esquema === undefined ? undefined : sinDescripciones(z.toJSONSchema(esquema as z.ZodType, { io, unrepresentable: 'any' }));

/** The route's schema and the table's: the same object, or the same JSON Schema. */
function comparar(servido: unknown, tabla: unknown, io: 'input' | 'output') {
  if (servido === tabla) return;
  expect(jsonSchema(tabla, io)).toEqual(jsonSchema(servido, io));
}

const entradas = Object.entries(rutas as Record<`${Metodo} /${string}`, RutaContrato>);

describe('the route table of the contracts', () => {
  it('names routes the web calls, once each', () => {
    expect(entradas.length).toBeGreaterThan(90);
  });

  it.each(entradas)('%s is served with the table’s schemas', (clave, entrada) => {
    const ruta = servidas.get(clave);
    expect(ruta, `${clave} no es una ruta de la API`).toBeDefined();
    const schema = (ruta!.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<string, unknown> };
    comparar(schema.params, entrada.params, 'input');
    comparar(schema.querystring, entrada.query, 'input');
    comparar(schema.body, entrada.body, 'input');
    const exitos = Object.entries(schema.response ?? {}).filter(([codigo]) => codigo.startsWith('2'));
    expect(exitos.length, `${clave} no declara su respuesta`).toBeGreaterThan(0);
    for (const [, respuesta] of exitos) comparar(respuesta, entrada.respuesta, 'output');
  });
});
