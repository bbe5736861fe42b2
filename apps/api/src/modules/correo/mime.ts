// Just enough MIME to read the messages our own mailer sends (nodemailer: headers with
// RFC 2047 encoded words, multipart/alternative, quoted-printable or base64 bodies).
// Used by the development inbox; not a general-purpose mail parser.

export interface MensajeLeido {
  /** Header names in lower case; repeated headers keep the first value. */
  headers: Record<string, string>;
  asunto: string;
  texto: string | null;
  html: string | null;
}

/** Quoted-printable (RFC 2045 §6.7) to bytes: soft line breaks joined, =XX decoded. */
export function decodeQuotedPrintable(input: string): Buffer {
  const s = input.replace(/[ \t]+(?=\r?\n)/g, '').replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const hex = s.slice(i + 1, i + 3);
    if (s[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      // Each char of a latin1 ("binary") string is one byte; true text is ASCII here.
      bytes.push(s.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** RFC 2047 encoded words in a header value ("=?UTF-8?Q?Restablece_tu?="). */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?[^?]+\?[BbQq]\?[^?]*\?=)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, charset: string, encoding: string, text: string) => {
      const bytes = encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return decodeCharset(bytes, charset.split('*')[0]);
    });
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const unfolded = block.replace(/\r?\n(?=[ \t])/g, '');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // Header bytes arrive as latin1 chars; nodemailer keeps them ASCII, but be kind to UTF-8.
    const value = decodeCharset(Buffer.from(line.slice(colon + 1).trim(), 'latin1'));
    if (!(name in headers)) headers[name] = decodeEncodedWords(value);
  }
  return headers;
}

/** 'text/plain; charset=utf-8' → { type: 'text/plain', params: { charset: 'utf-8' } } */
function parseContentType(value = 'text/plain') {
  const [type = 'text/plain', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq > 0)
      params[p.slice(0, eq).trim().toLowerCase()] = p
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  return { type: type.trim().toLowerCase(), params };
}

function splitEntity(entity: string) {
  const match = /\r?\n\r?\n/.exec(entity);
  if (!match) return { head: entity, body: '' };
  return { head: entity.slice(0, match.index), body: entity.slice(match.index + match[0].length) };
}

function decodeBody(body: string, transferEncoding = '7bit'): Buffer {
  switch (transferEncoding.trim().toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    default:
      return Buffer.from(body, 'latin1');
  }
}

function walk(entity: string, out: { texto: string | null; html: string | null }, depth = 0) {
  const { head, body } = splitEntity(entity);
  const headers = parseHeaders(head);
  const { type, params } = parseContentType(headers['content-type']);
  if (type.startsWith('multipart/') && params.boundary && depth < 5) {
    const delimiter = `--${params.boundary}`;
    const sections = body.split(new RegExp(`\\r?\\n?${escapeRegExp(delimiter)}(?:--)?[ \\t]*\\r?\\n?`));
    // sections[0] is the preamble, the last one the epilogue after the closing delimiter.
    for (const part of sections.slice(1, -1)) walk(part, out, depth + 1);
    return;
  }
  if ((headers['content-disposition'] ?? '').toLowerCase().startsWith('attachment')) return;
  const text = decodeCharset(decodeBody(body, headers['content-transfer-encoding']), params.charset);
  if (type === 'text/plain' && out.texto === null) out.texto = text.replace(/\r\n/g, '\n');
  if (type === 'text/html' && out.html === null) out.html = text.replace(/\r\n/g, '\n');
}

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A raw RFC 5322 message (as received over SMTP) → headers, subject, text and HTML bodies. */
export function parseMessage(raw: Buffer | string): MensajeLeido {
  const source = typeof raw === 'string' ? raw : raw.toString('latin1');
  const { head } = splitEntity(source);
  const headers = parseHeaders(head);
  const out = { texto: null as string | null, html: null as string | null };
  walk(source, out);
  return { headers, asunto: headers.subject ?? '', texto: out.texto, html: out.html };
}

function decodeHtmlEntities(s: string) {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** Every http(s) link of a message, HTML hrefs first, without repeats. */
export function extraerEnlaces(mensaje: Pick<MensajeLeido, 'texto' | 'html'>): string[] {
  const enlaces = new Set<string>();
  for (const m of (mensaje.html ?? '').matchAll(/href\s*=\s*"(https?:[^"]+)"/gi)) enlaces.add(decodeHtmlEntities(m[1]!));
  for (const m of (mensaje.texto ?? '').matchAll(/https?:\/\/[^\s<>"]+/g)) enlaces.add(m[0]);
  return [...enlaces];
}
