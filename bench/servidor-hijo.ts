// What the benches share to run the app in a child process (the same bench file with
// BENCH_ROLE=server), so the load generator never shares the app's event loop.
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import { buildApp } from '../apps/api/src/app.js';
import { createDb } from '../apps/api/src/db/client.js';
import { readEnv } from '../apps/api/src/env.js';

/** A port nobody is listening on right now. */
export function puertoLibre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The child's side (BENCH_ROLE=server): the app over DATABASE_URL on a free port, told to the parent
 * over IPC, closed on 'stop'. `env` adds or overrides settings (log level, upload size, the queue).
 */
export async function servirComoHijo(env: Record<string, string>) {
  const databaseUrl = process.env.DATABASE_URL!;
  const db = createDb(databaseUrl);
  const app = await buildApp({
    env: readEnv({ ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, ...env }),
    db,
    jwtSecret: crypto.randomBytes(32).toString('hex'),
    serveWeb: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('message', async (msg) => {
    if (msg === 'stop') {
      await app.close();
      await db.$disconnect();
      process.exit(0);
    }
  });
  process.send?.({ port: (app.server.address() as { port: number }).port });
}

/** Forks `archivo` as the server; it answers `{ port }` over IPC once it listens. */
export function iniciarServidor(
  archivo: string,
  databaseUrl: string,
  execArgv: string[] = [],
): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(archivo, [], {
    env: { ...process.env, BENCH_ROLE: 'server', DATABASE_URL: databaseUrl },
    execArgv: [...process.execArgv, ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`el servidor terminó antes de escuchar (código ${code})`)));
  });
}

/** Asks the server to stop ('stop' over IPC), killing it if it has not within 30 s (an import may be rolling back). */
export async function detenerServidor(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const salida = new Promise((r) => child.once('exit', r));
  if (child.connected) child.send('stop');
  else child.kill('SIGTERM');
  const plazo = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await salida;
  clearTimeout(plazo);
}

/** A bearer token through the real login call. */
export async function login(port: number, cuenta: { correo: string; password: string }): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `username=${encodeURIComponent(cuenta.correo)}&password=${encodeURIComponent(cuenta.password)}`,
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
