// The API keys at rest (cifrado.ts): bound to their shop, the format from before still read, and a
// server with no key of its own that cannot encrypt. No database: the service and the worker's use of
// it are in test/boletas.test.ts and test/boletas-produccion.test.ts.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiKeyIlegible, createCifrado } from './cifrado.js';

const SECRETO = 'una-clave-de-cifrado-de-prueba-0123456789';
const SESION = 'el-secreto-de-las-sesiones-de-prueba-0123456789';

/** v1, as the server wrote it before issue 31: no additional data (written out, not with the module). */
function v1(texto: string, secreto: string) {
  const clave = Buffer.from(crypto.hkdfSync('sha256', secreto, 'minimarket', 'api-key-dte', 32));
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv('aes-256-gcm', clave, iv);
  const datos = Buffer.concat([c.update(texto, 'utf8'), c.final()]);
  return ['v1', iv, c.getAuthTag(), datos].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

describe('cifrado de la API key', () => {
  const cifrado = createCifrado({ secreto: SECRETO, anteriores: [SESION] });

  it('round-trips in the bound format, a new IV each time', () => {
    const a = cifrado.cifrar('mi-clave-de-api', 7);
    const b = cifrado.cifrar('mi-clave-de-api', 7);
    expect(a.startsWith('v2.')).toBe(true);
    expect(a).not.toBe(b);
    expect(a).not.toContain('mi-clave-de-api');
    expect(cifrado.descifrar(a, 7)).toBe('mi-clave-de-api');
    expect(cifrado.anticuado(a)).toBe(false);
  });

  it('a ciphertext of one shop does not open in another (the shop id is the additional data)', () => {
    const deLaSiete = cifrado.cifrar('mi-clave-de-api', 7);
    expect(() => cifrado.descifrar(deLaSiete, 8)).toThrow(ApiKeyIlegible);
    expect(() => cifrado.descifrar(deLaSiete, 70)).toThrow(ApiKeyIlegible);
  });

  it('another server key, changed bytes or an unknown format: ApiKeyIlegible, never the text', () => {
    const guardado = cifrado.cifrar('mi-clave-de-api', 7);
    expect(() => createCifrado({ secreto: 'otra-clave-de-cifrado-distinta-0123456789' }).descifrar(guardado, 7)).toThrow(ApiKeyIlegible);
    const [v, iv, tag, datos] = guardado.split('.');
    const otroByte = Buffer.from(datos!, 'base64url');
    otroByte[0] = otroByte[0]! ^ 1;
    expect(() => cifrado.descifrar([v, iv, tag, otroByte.toString('base64url')].join('.'), 7)).toThrow(ApiKeyIlegible);
    for (const malo of ['', 'v2', 'v3.a.b.c', 'texto plano', `${guardado}.extra`])
      expect(() => cifrado.descifrar(malo, 7)).toThrow(ApiKeyIlegible);
  });

  it('a v1 key (from before) opens with the current key or the session secret, in any shop, and is anticuado', () => {
    expect(cifrado.descifrar(v1('bajo-la-clave', SECRETO), 7)).toBe('bajo-la-clave');
    expect(cifrado.descifrar(v1('bajo-la-sesion', SESION), 7)).toBe('bajo-la-sesion');
    expect(cifrado.anticuado(v1('x', SESION))).toBe(true);
    expect(() => cifrado.descifrar(v1('de-otro-servidor', 'un-secreto-que-este-servidor-no-tiene-0123'), 7)).toThrow(ApiKeyIlegible);
  });

  it('the session secret never opens a v2 (it only reads what was written before)', () => {
    const soloSesion = createCifrado({ secreto: SESION });
    expect(() => cifrado.descifrar(soloSesion.cifrar('clave', 7), 7)).toThrow(ApiKeyIlegible);
  });

  it('without a key of its own (production without DTE_CLAVE_CIFRADO): cannot encrypt, still reads a v1 under the session secret', () => {
    const sinClave = createCifrado({ secreto: null, anteriores: [SESION] });
    expect(sinClave.puedeCifrar).toBe(false);
    expect(() => sinClave.cifrar('clave', 7)).toThrow();
    expect(sinClave.descifrar(v1('de-antes', SESION), 7)).toBe('de-antes');
    expect(() => sinClave.descifrar(cifrado.cifrar('clave', 7), 7)).toThrow(ApiKeyIlegible);
  });
});
