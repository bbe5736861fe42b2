// The development inbox: with no SMTP_URL, server.ts starts this SMTP server on
// 127.0.0.1 and the app sends its mail here, so a reset link can be followed without
// any outside service. It keeps the last messages in memory (lost on restart) and
// GET /dev/correos shows them (routes/dev/correos.ts).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { extraerEnlaces, parseMessage } from './mime.js';

/** How many messages the inbox keeps; older ones are dropped. */
export const DEV_INBOX_CAPACIDAD = 50;
/** Largest message accepted; ours are a few KB. */
const DEV_INBOX_MAX_BYTES = 1024 * 1024;
const DEV_INBOX_HOST = '127.0.0.1';

export interface CorreoRecibido {
  id: number;
  recibido_en: string;
  de: string;
  para: string[];
  asunto: string;
  texto: string | null;
  html: string | null;
  /** The http(s) links of the message (the reset link among them). */
  enlaces: string[];
}

export interface DevInbox {
  port: number;
  smtpUrl: string;
  /** Newest first. */
  listar(): CorreoRecibido[];
  vaciar(): void;
  close(): Promise<void>;
}

interface DevInboxOptions {
  port: number;
  /** When the port is taken (another copy of the app running), listen on a free one instead. */
  fallbackToFreePort?: boolean;
  onError?: (err: Error) => void;
}

function listen(server: SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(port, DEV_INBOX_HOST, () => {
      server.off('error', onError);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
}

export async function startDevInbox({ port, fallbackToFreePort = false, onError }: DevInboxOptions): Promise<DevInbox> {
  const correos: CorreoRecibido[] = [];
  let siguienteId = 1;

  const create = () => {
    const server = new SMTPServer({
      // Plain SMTP on loopback: no TLS (its built-in certificate is public anyway), no login.
      disabledCommands: ['STARTTLS', 'AUTH'],
      size: DEV_INBOX_MAX_BYTES,
      logger: false,
      // No reverse DNS of 127.0.0.1 for every message.
      disableReverseLookup: true,
      banner: 'Bandeja de desarrollo de Minimarket',
      closeTimeout: 1000,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error('Mensaje demasiado grande'), { responseCode: 552 }));
            return;
          }
          const mensaje = parseMessage(Buffer.concat(chunks));
          correos.unshift({
            id: siguienteId++,
            recibido_en: new Date().toISOString(),
            de: mensaje.headers.from ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            para: session.envelope.rcptTo.map((r) => r.address),
            asunto: mensaje.asunto,
            texto: mensaje.texto,
            html: mensaje.html,
            enlaces: extraerEnlaces(mensaje),
          });
          correos.length = Math.min(correos.length, DEV_INBOX_CAPACIDAD);
          callback();
        });
      },
    });
    return server;
  };

  let server = create();
  let actual: number;
  try {
    actual = await listen(server, port);
  } catch (err) {
    if (!fallbackToFreePort || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    server = create();
    actual = await listen(server, 0);
  }
  // Connection errors are reported on the server; without a listener they would crash the app.
  server.on('error', (err: Error) => onError?.(err));

  return {
    port: actual,
    smtpUrl: `smtp://${DEV_INBOX_HOST}:${actual}`,
    listar: () => [...correos],
    vaciar: () => {
      correos.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
