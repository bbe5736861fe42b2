// The providers' API keys at rest (issue 23; issue 31 bound each to its shop): AES-256-GCM under a
// key from the environment, so a copy of the database alone does not give them away
// (docs/boleta.md «La clave de API»).
//
// The key: DTE_CLAVE_CIFRADO, through HKDF. Outside production, without it, the session secret
// (JWT_SECRET or its file) stands in; in production never (env.ts secretoCifradoDte): the session
// secret is on every replica and signs every token, and a leak of it with the database must not give
// the keys away. A production server without DTE_CLAVE_CIFRADO cannot encrypt (`puedeCifrar` false):
// saving a key is refused with a message for the operator, the rest of the app runs.
//
// Stored as "v2.<iv>.<tag>.<ciphertext>" (base64url), with the shop's id as GCM's additional
// authenticated data: a ciphertext copied into another shop's row fails its tag there, and reads as
// a key to type again, never as that other shop's key.
//
// "v1.…" is the format before issue 31: no additional data, under DTE_CLAVE_CIFRADO or the session
// secret (whichever the server had then). It is still read, with the current key or the `anteriores`
// (the session secret), so a shop keeps issuing after the upgrade; it is never written. Wherever a key
// can be written again (the service's start, and every save of the issuer) a v1 is rewritten as v2
// (`anticuado`), after which it is bound to its shop and the session secret no longer opens it.
import crypto from 'node:crypto';

export interface Cifrado {
  /** False in production without DTE_CLAVE_CIFRADO: no key can be encrypted (saved). */
  readonly puedeCifrar: boolean;
  /** v2, bound to the shop. Throws when `puedeCifrar` is false (the service checks first). */
  cifrar(texto: string, idMinimarket: number): string;
  /**
   * Throws ApiKeyIlegible when the text was not made with this server's key for this shop (another
   * shop's row, another key, changed bytes): the key must be typed again.
   */
  descifrar(guardado: string, idMinimarket: number): string;
  /** Written before keys were bound to their shop (v1): to be written again as v2 when it can. */
  anticuado(guardado: string): boolean;
}

export class ApiKeyIlegible extends Error {
  constructor() {
    super('API key guardada ilegible con la clave de este servidor y esta tienda');
  }
}

const derivar = (secreto: string) => Buffer.from(crypto.hkdfSync('sha256', secreto, 'minimarket', 'api-key-dte', 32));
/** GCM's additional authenticated data: the shop the key belongs to. */
const datosAdicionales = (idMinimarket: number) => Buffer.from(String(idMinimarket), 'utf8');

function abrir(clave: Buffer, partes: { iv: string; tag: string; datos: string }, aad: Buffer | null): string | null {
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', clave, Buffer.from(partes.iv, 'base64url'));
    if (aad) decipher.setAAD(aad);
    decipher.setAuthTag(Buffer.from(partes.tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(partes.datos, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * `secreto`: what keys are encrypted under (null: none can be). `anteriores`: secrets a v1 key may have
 * been written under before (the session secret), tried for v1 only and never used to encrypt.
 */
export function createCifrado({ secreto, anteriores = [] }: { secreto: string | null; anteriores?: string[] }): Cifrado {
  const clave = secreto === null ? null : derivar(secreto);
  const clavesV1 = [...(clave ? [clave] : []), ...anteriores.filter((a) => a !== secreto).map(derivar)];
  return {
    puedeCifrar: clave !== null,
    cifrar(texto, idMinimarket) {
      if (!clave) throw new Error('Sin DTE_CLAVE_CIFRADO no se cifra ninguna API key');
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', clave, iv);
      cipher.setAAD(datosAdicionales(idMinimarket));
      const datos = Buffer.concat([cipher.update(texto, 'utf8'), cipher.final()]);
      return ['v2', iv, cipher.getAuthTag(), datos].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    descifrar(guardado, idMinimarket) {
      const [version, iv, tag, datos, ...resto] = guardado.split('.');
      if (!iv || !tag || datos === undefined || resto.length > 0) throw new ApiKeyIlegible();
      const partes = { iv, tag, datos };
      let texto: string | null = null;
      if (version === 'v2' && clave) texto = abrir(clave, partes, datosAdicionales(idMinimarket));
      if (version === 'v1') {
        for (const k of clavesV1) {
          texto = abrir(k, partes, null);
          if (texto !== null) break;
        }
      }
      if (texto === null) throw new ApiKeyIlegible();
      return texto;
    },
    anticuado: (guardado) => guardado.startsWith('v1.'),
  };
}
