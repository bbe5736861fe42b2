// What the boleta tests share (boletas.test.ts, boletas-produccion.test.ts): an API key stored the way
// it was before keys were bound to their shop, and a provider that holds a call until told.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An API key encrypted as the server stored it before issue 31 ("v1": AES-256-GCM, no additional
 * data, under the HKDF of DTE_CLAVE_CIFRADO or the session secret). Written out here, not with the
 * app's own code, so the test says what those rows hold.
 */
export function cifrarComoAntes(texto: string, secreto: string): string {
  const clave = Buffer.from(crypto.hkdfSync('sha256', secreto, 'minimarket', 'api-key-dte', 32));
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', clave, iv);
  const datos = Buffer.concat([cipher.update(texto, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), datos].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/**
 * A provider that answers nothing until `soltar()`: each call it receives is told (`llegada`, with
 * the time it arrived), then answered 503 (a temporary failure: the row waits its backoff).
 */
export async function proveedorRetenido() {
  let soltar!: () => void;
  const suelto = new Promise<void>((resolve) => (soltar = resolve));
  let llego!: (ms: number) => void;
  const llegada = new Promise<number>((resolve) => (llego = resolve));
  const servidor = http.createServer((req, res) => {
    req.resume();
    llego(Date.now());
    void suelto.then(() => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'retenido' }));
    });
  });
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`,
    /** Resolves when the first call arrives, to the time it did (Date.now()). */
    llegada,
    soltar,
    async cerrar() {
      soltar();
      servidor.closeAllConnections();
      await new Promise<void>((resolve) => servidor.close(() => resolve()));
    },
  };
}
