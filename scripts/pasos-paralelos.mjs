// Steps of `npm test` that may run side by side. On 2 cores most single steps leave a core idle
// (ESLint, Prettier and tsc are single-threaded; the start-up check mostly waits on PostgreSQL and
// on downloads), so pairing them shortens the run without giving any of them up (issue 33).
// Each step's output is held and printed whole when it ends, so two steps never interleave lines;
// the first failure stops the others and the run.
import { spawn } from 'node:child_process';
import { ROOT } from './lib.mjs';

/**
 * @param {{ nombre: string, cmd: string, args: string[], env?: Record<string,string>, enVivo?: boolean }[]} pasos
 *   `enVivo`: the one step whose output streams as it comes (a long one someone may be watching).
 */
export async function enParalelo(pasos) {
  const inicio = Date.now();
  const hijos = new Set();
  let fallo = null;
  // The steps run in their own process groups, out of reach of the terminal's Ctrl+C: pass it on.
  const alCortar = (senal) => {
    for (const hijo of hijos) detener(hijo);
    process.exit(senal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', alCortar);
  process.once('SIGTERM', alCortar);
  await Promise.all(
    pasos.map(
      (paso) =>
        new Promise((resolve) => {
          console.log(`› ${paso.nombre}...`);
          const hijo = spawn(paso.cmd, paso.args, {
            cwd: ROOT,
            env: { ...process.env, ...paso.env },
            stdio: paso.enVivo ? 'inherit' : ['ignore', 'pipe', 'pipe'],
            // Its own process group, so stopping it stops what it started (servers, PostgreSQL).
            detached: true,
          });
          hijos.add(hijo);
          const salida = [];
          hijo.stdout?.on('data', (c) => salida.push(c));
          hijo.stderr?.on('data', (c) => salida.push(c));
          hijo.on('close', (codigo, senal) => {
            hijos.delete(hijo);
            const texto = Buffer.concat(salida).toString('utf8').trimEnd();
            const segundos = Math.round((Date.now() - inicio) / 1000);
            if (codigo === 0) {
              if (texto) console.log(texto);
              console.log(`  ✔ ${paso.nombre} (${segundos} s)`);
            } else if (!fallo) {
              fallo = paso.nombre;
              if (texto) console.error(texto);
              console.error(`\n✖ Falló: ${paso.nombre} (${senal ?? `código ${codigo}`})`);
              for (const otro of hijos) detener(otro);
            }
            resolve();
          });
        }),
    ),
  );
  process.off('SIGINT', alCortar);
  process.off('SIGTERM', alCortar);
  if (fallo) process.exit(1);
}

function detener(hijo) {
  try {
    process.kill(-hijo.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
