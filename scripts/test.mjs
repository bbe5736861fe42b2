// npm test: every workspace's checks and tests, then the product as a user starts it,
// then the browser flows. Each step stops the run on failure. Steps that leave a core idle on
// their own run side by side (scripts/pasos-paralelos.mjs): style, format and types; then the
// start-up check beside the browser flows, each on its own ports and data directory.
import fs from 'node:fs';
import path from 'node:path';
import { build, install, PNPM, pnpm, ROOT } from './lib.mjs';
import { enParalelo } from './pasos-paralelos.mjs';

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
const conPnpm = (nombre, args, extra = {}) => ({ nombre, cmd: 'npx', args: [...PNPM, ...args], ...extra });

install();
await enParalelo([
  conPnpm('Límites entre módulos y estilo (ESLint)', ['exec', 'eslint', '.', '--max-warnings', '0']),
  conPnpm('Formato (Prettier)', ['exec', 'prettier', '--check', '.', '--log-level', 'warn']),
  conPnpm('Tipos (tsc)', ['exec', 'turbo', 'run', 'typecheck', '--output-logs=errors-only']),
]);
console.log('› Pruebas unitarias y de integración (PostgreSQL real)...');
pnpm(['exec', 'turbo', 'run', 'test', '--concurrency=1', '--output-logs=full']);
build();
await enParalelo([
  { nombre: 'Prueba de arranque: npm start y las cuentas de demostración', cmd: process.execPath, args: ['scripts/smoke-start.mjs'] },
  conPnpm('Flujos en el navegador (Playwright + Chromium)', ['--filter', '@minimarket/web', 'run', 'e2e'], { enVivo: true }),
]);
console.log(`\n✔ Todas las pruebas pasaron en ${Math.round((Date.now() - started) / 1000)} s.`);
