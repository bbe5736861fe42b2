// The providers' API keys at rest (issue 23): AES-256-GCM under a key from the environment
// (DTE_CLAVE_CIFRADO, or derived from the session secret by HKDF when it is not set), so a copy of
// the database alone does not give them away. Stored as "v1.<iv>.<tag>.<ciphertext>" (base64url).
import crypto from 'node:crypto';

export interface Cifrado {
  cifrar(texto: string): string;
  /** Throws when the text was not made with this key (or was changed): the key must be typed again. */
  descifrar(guardado: string): string;
}

export function createCifrado(secreto: string): Cifrado {
  const clave = Buffer.from(crypto.hkdfSync('sha256', secreto, 'minimarket', 'api-key-dte', 32));
  return {
    cifrar(texto) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', clave, iv);
      const datos = Buffer.concat([cipher.update(texto, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), datos].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    descifrar(guardado) {
      const [version, iv, tag, datos] = guardado.split('.');
      if (version !== 'v1' || !iv || !tag || datos === undefined) throw new Error('API key guardada en un formato desconocido');
      const decipher = crypto.createDecipheriv('aes-256-gcm', clave, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(datos, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
