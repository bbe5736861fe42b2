// The stand-in's HTTP server: a body read up to MAX_CUERPO, the answer the stand-in gives as JSON, or
// the connection dropped when the stand-in loses its answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const MAX_CUERPO = 1024 * 1024;

export interface Respuesta {
  status: number;
  cuerpo: unknown;
  cabeceras?: Record<string, string>;
}

export type Atender = (req: http.IncomingMessage, texto: string) => Promise<Respuesta | 'perder'>;

/** Listens on `host:port` (0: any free one) and answers each request with `atender`. */
export async function servir(atender: Atender, port: number, host: string) {
  const servidor = http.createServer((req, res) => {
    const trozos: Buffer[] = [];
    let largo = 0;
    req.on('data', (t: Buffer) => {
      largo += t.length;
      if (largo > MAX_CUERPO) req.destroy();
      else trozos.push(t);
    });
    req.on('end', () => {
      atender(req, Buffer.concat(trozos).toString('utf8')).then(
        (r) => {
          if (r === 'perder') {
            res.socket?.destroy();
            return;
          }
          res.writeHead(r.status, { 'content-type': 'application/json; charset=utf-8', ...r.cabeceras });
          res.end(JSON.stringify(r.cuerpo));
        },
        () => {
          res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify({ message: 'Internal Server Error' }));
        },
      );
    });
  });

  await new Promise<void>((resolve, reject) => {
    servidor.once('error', reject);
    servidor.listen(port, host, () => resolve());
  });
  const { port: puerto } = servidor.address() as AddressInfo;
  return {
    url: `http://${host}:${puerto}`,
    cerrar: () =>
      new Promise<void>((resolve) => {
        servidor.closeAllConnections();
        servidor.close(() => resolve());
      }),
  };
}
