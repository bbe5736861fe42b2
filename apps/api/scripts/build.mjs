// Builds the API to plain JavaScript: dist/server.js, one ES module that Node runs with no
// TypeScript loader (npm start, the Docker image), and beside it dist/respaldos.js, the backup
// commands (npm run respaldo / restaurar, src/modules/respaldos/cli.ts). Our own code (src/, the generated Prisma
// client and the @minimarket/contracts sources) is bundled; every npm dependency stays an
// import of node_modules, as published. dist/ sits beside src/, so paths computed from the
// module's own location (the repo root, prisma/migrations) are the same in both.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(API_DIR, 'package.json'), 'utf8'));
const propios = new Set(['@minimarket/contracts']);
const externos = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {})].filter((d) => !propios.has(d));

/** dist/<name>.js ← src/<path>.ts: each one a whole bundle of its own. */
const ENTRADAS = { server: 'src/server.ts', respaldos: 'src/modules/respaldos/cli.ts' };

await build({
  entryPoints: Object.entries(ENTRADAS).map(([out, entrada]) => ({ out, in: path.join(API_DIR, entrada) })),
  outdir: path.join(API_DIR, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // Subpaths too: '@prisma/client/runtime/client', 'pg-copy-streams'…
  external: externos.flatMap((d) => [d, `${d}/*`]),
  // Bundled ES modules that still call require() (none of ours should) get one.
  banner: { js: "import { createRequire as __crearRequire } from 'node:module'; const require = __crearRequire(import.meta.url);" },
  logLevel: 'warning',
});
const salidas = Object.keys(ENTRADAS).map((out) => path.relative(process.cwd(), path.join(API_DIR, 'dist', `${out}.js`)));
console.log(`API compilada en ${salidas.join(' y ')}`);
