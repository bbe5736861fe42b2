// What the benches share to run the app in a child process (the same bench file with
// BENCH_ROLE=server), so the load generator never shares the app's event loop.
import { fork, type ChildProcess } from 'node:child_process';
import net from 'node:net';

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
