// What `npm run medir` (scripts/medir-casa.mjs) reads in one source file, in one walk of its syntax
// tree (TypeScript's own parser, so JSX, generics and template literals are read as the compiler reads
// them, not by regular expressions): the relative imports, every function's line span, the lines that
// are pure data, and the raw read call sites.
import ts from 'typescript';

const LECTURAS_PRISMA = new Set('findMany findFirst findUnique findFirstOrThrow findUniqueOrThrow count aggregate groupBy'.split(' '));

const esComentarioOBlanco = (l) => !l.trim() || /^\s*(\/\/|\/\*|\*)/.test(l);
/** Lines of code: neither blank nor comment only. */
export const lineasDeCodigo = (texto) => texto.split('\n').filter((l) => !esComentarioOBlanco(l)).length;
/** Physical lines, as `wc -l` counts them (the "file over 500 lines" measure). */
export const lineasFisicas = (texto) => texto.split('\n').length - (texto.endsWith('\n') ? 1 : 0);

/** Share of the code lines between `desde` and `hasta` (0-based, inclusive) that sit in pure data literals. */
export function proporcionDeDatos(archivo, desde, hasta) {
  const lineas = archivo.texto.split('\n').slice(desde, hasta + 1);
  const codigo = lineas.map((l, i) => [l, desde + i]).filter(([l]) => !esComentarioOBlanco(l));
  return codigo.length ? codigo.filter(([, i]) => archivo.datos.has(i)).length / codigo.length : 0;
}

export function parsear(rel, texto) {
  return ts.createSourceFile(rel, texto, ts.ScriptTarget.Latest, true, rel.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

const linea = (sf, n) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line;
const lineaFinal = (sf, n) => sf.getLineAndCharacterOfPosition(n.getEnd()).line;
const esFuncion = (n) =>
  ts.isFunctionDeclaration(n) ||
  ts.isFunctionExpression(n) ||
  ts.isArrowFunction(n) ||
  ts.isMethodDeclaration(n) ||
  ts.isConstructorDeclaration(n) ||
  ts.isAccessor(n);
const tieneLogica = (n) => esFuncion(n) || ts.isCallExpression(n) || ts.isNewExpression(n) || !!ts.forEachChild(n, tieneLogica);
// A literal with no function and no call in it is data (a catalogue, a table of rules), not logic to
// read; a file or function made of it is a data table, which the size limits leave out.
const esDatos = (n) => (ts.isArrayLiteralExpression(n) || ts.isObjectLiteralExpression(n)) && !ts.forEachChild(n, tieneLogica);

/** imports, funciones ({ nombre, desde, hasta }, 0-based lines), datos (a Set of lines) and lecturas ({ tipo, linea }). */
export function analizar(sf, modelos) {
  const r = { imports: [], funciones: [], datos: new Set(), lecturas: [] };
  const visitar = (n, enDatos) => {
    if (!enDatos && esDatos(n)) {
      for (let l = linea(sf, n); l <= lineaFinal(sf, n); l++) r.datos.add(l);
      enDatos = true; // its inner literals are already counted
    }
    const spec = especificador(n);
    if (spec?.texto.startsWith('.')) r.imports.push(spec);
    if (esFuncion(n) && n.body) r.funciones.push({ nombre: nombreDeFuncion(n), desde: linea(sf, n), hasta: lineaFinal(sf, n) });
    const tipo = lecturaDirecta(n, modelos);
    if (tipo) r.lecturas.push({ tipo, linea: linea(sf, n) + 1 });
    ts.forEachChild(n, (h) => visitar(h, enDatos));
  };
  visitar(sf, false);
  return r;
}

/** The module an import, re-export or import() names, and whether it brings types only (gone at run time). */
function especificador(n) {
  if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) {
    const c = n.importClause;
    const nombres = c?.namedBindings && ts.isNamedImports(c.namedBindings) ? c.namedBindings.elements : [];
    const soloTipos = !!c && (c.isTypeOnly || (!c.name && nombres.length > 0 && nombres.every((e) => e.isTypeOnly)));
    return { texto: n.moduleSpecifier.text, soloTipos };
  }
  if (ts.isExportDeclaration(n) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier))
    return { texto: n.moduleSpecifier.text, soloTipos: n.isTypeOnly };
  const [arg] = ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword ? n.arguments : [];
  return arg && ts.isStringLiteral(arg) ? { texto: arg.text, soloTipos: false } : null;
}

function nombreDeFuncion(n) {
  if (n.name) return n.name.getText();
  if (ts.isConstructorDeclaration(n)) return 'constructor';
  const p = n.parent;
  if ((ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p)) && p.name) return p.name.getText();
  if (ts.isCallExpression(p)) return `${p.expression.getText().slice(0, 40)}(…)`;
  // A render prop: named by its attribute, or by the element it is the child of.
  if (ts.isJsxExpression(p) && ts.isJsxAttribute(p.parent)) return `${p.parent.name.getText()}={…}`;
  if (ts.isJsxExpression(p) && ts.isJsxElement(p.parent)) return `<${p.parent.openingElement.tagName.getText()}>{…}`;
  return '(anónima)';
}

/**
 * '$queryRaw' / '$queryRawUnsafe', a Prisma delegate read on a model of the schema (`tx.producto.findMany(`:
 * the model name keeps an unrelated `.count(` out), or 'query' for a pg `.query('SELECT …' / 'WITH …')`.
 */
function lecturaDirecta(n, modelos) {
  const callee = ts.isTaggedTemplateExpression(n) ? n.tag : ts.isCallExpression(n) ? n.expression : null;
  if (!callee || !ts.isPropertyAccessExpression(callee)) return null;
  const metodo = callee.name.text;
  if (metodo === '$queryRaw' || metodo === '$queryRawUnsafe') return metodo;
  if (!ts.isCallExpression(n)) return null;
  const objeto = callee.expression;
  if (LECTURAS_PRISMA.has(metodo) && ts.isPropertyAccessExpression(objeto) && modelos.has(objeto.name.text)) return metodo;
  if (metodo !== 'query' || !n.arguments[0]) return null;
  const sql = n.arguments[0];
  const texto = ts.isStringLiteralLike(sql) ? sql.text : ts.isTemplateExpression(sql) ? sql.head.text : '';
  return /^\s*(SELECT|WITH)\b/i.test(texto) ? 'query' : null;
}
