import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * JWT_SECRET when set; otherwise a random secret kept beside the data directory, so
 * sessions survive a restart on a developer's machine without anyone choosing one.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(path.dirname(dataDir), 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
