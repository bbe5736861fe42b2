import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiPage, apiUrl } from './api-client';

/** fetch answered with `respuesta`; returns the calls it got. */
function responder(respuesta: () => Response) {
  const llamadas: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    llamadas.push({ url, init });
    return Promise.resolve(respuesta());
  });
  return llamadas;
}

afterEach(() => vi.unstubAllGlobals());

describe('the typed client', () => {
  it('writes the method and the path of the key, its params and its query (without empty values)', async () => {
    const llamadas = responder(() => Response.json({ ok: true }));
    await api('GET /productos/etiqueta/:codigo', { params: { codigo: '20 01/5' }, query: { id_minimarket: 3 } });
    await api('POST /boletas/documentos/:id/reintento', { params: { id: 9 }, query: { id_minimarket: 3 } });
    await apiPage('GET /productos/', { query: { id_minimarket: 3, search: '', category: undefined, skip: 0, limit: 6 } });
    expect(llamadas.map((l) => `${l.init.method} ${l.url}`)).toEqual([
      'GET /api/productos/etiqueta/20%2001%2F5?id_minimarket=3',
      'POST /api/boletas/documentos/9/reintento?id_minimarket=3',
      'GET /api/productos/?id_minimarket=3&skip=0&limit=6',
    ]);
  });

  it('sends a body as JSON, or as a form for the token', async () => {
    const llamadas = responder(() => Response.json({ access_token: 't', token_type: 'bearer' }));
    await api('POST /auth/token', { form: { username: 'pyme@demo.cl', password: 'Pyme1234' } });
    await api('PUT /minimarkets/:id/teclas-rapidas', { params: { id: 1 }, json: { productos: [4, 5] } });
    expect(llamadas.map((l) => [(l.init.headers as Record<string, string>)['Content-Type'], l.init.body])).toEqual([
      ['application/x-www-form-urlencoded', 'username=pyme%40demo.cl&password=Pyme1234'],
      ['application/json', '{"productos":[4,5]}'],
    ]);
  });

  it('gives nothing for a 204, the rows and x-total-count for a page, the server’s words for an error', async () => {
    responder(() => new Response(null, { status: 204 }));
    expect(await api('POST /notificaciones/leer-todas')).toBeUndefined();
    responder(() => Response.json([{ id_producto: 1 }], { headers: { 'x-total-count': '40' } }));
    expect(await apiPage('GET /productos/', { query: { id_minimarket: 1 } })).toEqual({ items: [{ id_producto: 1 }], total: 40 });
    responder(() => Response.json({ detail: 'No queda stock.', code: 'NOT_ENOUGH_STOCK' }, { status: 409 }));
    const error = await api('GET /users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'NOT_ENOUGH_STOCK', detail: 'No queda stock.' });
  });

  it('writes an address for what cannot use fetch', () => {
    expect(apiUrl('GET /soporte/eventos', { query: { ticket: 'a b' } })).toBe('/api/soporte/eventos?ticket=a+b');
  });
});
