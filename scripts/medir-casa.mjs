// npm run medir [-- --rev <rev>] [-- --json]: the house's figures (issue 33) taken the same way every
// time, so that "before and after" is two runs of this script: lines of code, imports that run back up
// a layer, files over 500 lines and functions over 120, duplicated code (jscpd) and raw read call sites
// outside apps/api/src/data. Source outside tests and generated code only; docs/mapa.md «Medir la casa».
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib.mjs';
import { analizar, lineasDeCodigo, lineasFisicas, parsear, proporcionDeDatos } from './lib/medir-codigo.mjs';

const WORKSPACES = { api: 'apps/api/src', web: 'apps/web/src', contracts: 'packages/contracts/src' };
// Layers from the bottom up, by the longest path prefix under src/: the order eslint.config.mjs enforces
// (CAPAS_API, CAPAS_WEB; docs/mapa.md, «Capas»). The demo seed writes through data/ as a module would, so
// it sits beside data/, not in db/.
const CAPAS = {
  api: [['lib', 'env.ts'], ['db'], ['data', 'db/seed'], ['imports'], ['modules'], ['plugins'], ['routes'], ['app.ts', 'server.ts']],
  web: [['utils'], ['lib'], ['hooks'], ['components'], ['features'], ['app', 'main.tsx']],
};
const ARCHIVO_GRANDE = 500;
const FUNCION_LARGA = 120;
const TABLA_DE_DATOS = 0.8; // share of the code lines in pure data literals that makes a data table
const JSCPD = ['--min-lines', '6', '--min-tokens', '50', '--format', 'typescript,tsx'];

const esPrueba = (rel) => /\.(test|spec)\.tsx?$|\/(test|tests|__tests__|e2e)\//.test(rel);
const esGenerado = (rel, texto) =>
  /\/generated\/|\.gen\.tsx?$/.test(rel) || /@generated|auto-generated|DO NOT EDIT/i.test(texto.slice(0, 400));
const git = (args, opts) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28, ...opts });
const sumar = (xs) => xs.reduce((s, x) => s + x, 0);
const contar = (cuenta, clave) => (cuenta[clave] = (cuenta[clave] ?? 0) + 1);
const ordenado = (cuenta) => Object.fromEntries(Object.entries(cuenta).sort((x, y) => y[1] - x[1]));

/** The tree to measure: the working tree, or `rev` unpacked by git archive into a temp dir (no worktree to clean up in .git). */
function prepararArbol(rev) {
  const rutas = [...Object.values(WORKSPACES), 'prisma'];
  if (!rev) {
    const head = git(['rev-parse', '--short', 'HEAD']).stdout.trim();
    const lista = git(['ls-files', '--cached', '--others', '--exclude-standard', '--', ...rutas]).stdout;
    return { raiz: ROOT, titulo: `árbol de trabajo (HEAD ${head} y sus cambios)`, lista, limpiar: () => {} };
  }
  const commit = git(['rev-parse', '--short', '--verify', `${rev}^{commit}`]);
  if (commit.status !== 0) throw new Error(`No existe la revisión ${rev}`);
  const raiz = fs.mkdtempSync(path.join(os.tmpdir(), 'medir-casa-'));
  const limpiar = () => fs.rmSync(raiz, { recursive: true, force: true });
  const tar = git(['archive', '--format=tar', rev, '--', ...rutas], { encoding: 'buffer' });
  if (tar.status !== 0 || spawnSync('tar', ['-x', '-C', raiz], { input: tar.stdout }).status !== 0) {
    limpiar();
    throw new Error(`No se pudo extraer ${rev} con git archive`);
  }
  const lista = git(['ls-tree', '-r', '--name-only', rev, '--', ...rutas]).stdout;
  return { raiz, titulo: `${rev} (${commit.stdout.trim()})`, lista, limpiar };
}

/** Prisma client names (camelCase) of the tree's models: a delegate read is `x.<model>.findMany(`. */
function leerModelos({ raiz, lista }) {
  const esquemas = lista.split('\n').filter((r) => r.endsWith('.prisma') && fs.existsSync(path.join(raiz, r)));
  const texto = esquemas.map((r) => fs.readFileSync(path.join(raiz, r), 'utf8')).join('\n');
  return new Set([...texto.matchAll(/^model\s+(\w+)\s*\{/gm)].map(([, m]) => m.charAt(0).toLowerCase() + m.slice(1)));
}

/** The source files outside tests and generated code, each parsed once (the working tree's list may name a deleted file). */
function leerFuentes(arbol) {
  const modelos = leerModelos(arbol);
  const archivos = [];
  for (const rel of new Set(arbol.lista.split('\n'))) {
    const ws = Object.keys(WORKSPACES).find((w) => rel.startsWith(`${WORKSPACES[w]}/`));
    if (!ws || !/\.tsx?$/.test(rel) || esPrueba(rel) || !fs.existsSync(path.join(arbol.raiz, rel))) continue;
    const texto = fs.readFileSync(path.join(arbol.raiz, rel), 'utf8');
    if (esGenerado(rel, texto)) continue;
    archivos.push({ rel, ws, enWs: rel.slice(WORKSPACES[ws].length + 1), texto, ...analizar(parsear(rel, texto), modelos) });
  }
  return archivos.sort((a, b) => a.rel.localeCompare(b.rel));
}

function contarLineas(archivos) {
  const porWs = Object.fromEntries(
    Object.keys(WORKSPACES).map((ws) => [ws, sumar(archivos.filter((a) => a.ws === ws).map((a) => lineasDeCodigo(a.texto)))]),
  );
  return { ...porWs, total: sumar(Object.values(porWs)), archivos: archivos.length };
}

/** The file an import names, among the measured ones ('./x.js' is x.ts, as TypeScript resolves it). */
function resolver(desde, especificador, existe) {
  const base = path.posix.join(path.posix.dirname(desde), especificador).replace(/\.(m?js|jsx)$/, '');
  return ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((r) => existe.has(r));
}

/** A file's layer (0 is the bottom), by its longest matching prefix; null when no layer names it. */
function capa(a) {
  const coincidencias = (CAPAS[a.ws] ?? []).flatMap((prefijos, i) =>
    prefijos.filter((p) => a.enWs === p || a.enWs.startsWith(`${p}/`)).map((p) => ({ largo: p.length, i })),
  );
  return coincidencias.length ? coincidencias.sort((x, y) => y.largo - x.largo)[0].i : null;
}

/** Imports from a lower layer to a higher one, folders in no layer, and groups of files that import each other. */
function importsQueSuben(archivos) {
  const porRel = new Map(archivos.map((a) => [a.rel, a]));
  const existe = new Set(porRel.keys());
  const suben = new Map();
  const grafo = new Map(archivos.map((a) => [a.rel, []]));
  for (const a of archivos) {
    for (const imp of a.imports) {
      const destino = porRel.get(resolver(a.rel, imp.texto, existe));
      if (!destino) continue; // another workspace, a package, or generated code
      // A type-only import is gone at run time: it cannot close a cycle, but it still ties the layers.
      if (!imp.soloTipos) grafo.get(a.rel).push(destino.rel);
      const [desde, hacia] = [capa(a), capa(destino)];
      if (desde !== null && hacia !== null && hacia > desde)
        suben.set(`${a.rel}→${destino.rel}`, { ws: a.ws, desde: a.enWs, hacia: destino.enWs });
    }
  }
  const sinCapa = new Set(archivos.filter((a) => CAPAS[a.ws] && capa(a) === null).map((a) => `${a.ws}/${a.enWs.split('/')[0]}`));
  const ciclos = componentes(grafo).map((grupo) => grupo.map((rel) => porRel.get(rel).enWs));
  return { suben: [...suben.values()], sinCapa: [...sinCapa], ciclos };
}

/** Tarjan's strongly connected components of more than one file: each file in one reaches every other. */
function componentes(grafo) {
  const indice = new Map();
  const bajo = new Map();
  const pila = [];
  const grupos = [];
  const visitar = (v) => {
    indice.set(v, indice.size);
    bajo.set(v, indice.get(v));
    pila.push(v);
    for (const w of grafo.get(v)) {
      if (!indice.has(w)) visitar(w);
      if (pila.includes(w)) bajo.set(v, Math.min(bajo.get(v), bajo.get(w)));
    }
    if (bajo.get(v) !== indice.get(v)) return;
    const grupo = pila.splice(pila.indexOf(v));
    if (grupo.length > 1) grupos.push(grupo.sort());
  };
  for (const v of grafo.keys()) if (!indice.has(v)) visitar(v);
  return grupos;
}

/** Files over 500 lines and functions over 120, longest first; data tables are listed apart and not counted. */
function tamanos(archivos) {
  const esTabla = (a, desde, hasta) => proporcionDeDatos(a, desde, hasta) >= TABLA_DE_DATOS;
  const porTamano = (x, y) => y.lineas - x.lineas;
  const grandes = archivos
    .map((a) => ({ archivo: a.rel, lineas: lineasFisicas(a.texto), tabla: esTabla(a, 0, Infinity) }))
    .filter((g) => g.lineas > ARCHIVO_GRANDE)
    .sort(porTamano);
  const funcionesLargas = archivos
    .flatMap((a) =>
      a.funciones
        .map((f) => ({
          archivo: a.rel,
          linea: f.desde + 1,
          nombre: f.nombre,
          lineas: f.hasta - f.desde + 1,
          tabla: esTabla(a, f.desde, f.hasta),
        }))
        .filter((f) => f.lineas > FUNCION_LARGA && !f.tabla),
    )
    .sort(porTamano);
  const sinMarca = ({ archivo, lineas }) => ({ archivo, lineas });
  return {
    archivosGrandes: grandes.filter((g) => !g.tabla).map(sinMarca),
    tablasDeDatos: grandes.filter((g) => g.tabla).map(sinMarca),
    funcionesLargas: funcionesLargas.map(({ tabla: _, ...f }) => f),
  };
}

/** jscpd's clones over the given files (the report's JSON `duplicates`), with the extra options. */
function jscpd(raiz, archivos, extra) {
  const bin = createRequire(import.meta.url).resolve('jscpd/run-jscpd.js');
  const salida = fs.mkdtempSync(path.join(os.tmpdir(), 'medir-jscpd-'));
  const opciones = [...JSCPD, ...extra, ...'--reporters json --silent --no-tips --no-gitignore --absolute --output'.split(' '), salida];
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [bin, ...opciones, ...archivos.map((a) => a.rel)], {
      cwd: raiz,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    p.on('error', reject);
    p.on('exit', (code) => {
      const informe = path.join(salida, 'jscpd-report.json');
      const clones = code === 0 && fs.existsSync(informe) ? JSON.parse(fs.readFileSync(informe, 'utf8')).duplicates : null;
      fs.rmSync(salida, { recursive: true, force: true });
      if (clones) resolve(clones);
      else reject(new Error(`jscpd terminó con código ${code}`));
    });
  });
}

/**
 * Two jscpd runs side by side: with identifiers as wildcards, every clone (copies with names changed too);
 * as written, the exact copies. With identifiers ignored jscpd grows a renamed clone over an exact one
 * inside it, so that run alone would undercount the exact copies.
 */
async function duplicados(raiz, archivos) {
  const [todos, exactos] = await Promise.all([jscpd(raiz, archivos, ['--ignore-identifiers']), jscpd(raiz, archivos, [])]);
  const rel = (f) => path.relative(raiz, f.name).split(path.sep).join('/');
  const porArchivo = {};
  for (const c of todos) for (const f of new Set([rel(c.firstFile), rel(c.secondFile)])) contar(porArchivo, f);
  const entreArchivos = exactos.filter((c) => rel(c.firstFile) !== rel(c.secondFile));
  return {
    clones: todos.length,
    clonesPorArchivo: todos.length / archivos.length,
    exactosEntreArchivos: entreArchivos.map((c) => [c.firstFile, c.secondFile].map((f) => `${rel(f)}:${f.start}-${f.end}`).join(' ↔ ')),
    masClones: Object.entries(ordenado(porArchivo)).slice(0, 10),
  };
}

/** Raw read call sites in the API per folder (modules/ventas, imports, db, …); data/ is where they belong. */
function lecturas(archivos) {
  const porCarpeta = {};
  const porTipo = {};
  for (const a of archivos.filter((x) => x.ws === 'api')) {
    const carpetas = a.enWs.split('/').slice(0, -1);
    const carpeta = carpetas[0] === 'data' ? 'data' : carpetas.slice(0, 2).join('/') || '.';
    for (const l of a.lecturas) {
      contar(porCarpeta, carpeta);
      if (carpeta !== 'data') contar(porTipo, l.tipo);
    }
  }
  const { data: enData = 0, ...fuera } = porCarpeta;
  return { fueraDeData: sumar(Object.values(fuera)), enData, porCarpeta: ordenado(fuera), porTipo: ordenado(porTipo) };
}

function imprimir(r) {
  const n = (x) => x.toLocaleString('es-CL', { maximumFractionDigits: 2 });
  const lista = (xs) => xs.map((x) => `  ${x}`);
  const { suben, sinCapa, ciclos } = r.imports;
  const { archivosGrandes, tablasDeDatos, funcionesLargas } = r.tamanos;
  const d = r.duplicados;
  const l = r.lecturas;
  const salida = [
    `Medir la casa: ${r.arbol}`,
    '',
    '## Líneas de código (sin tests ni generados, sin líneas en blanco ni de solo comentario)',
    ...Object.entries(r.lineas).map(([k, v]) => `${k}: ${n(v)}`),
    '',
    '## Imports que suben de capa',
    `en total: ${suben.length}`,
    ...Object.keys(CAPAS).flatMap((ws) => {
      const suyos = suben.filter((s) => s.ws === ws);
      return [`${ws}: ${suyos.length}`, ...lista(suyos.map((s) => `${s.desde} → ${s.hacia}`))];
    }),
    ...(sinCapa.length ? [`carpetas sin capa (no se miden): ${sinCapa.join(', ')}`] : []),
    `grupos de archivos en ciclo (sin contar import type): ${ciclos.length}`,
    ...lista(ciclos.map((g) => g.join(' ⇄ '))),
    '',
    `## Archivos de más de ${ARCHIVO_GRANDE} líneas`,
    `archivos: ${archivosGrandes.length}`,
    ...lista(archivosGrandes.map((g) => `${g.lineas} ${g.archivo}`)),
    `tablas de datos (no cuentan): ${tablasDeDatos.length}`,
    ...lista(tablasDeDatos.map((g) => `${g.lineas} ${g.archivo}`)),
    '',
    `## Funciones de más de ${FUNCION_LARGA} líneas`,
    `funciones: ${funcionesLargas.length}`,
    ...lista(funcionesLargas.map((f) => `${f.lineas} ${f.archivo}:${f.linea} ${f.nombre}`)),
    '',
    `## Código duplicado (jscpd ${JSCPD.join(' ')})`,
    `clones (también con nombres cambiados): ${n(d.clones)}`,
    `clones por archivo: ${n(d.clonesPorArchivo)}`,
    `copias exactas entre archivos distintos: ${d.exactosEntreArchivos.length}`,
    ...lista(d.exactosEntreArchivos),
    'archivos con más clones:',
    ...lista(d.masClones.map(([f, c]) => `${c} ${f}`)),
    '',
    '## Lecturas directas en apps/api/src ($queryRaw, findMany…, query SELECT)',
    `fuera de data/: ${l.fueraDeData}`,
    ...lista(Object.entries(l.porCarpeta).map(([c, v]) => `${c}: ${v}`)),
    `dentro de data/: ${l.enData}`,
    'fuera de data/, por llamada:',
    ...lista(Object.entries(l.porTipo).map(([t, v]) => `${t}: ${v}`)),
    '',
    `medido en ${n(r.segundos)} s`,
  ];
  console.log(salida.join('\n'));
}

async function main() {
  const { values } = parseArgs({ options: { rev: { type: 'string' }, json: { type: 'boolean', default: false } } });
  const inicio = performance.now();
  const arbol = prepararArbol(values.rev);
  try {
    const archivos = leerFuentes(arbol);
    const r = { arbol: arbol.titulo, lineas: contarLineas(archivos), imports: importsQueSuben(archivos), tamanos: tamanos(archivos) };
    r.duplicados = await duplicados(arbol.raiz, archivos);
    r.lecturas = lecturas(archivos);
    r.segundos = (performance.now() - inicio) / 1000;
    if (values.json) console.log(JSON.stringify(r, null, 2));
    else imprimir(r);
  } finally {
    arbol.limpiar();
  }
}

main().catch((err) => {
  console.error(`✖ ${err.message}`);
  process.exit(1);
});
