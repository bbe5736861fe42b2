// The OpenAPI document serves API clients: every operation has an id and a Spanish summary, the
// shared schemas are named components, and it lints clean with Redocly's recommended rules (but
// for the spec's own trailing-slash paths, redocly.yaml).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.js';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Documento {
  paths: Record<string, Record<string, { operationId?: string; summary?: string }>>;
  components?: { schemas?: Record<string, unknown> };
}

let ctx: TestContext;
let doc: Documento;
let texto: string;
beforeAll(async () => {
  ctx = await createTestContext();
  texto = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).body;
  doc = JSON.parse(texto) as Documento;
});
afterAll(() => ctx.close());

describe('the OpenAPI document', () => {
  it('gives every operation a unique operationId and a summary', () => {
    const operaciones = Object.entries(doc.paths).flatMap(([ruta, ops]) =>
      Object.entries(ops).map(([metodo, op]) => ({ ruta, metodo, ...op })),
    );
    expect(operaciones.length).toBeGreaterThan(35);
    expect(operaciones.filter((o) => !o.operationId).map((o) => `${o.metodo} ${o.ruta}`)).toEqual([]);
    expect(operaciones.filter((o) => !o.summary).map((o) => `${o.metodo} ${o.ruta}`)).toEqual([]);
    const ids = operaciones.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names its shared schemas as components and refers to them', () => {
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(['Error', 'Producto', 'Venta', 'Usuario', 'Minimarket', 'ArchivoCarga', 'Notificacion']),
    );
    expect(texto).toContain('"$ref":"#/components/schemas/Producto"');
    expect(texto).toContain('"$ref":"#/components/schemas/Error"');
  });

  it('describes the multipart body of POST /upload/files/: the file, binary (the route itself validates no body)', () => {
    const op = (doc.paths['/api/upload/files/']?.post ?? {}) as {
      requestBody?: { content?: Record<string, { schema?: { required?: string[]; properties?: Record<string, unknown> } }> };
    };
    const multipart = op.requestBody?.content?.['multipart/form-data']?.schema;
    expect(Object.keys(op.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(multipart?.required).toEqual(['file']);
    expect(multipart?.properties?.file).toMatchObject({ type: 'string', format: 'binary' });
  });

  it("lints clean with Redocly's recommended rules", () => {
    const archivo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-')), 'openapi.json');
    fs.writeFileSync(archivo, texto);
    let salida: string;
    try {
      salida = execFileSync(
        path.join(API_DIR, 'node_modules', '.bin', 'redocly'),
        ['lint', archivo, '--config', path.join(API_DIR, 'redocly.yaml'), '--format', 'json'],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      );
    } catch (err) {
      salida = (err as { stdout: string }).stdout;
    }
    const { problems } = JSON.parse(salida.slice(salida.indexOf('{'))) as {
      problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
    };
    expect(problems.map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`)).toEqual([]);
  }, 60_000);
});
