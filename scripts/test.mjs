// npm test: every workspace's checks and tests, then the product as a user starts it,
// then the browser flows. Each step stops the run on failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build, install, pnpm, ROOT } from './lib.mjs';

const started = Date.now();
// turbo skips a workspace without the script silently: a workspace with no tests would pass unseen.
for (const grupo of ['apps', 'packages']) {
  for (const nombre of fs.readdirSync(path.join(ROOT, grupo))) {
    const archivo = path.join(ROOT, grupo, nombre, 'package.json');
    if (!fs.existsSync(archivo)) continue;
    const { scripts = {} } = JSON.parse(fs.readFileSync(archivo, 'utf8'));
    for (const script of ['typecheck', 'test']) {
      if (!scripts[script]) {
        console.error(`✖ ${grupo}/${nombre} no tiene el script "${script}": npm test no lo revisaría.`);
        process.exit(1);
      }
    }
  }
}
install();
console.log('› Estilo y límites entre módulos (ESLint, Prettier)...');
pnpm(['exec', 'eslint', '.', '--max-warnings', '0']);
pnpm(['exec', 'prettier', '--check', '.', '--log-level', 'warn']);
console.log('› Revisando tipos...');
pnpm(['exec', 'turbo', 'run', 'typecheck', '--output-logs=errors-only']);
console.log('› Pruebas unitarias y de integración (PostgreSQL real)...');
pnpm(['exec', 'turbo', 'run', 'test', '--concurrency=1', '--output-logs=full']);
build();
console.log('› Prueba de arranque: npm start y las cuentas de demostración...');
const smoke = spawnSync(process.execPath, ['scripts/smoke-start.mjs'], { cwd: ROOT, stdio: 'inherit' });
if (smoke.status !== 0) process.exit(smoke.status ?? 1);
console.log('› Flujos en el navegador (Playwright + Chromium)...');
pnpm(['--filter', '@minimarket/web', 'run', 'e2e']);
console.log(`\n✔ Todas las pruebas pasaron en ${Math.round((Date.now() - started) / 1000)} s.`);
