// The proof that the web's types follow the contracts (issue 33): a copy of packages/contracts with one
// field of Producto renamed, and TypeScript over web files that read that field, fails exactly there.
// The copy lives in a temporary folder; the web's own tsconfig is used, pointed at the copy.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONTRATOS = path.resolve(WEB_DIR, '../../packages/contracts/src');
/** Files that read Producto's `nombre_producto`: the type test, and the offline catalogue's row mapper. */
const LECTORES = ['src/lib/rutas.type-test.ts', 'src/lib/offline/catalogo.ts'];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rutas-renombre-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** tsc over LECTORES with `@minimarket/contracts/*` read from `contratos`; its diagnostics ('' when clean). */
function tsc(contratos: string): string {
  const config = path.join(tmp, 'tsconfig.json');
  fs.writeFileSync(
    config,
    JSON.stringify({
      extends: path.join(WEB_DIR, 'tsconfig.json'),
      compilerOptions: { paths: { '@minimarket/contracts/*': [`${contratos}/*.ts`] }, noUnusedLocals: false },
      include: [],
      files: LECTORES.map((f) => path.join(WEB_DIR, f)),
    }),
  );
  try {
    execFileSync(process.execPath, [path.join(WEB_DIR, 'node_modules/typescript/bin/tsc'), '--noEmit', '--pretty', 'false', '-p', config], {
      cwd: WEB_DIR,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return '';
  } catch (e) {
    return (e as { stdout: string }).stdout;
  }
}

describe('a field renamed in packages/contracts', () => {
  it('breaks the web type check where it is read, and only there', () => {
    // The copy's imports of zod resolve through the web's node_modules, as the real contracts' do.
    fs.symlinkSync(path.join(WEB_DIR, 'node_modules'), path.join(tmp, 'node_modules'), 'dir');
    const renombrada = path.join(tmp, 'contratos');
    fs.cpSync(CONTRATOS, renombrada, { recursive: true });
    const productos = path.join(renombrada, 'productos.ts');
    const texto = fs.readFileSync(productos, 'utf8');
    const campo = '    nombre_producto: z.string(),\n    categoria: z.enum(CATEGORIAS),';
    expect(texto.split(campo)).toHaveLength(2);
    fs.writeFileSync(productos, texto.replace(campo, campo.replace('nombre_producto', 'nombre_articulo')));

    // With the contracts as they are these files are clean (npm test's tsc): what fails here is the rename,
    // and nothing else (a copy TypeScript could not resolve would fail with other errors, elsewhere).
    const errores = tsc(renombrada).trim().split('\n');
    const donde = errores.map((e) => e.slice(0, e.indexOf('(')));
    expect(new Set(donde)).toEqual(new Set(LECTORES));
    expect(errores.filter((e) => e.includes('rutas.type-test.ts'))).toEqual([
      expect.stringMatching(/error TS2339: Property 'nombre_producto' does not exist on type/),
    ]);
    expect(errores.filter((e) => e.includes('catalogo.ts')).join('\n')).toMatch(/nombre_producto/);
  }, 180_000);
});
