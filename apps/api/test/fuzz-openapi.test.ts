// Walks the OpenAPI document and sends every documented operation values it must refuse:
// integers past PostgreSQL's integer range, the NUL character (which PostgreSQL cannot store),
// LIKE wildcards and garbage, in every path parameter, query parameter and body field, one at
// a time on an otherwise plausible request. Bad input gets a 4xx with a Spanish `detail`,
// never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  minimum?: number;
  minLength?: number;
}
interface Parametro {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: JsonSchema;
}
interface Operacion {
  parameters?: Parametro[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** Values that must be refused (or harmlessly matched) wherever a value goes. */
const MALOS_TEXTO = ['3000000000', '99999999999', '-1', '\u0000', 'a\u0000b', '%_\\', '\\', "'; --", '1e400', 'ñ'.repeat(300)];
const MALOS_CUERPO = [3_000_000_000, 99_999_999_999, -1, 1.5, '\u0000', 'x\u0000', '%_\\', null, {}, []];

let ctx: TestContext;
let token: string;
let idTienda: number;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login(DEMO.admin);
  idTienda = await ctx.shopOf(DEMO.pyme.correo);
});
afterAll(() => ctx.close());

/** The document's named schemas, to follow a $ref. */
let componentes: Record<string, JsonSchema> = {};
const resolver = (s: JsonSchema | undefined): JsonSchema | undefined =>
  s?.$ref ? componentes[s.$ref.replace('#/components/schemas/', '')] : s;

const tipos = (s: JsonSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** A plausible value for a schema: what a client would send, so the bad field is the only bad one. */
function ejemplo(esquema: JsonSchema | undefined, nombre = ''): unknown {
  const s = resolver(esquema);
  if (!s) return 'x';
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alternativa = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (alternativa) return ejemplo(alternativa, nombre);
  const t = tipos(s);
  if (t.includes('object')) {
    return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, ejemplo(v, k)]));
  }
  if (t.includes('array')) return [ejemplo(s.items)];
  if (t.includes('integer') || t.includes('number')) return nombre === 'id_minimarket' ? idTienda : Math.max(1, s.minimum ?? 1);
  if (t.includes('boolean')) return true;
  return 'x'.repeat(Math.max(1, s.minLength ?? 1));
}

/** The same body with one field (at any depth) replaced. */
function conCampo(base: unknown, ruta: (string | number)[], valor: unknown): unknown {
  if (ruta.length === 0) return valor;
  const [k, ...resto] = ruta;
  const copia = Array.isArray(base) ? [...base] : { ...(base as Record<string, unknown>) };
  (copia as Record<string | number, unknown>)[k!] = conCampo((base as Record<string | number, unknown>)[k!], resto, valor);
  return copia;
}

function rutasDeCampos(esquema: JsonSchema | undefined, ruta: (string | number)[] = []): (string | number)[][] {
  const s = resolver(esquema);
  if (!s) return [];
  const alternativa = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (alternativa && !s.properties) return rutasDeCampos(alternativa, ruta);
  if (s.properties) return Object.entries(s.properties).flatMap(([k, v]) => [[...ruta, k], ...rutasDeCampos(v, [...ruta, k])]);
  if (s.items) return rutasDeCampos(s.items, [...ruta, 0]);
  return [];
}

interface Peticion {
  method: string;
  url: string;
  payload?: unknown;
  form?: boolean;
  que: string;
}

function peticiones(ruta: string, metodo: string, op: Operacion): Peticion[] {
  const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const valores = Object.fromEntries(params.map((p) => [p.name, String(ejemplo(p.schema, p.name))]));
  const url = (v: Record<string, string>) => {
    let u = ruta;
    const query = new URLSearchParams();
    for (const p of params) {
      if (p.in === 'path') u = u.replace(`{${p.name}}`, encodeURIComponent(v[p.name]!));
      else query.set(p.name, v[p.name]!);
    }
    const qs = query.toString();
    return qs ? `${u}?${qs}` : u;
  };
  const contenido = op.requestBody?.content ?? {};
  const json = contenido['application/json']?.schema;
  const form = !json && contenido['application/x-www-form-urlencoded'] ? contenido['application/x-www-form-urlencoded'].schema : undefined;
  const cuerpoSchema = json ?? form;
  const cuerpo = cuerpoSchema ? ejemplo(cuerpoSchema) : undefined;
  const M = metodo.toUpperCase();

  const lista: Peticion[] = [];
  for (const p of params) {
    for (const malo of MALOS_TEXTO) {
      lista.push({
        method: M,
        url: url({ ...valores, [p.name]: malo }),
        payload: cuerpo,
        form: Boolean(form),
        que: `${p.in} ${p.name}=${JSON.stringify(malo)}`,
      });
    }
  }
  for (const campo of rutasDeCampos(cuerpoSchema)) {
    for (const malo of form ? MALOS_TEXTO : MALOS_CUERPO) {
      lista.push({
        method: M,
        url: url(valores),
        payload: conCampo(cuerpo, campo, malo),
        form: Boolean(form),
        que: `body ${campo.join('.')}=${JSON.stringify(malo)}`,
      });
    }
  }
  return lista;
}

describe('every documented operation, given values it must refuse', () => {
  it('answers 4xx with a Spanish detail, never 5xx', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operacion>>;
      components?: { schemas?: Record<string, JsonSchema> };
    };
    componentes = doc.components?.schemas ?? {};
    const todas: Peticion[] = [];
    for (const [ruta, metodos] of Object.entries(doc.paths)) {
      for (const [metodo, op] of Object.entries(metodos)) {
        // Logging out would end the token the walk runs on; it takes no input anyway.
        if (ruta === '/api/auth/logout') continue;
        // The event stream never ends with a valid session (inject would wait forever): soporte.test.ts walks it.
        if (ruta === '/api/soporte/eventos') continue;
        todas.push(...peticiones(ruta, metodo, op));
      }
    }
    expect(todas.length).toBeGreaterThan(1000);

    const fallas: string[] = [];
    for (const p of todas) {
      const res = await ctx.app.inject({
        method: p.method as 'GET',
        url: p.url,
        headers: {
          authorization: `Bearer ${token}`,
          ...(p.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(p.payload !== undefined
          ? { payload: p.form ? new URLSearchParams(p.payload as Record<string, string>).toString() : (p.payload as object) }
          : {}),
        remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      });
      if (res.statusCode >= 500) fallas.push(`${res.statusCode} ${p.method} ${p.url} (${p.que}): ${res.body.slice(0, 120)}`);
    }
    expect(fallas).toEqual([]);
  }, 600_000);
});

describe('the refusals, in words', () => {
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('an id past its range is a 422 that says so: 2^53 − 1 for a product, 2^31 − 1 for a shop', async () => {
    const res = await get('/api/productos/9007199254740993');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('El número es demasiado grande.');
    // A product's id is 64-bit: past 2^32 it is only a product that does not exist.
    expect((await get('/api/productos/3000000000')).statusCode).toBe(404);
    const tienda = await get(`/api/productos/?id_minimarket=99999999999`);
    expect(tienda.statusCode).toBe(422);
    expect(tienda.json().detail).toBe('El número es demasiado grande.');
  });

  it('a NUL character anywhere is a 400 in Spanish', async () => {
    for (const url of ['/api/productos/?id_minimarket=1&search=%00', '/api/users?search=a%00b']) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: 'Los datos enviados contienen un carácter no permitido (carácter nulo).',
        code: 'NUL_CHARACTER',
      });
    }
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
      payload: { nombre: '\u0000' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('LIKE wildcards in a filter match themselves, not every row', async () => {
    for (const url of ['/api/minimarkets/?comuna=%25', '/api/minimarkets/?search=%25', '/api/minimarkets/?rubro=_%5C']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
    expect((await get('/api/users?search=%25')).json().total).toBe(0);
  });
});
