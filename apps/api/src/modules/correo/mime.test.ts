import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { decodeEncodedWords, decodeQuotedPrintable, extraerEnlaces, parseMessage } from './mime.js';

function compose(mail: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> {
  return new Promise((resolve, reject) => new MailComposer(mail).compile().build((err, msg) => (err ? reject(err) : resolve(msg))));
}

describe('decodeQuotedPrintable', () => {
  it('decodes =XX bytes as UTF-8 and joins soft line breaks', () => {
    expect(decodeQuotedPrintable('Contrase=C3=B1a').toString('utf8')).toBe('Contraseña');
    expect(decodeQuotedPrintable('https://tienda.cl/reset-password?token=3D=\r\nabc=\ndef').toString('utf8')).toBe(
      'https://tienda.cl/reset-password?token=abcdef',
    );
    expect(decodeQuotedPrintable('a=3Db').toString('utf8')).toBe('a=b');
  });

  it('drops the trailing blanks a transport may add and keeps a lone "="', () => {
    expect(decodeQuotedPrintable('hola   \r\nchao').toString('utf8')).toBe('hola\r\nchao');
    expect(decodeQuotedPrintable('5 = 5').toString('utf8')).toBe('5 = 5');
  });
});

describe('decodeEncodedWords', () => {
  it('reads Q and B encoded words, joining adjacent ones', () => {
    expect(decodeEncodedWords('=?UTF-8?Q?Restablece_tu_contrase=C3=B1a?=')).toBe('Restablece tu contraseña');
    expect(decodeEncodedWords(`=?UTF-8?B?${Buffer.from('Almacén').toString('base64')}?= La Esquina`)).toBe('Almacén La Esquina');
    expect(decodeEncodedWords('=?UTF-8?Q?Contrase=C3=B1a?= =?UTF-8?Q?_nueva?=')).toBe('Contraseña nueva');
  });
});

describe('parseMessage', () => {
  it('reads back what nodemailer writes: subject, text and HTML with a long link intact', async () => {
    const enlace = `http://localhost:8000/reset-password?token=${'AbC_-9'.repeat(12)}`;
    const raw = await compose({
      from: 'Minimarket <no-responder@minimarket.local>',
      to: 'pyme@demo.cl',
      subject: 'Restablece tu contraseña de Minimarket',
      text: `Hola Pepe Muñoz:\n\nAbre este enlace:\n${enlace}\n\nEl enlace vence en 30 minutos.`,
      html: `<p>Hola Pepe Muñoz: <a href="${enlace}">Elegir una contraseña nueva</a> ${'ñandú '.repeat(30)}</p>`,
    });
    const mensaje = parseMessage(raw);
    expect(mensaje.asunto).toBe('Restablece tu contraseña de Minimarket');
    expect(mensaje.headers.to).toBe('pyme@demo.cl');
    expect(mensaje.texto).toContain('Hola Pepe Muñoz:');
    expect(mensaje.texto).toContain(enlace);
    expect(mensaje.html).toContain(`href="${enlace}"`);
    expect(mensaje.html).toContain('ñandú ñandú');
    expect(extraerEnlaces(mensaje)).toEqual([enlace]);
  });

  it('reads base64 bodies and a message with text only', async () => {
    const raw = await compose({ to: 'a@b.cl', subject: 'Hola', text: 'Línea única', textEncoding: 'base64' });
    const mensaje = parseMessage(raw);
    expect(mensaje.texto).toBe('Línea única');
    expect(mensaje.html).toBeNull();
  });
});

describe('extraerEnlaces', () => {
  it('decodes &amp; in hrefs and lists each link once', () => {
    expect(extraerEnlaces({ html: '<a href="https://x.cl/?a=1&amp;b=2">x</a>', texto: 'ver https://x.cl/?a=1&b=2 y http://y.cl' })).toEqual(
      ['https://x.cl/?a=1&b=2', 'http://y.cl'],
    );
  });
});
