// Who may upload where (decisions §3): a pyme only to its own shop and as itself; an
// administrador to any shop, on behalf of any user. Refused calls store nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, importar, multipart, subir } from './cargas-helpers.js';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
let pyme: Awaited<ReturnType<TestContext['as']>>;
let admin: Awaited<ReturnType<TestContext['as']>>;
let propia: number;
let ajena: number;
let idPyme: number;
let idPyme2: number;
let cargaAjena: number;
beforeAll(async () => {
  ctx = await createTestContext();
  pyme = await ctx.as(DEMO.pyme);
  admin = await ctx.as(DEMO.admin);
  propia = await ctx.shopOf(DEMO.pyme.correo);
  ajena = await ctx.shopOf(DEMO.pyme2.correo);
  idPyme = (await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme.correo } })).id_usuario;
  idPyme2 = (await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme2.correo } })).id_usuario;
  const otra = await ctx.as(DEMO.pyme2);
  cargaAjena = (
    await importar(
      otra,
      { id_minimarket: ajena, id_usuario: idPyme2, upload_type: 'productos' },
      'p.csv',
      fixture('productos-excel-chile.csv'),
    )
  ).carga.id_archivo;
});
afterAll(() => ctx.close());

const SIN_IDENTIFICAR = 'No se ha podido identificar al usuario o al minimarket.';

async function huella() {
  const [cargas, productos, ventas] = await Promise.all([ctx.db.archivoCarga.count(), ctx.db.producto.count(), ctx.db.venta.count()]);
  return { cargas, productos, ventas };
}

describe('a pyme and another shop', () => {
  it('cannot upload to it', async () => {
    const antes = await huella();
    const res = await subir(
      pyme,
      { id_minimarket: ajena, id_usuario: idPyme, upload_type: 'productos' },
      'p.csv',
      fixture('productos-excel-chile.csv'),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'No tiene acceso a este minimarket.', code: 'FORBIDDEN_MINIMARKET' });
    expect(await huella()).toEqual(antes);
  });

  it('cannot upload in the name of another user', async () => {
    const antes = await huella();
    const res = await subir(
      pyme,
      { id_minimarket: propia, id_usuario: idPyme2, upload_type: 'productos' },
      'p.csv',
      fixture('productos-excel-chile.csv'),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN_USER');
    expect(await huella()).toEqual(antes);
  });

  it('cannot read its history nor its rejected rows', async () => {
    expect((await pyme.request({ method: 'GET', url: `/api/upload/history/${ajena}` })).statusCode).toBe(403);
    expect((await pyme.request({ method: 'GET', url: `/api/upload/history/${ajena}/${cargaAjena}/rechazados.csv` })).statusCode).toBe(403);
    // Through its own shop, someone else's upload does not exist.
    const res = await pyme.request({ method: 'GET', url: `/api/upload/history/${propia}/${cargaAjena}/rechazados.xlsx` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Carga no encontrada.', code: 'UPLOAD_NOT_FOUND' });
  });

  it("its own history does not show the other shop's uploads", async () => {
    const propias = (await pyme.request({ method: 'GET', url: `/api/upload/history/${propia}` })).json() as Array<{ id_archivo: number }>;
    expect(propias.map((c) => c.id_archivo)).not.toContain(cargaAjena);
  });
});

describe('identifying who and where', () => {
  it.each([
    ['', 'missing both'],
    ['id_minimarket=1&upload_type=productos', 'missing id_usuario'],
    ['id_usuario=1&upload_type=productos', 'missing id_minimarket'],
    ['id_minimarket=abc&id_usuario=1&upload_type=productos', 'not a number'],
  ])("?%s (%s) is 422 with the page's message", async (query) => {
    const { payload, headers } = multipart('p.csv', 'a');
    const res = await pyme.request({ method: 'POST', url: `/api/upload/files/?${query}`, payload, headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(SIN_IDENTIFICAR);
  });

  it('an unknown upload_type is 422', async () => {
    const { payload, headers } = multipart('p.csv', 'a');
    const res = await pyme.request({
      method: 'POST',
      url: `/api/upload/files/?id_minimarket=${propia}&id_usuario=${idPyme}&upload_type=proveedores`,
      payload,
      headers,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('Elige el tipo de datos del archivo: productos, ventas o clientes.');
  });

  it('without a token is 401', async () => {
    const { payload, headers } = multipart('p.csv', 'a');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/upload/files/?id_minimarket=${propia}&id_usuario=${idPyme}&upload_type=productos`,
      payload,
      headers,
    });
    expect(res.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/upload/history/${propia}` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/upload/plantillas/plantilla_productos.xlsx' })).statusCode).toBe(401);
  });
});

describe('an administrador', () => {
  it('uploads to any shop on behalf of its owner, who gets the notice', async () => {
    const r = await importar(
      admin,
      { id_minimarket: ajena, id_usuario: idPyme2, upload_type: 'ventas' },
      'v.xml',
      fixture('ventas-sin-declaracion.xml'),
    );
    expect(r.carga.estado_procesamiento).not.toBe('En revisión');
    const registro = await ctx.db.archivoCarga.findFirstOrThrow({ where: { id_archivo: r.carga.id_archivo } });
    expect(registro).toMatchObject({ id_minimarket: ajena, id_usuario: idPyme2 });
  });

  it("reads any shop's history and rejected rows", async () => {
    expect((await admin.request({ method: 'GET', url: `/api/upload/history/${ajena}` })).statusCode).toBe(200);
    expect((await admin.request({ method: 'GET', url: `/api/upload/history/${ajena}/${cargaAjena}/rechazados.csv` })).statusCode).toBe(200);
  });

  it('must name a user that exists', async () => {
    const res = await subir(admin, { id_minimarket: propia, id_usuario: 999_999, upload_type: 'productos' }, 'p.csv', 'x');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(SIN_IDENTIFICAR);
  });

  it('a shop that does not exist is 404', async () => {
    const res = await subir(admin, { id_minimarket: 999_999, id_usuario: idPyme, upload_type: 'productos' }, 'p.csv', 'x');
    expect(res.statusCode).toBe(404);
  });
});
