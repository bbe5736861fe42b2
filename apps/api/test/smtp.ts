// A real SMTP server for tests, on a free local port: it keeps every message as it
// arrived on the wire, so a test reads the mail the way a mail client would.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface MensajeSmtp {
  para: string[];
  raw: Buffer;
}

export async function startTestSmtp() {
  const mensajes: MensajeSmtp[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mensajes.push({ para: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;

  const de = (para: string) => mensajes.filter((m) => m.para.includes(para));

  return {
    url: `smtp://127.0.0.1:${port}`,
    mensajes,
    de,
    /** Waits until `para` has received `cantidad` messages in all, and returns the last one. */
    async esperar(para: string, cantidad: number, timeoutMs = 10_000): Promise<MensajeSmtp> {
      const hasta = Date.now() + timeoutMs;
      while (de(para).length < cantidad) {
        if (Date.now() > hasta) throw new Error(`no llegó el correo n.º ${cantidad} para ${para}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return de(para)[cantidad - 1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
