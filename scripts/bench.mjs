// npm run bench: installs, then runs every bench/*-bench.ts in name order, one after the other
// (they would skew each other's figures if run together). Benchmarks print figures and
// assert nothing; a bench that crashes makes the run fail, a slow figure does not.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { install, ROOT } from './lib.mjs';

const BENCH_DIR = path.join(ROOT, 'bench');
/** From apps/api, `--import tsx` resolves. */
const API_DIR = path.join(ROOT, 'apps', 'api');
/**
 * bench/ has no package.json nor node_modules: tsx loads its files as CommonJS, and a bare
 * `import 'pg'` there resolves from bench/ upwards, never into apps/api. NODE_PATH adds the
 * API's dependencies to that search (CommonJS honours it).
 */
const NODE_PATH = [path.join(API_DIR, 'node_modules'), process.env.NODE_PATH].filter(Boolean).join(path.delimiter);

const benches = fs
  .readdirSync(BENCH_DIR)
  .filter((f) => f.endsWith('-bench.ts'))
  .sort();

if (benches.length === 0) {
  console.log('No hay benchmarks en bench/.');
  process.exit(0);
}

install();

const started = Date.now();
const fallidos = [];
for (const file of benches) {
  console.log(`\n━━━ ${file} ━━━`);
  const t0 = Date.now();
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(BENCH_DIR, file)], {
    cwd: API_DIR,
    stdio: 'inherit',
    env: { ...process.env, NODE_PATH },
  });
  const segundos = Math.round((Date.now() - t0) / 1000);
  if (res.status !== 0) {
    console.error(`✖ ${file} terminó con código ${res.status ?? res.signal} (${segundos} s)`);
    fallidos.push(file);
  } else {
    console.log(`› ${file}: ${segundos} s`);
  }
}

console.log(`\n${benches.length} benchmark(s) en ${Math.round((Date.now() - started) / 1000)} s.`);
if (fallidos.length > 0) {
  console.error(`✖ Fallaron: ${fallidos.join(', ')}`);
  process.exit(1);
}
