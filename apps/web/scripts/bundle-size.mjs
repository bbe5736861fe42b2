// Prints the gzipped JavaScript the browser downloads to show /inicio-sesion (the entry and
// its static imports, the login route among them) and fails when it
// is over the budget. It builds into a temporary directory, so dist/ is left alone.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const PRESUPUESTO_KB = 150;
const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const salida = fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-web-size-'));

try {
  execFileSync(
    process.execPath,
    [path.join(WEB_DIR, 'node_modules/vite/bin/vite.js'), 'build', '--manifest', '--outDir', salida, '--logLevel', 'error'],
    {
      cwd: WEB_DIR,
      stdio: 'inherit',
    },
  );
  const manifest = JSON.parse(fs.readFileSync(path.join(salida, '.vite/manifest.json'), 'utf8'));
  const visitados = new Set();
  const visitar = (clave) => {
    if (visitados.has(clave)) return;
    visitados.add(clave);
    for (const i of manifest[clave].imports ?? []) visitar(i);
  };
  visitar(Object.keys(manifest).find((k) => manifest[k].isEntry));
  // The login route loads with the entry (router.tsx); were it lazy again, its chunk counts too.
  const rutaLogin = Object.keys(manifest).find((k) => k.endsWith('src/app/routes/auth.tsx'));
  if (rutaLogin) visitar(rutaLogin);

  let js = 0;
  let css = 0;
  for (const clave of visitados) {
    const { file, css: hojas = [] } = manifest[clave];
    js += zlib.gzipSync(fs.readFileSync(path.join(salida, file))).length;
    for (const hoja of hojas) css += zlib.gzipSync(fs.readFileSync(path.join(salida, hoja))).length;
  }
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(`/inicio-sesion: ${kb(js)} KB de JavaScript y ${kb(css)} KB de CSS (gzip); presupuesto de JavaScript ${PRESUPUESTO_KB} KB.`);
  if (js / 1024 > PRESUPUESTO_KB) {
    console.error('El JavaScript de la página de inicio de sesión supera el presupuesto.');
    process.exitCode = 1;
  }
} finally {
  fs.rmSync(salida, { recursive: true, force: true });
}
