// npm run test:node -- 22: the README's test command (scripts/test.mjs) under another Node.js,
// taken from npm's `node` package (our machines have only Node 20 and the npm registry).
// Every child must run on that Node too: npx, pnpm, turbo's tasks, vitest, tsx and Playwright's
// web server all find `node` through PATH (`#!/usr/bin/env node`) or inherit process.execPath, so
// the chosen binary's folder goes first in PATH and the suite itself starts with that binary.
// Anything after the version is run instead of the suite, with the same PATH:
//   npm run test:node -- 24 npx vitest run --root apps/api test/ventas.test.ts
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const [version, ...comando] = process.argv.slice(2);
if (!version || !/^\d+(\.\d+){0,2}$/.test(version)) {
  console.error('Uso: npm run test:node -- <versión de Node.js> [comando…]');
  console.error('  npm run test:node -- 22        # npm test con Node.js 22 (la última 22.x del registro)');
  console.error('  npm run test:node -- 24.21.0   # una versión exacta');
  process.exit(1);
}

console.log(`› Obteniendo Node.js ${version} (paquete node@${version} de npm)...`);
// npx caches the package; the binary it runs is a plain executable in node_modules/node/bin.
const resuelto = spawnSync('npx', ['--yes', '-p', `node@${version}`, 'node', '-p', 'process.execPath'], {
  cwd: ROOT,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, npm_config_update_notifier: 'false' },
});
const binario = resuelto.stdout?.trim().split('\n').pop();
if (resuelto.status !== 0 || !binario || !path.isAbsolute(binario)) {
  console.error(`✖ No se pudo obtener Node.js ${version} del registro de npm (npx -p node@${version}).`);
  process.exit(1);
}

const env = {
  ...process.env,
  PATH: `${path.dirname(binario)}${path.delimiter}${process.env.PATH ?? ''}`,
  // npm records the Node that started it; tools that read these must see the chosen one.
  npm_node_execpath: binario,
  NODE: binario,
  // turbo's cache key does not include the Node version: without this it would replay the
  // typecheck and build that passed on another Node instead of running them on this one.
  TURBO_FORCE: 'true',
};

// The check the whole run rests on: a grandchild (npx → pnpm → node) reports the same Node.
const visto = spawnSync('npx', ['--yes', 'pnpm@10.34.8', 'exec', 'node', '-p', 'process.version'], {
  cwd: ROOT,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
  env,
});
const esperado = spawnSync(binario, ['-p', 'process.version'], { encoding: 'utf8' }).stdout?.trim();
const hijo = visto.stdout?.trim().split('\n').pop();
if (visto.status !== 0 || !esperado || hijo !== esperado) {
  console.error(`✖ Los procesos hijos no usan Node.js ${esperado ?? version}: pnpm corrió con ${hijo ?? '(nada)'}.`);
  process.exit(1);
}
console.log(`› Node.js ${esperado} (${binario}); pnpm y sus procesos usan el mismo.`);

const started = Date.now();
const [cmd, ...args] = comando.length ? comando : [binario, 'scripts/test.mjs'];
const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env });
const segundos = Math.round((Date.now() - started) / 1000);
if (res.status !== 0) {
  console.error(`\n✖ Falló con Node.js ${esperado} (${segundos} s).`);
  process.exit(res.status ?? 1);
}
console.log(`\n✔ Terminó bien con Node.js ${esperado} en ${segundos} s.`);
