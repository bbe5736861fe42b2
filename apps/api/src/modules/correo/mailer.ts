// Outgoing mail over SMTP (nodemailer). SMTP_URL says where: a real relay, the
// development inbox (server.ts points it there when SMTP_URL is unset) or, in tests,
// an SMTP server the test starts itself.
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface CorreoSaliente {
  para: string;
  asunto: string;
  texto: string;
  html: string;
}

export interface Mailer {
  enviar(correo: CorreoSaliente): Promise<void>;
}

/** A relay that does not answer must not hold a message (and its retries) for minutes. */
const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer({ smtpUrl, from, log }: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (!smtpUrl) {
    return {
      async enviar(correo) {
        log.warn({ asunto: correo.asunto }, 'SMTP_URL no está configurado: el correo no se envió');
      },
    };
  }
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS_MS });
  return {
    async enviar(correo) {
      await transport.sendMail({ from, to: correo.para, subject: correo.asunto, text: correo.texto, html: correo.html });
    },
  };
}
