import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ErrorDeArranque } from './error-de-arranque.js';

/**
 * JWT_SECRET when set. With DATABASE_URL (a real deployment, maybe several replicas) it must
 * be set: every replica has to sign with the same secret, and nobody may guess it. On the
 * embedded database alone, a random secret kept beside its data directory, so sessions
 * survive a restart on a developer's machine without anyone choosing one.
 */
export function resolveJwtSecret(env: { JWT_SECRET?: string; DATABASE_URL?: string; PG_DATA_DIR: string }): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  if (env.DATABASE_URL) {
    throw new ErrorDeArranque(
      'Con DATABASE_URL hay que definir JWT_SECRET (al menos 32 caracteres aleatorios, el mismo en todas las réplicas). Por ejemplo: openssl rand -base64 48',
    );
  }
  const file = path.join(path.dirname(env.PG_DATA_DIR), 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
