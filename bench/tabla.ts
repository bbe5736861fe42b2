// The benches print their figures as a Markdown table, to paste into bench/README.md as it is.

/** `filas` under `encabezado`, each column as wide as its widest cell. */
export function tablaMarkdown(encabezado: readonly string[], filas: readonly (readonly string[])[]): string {
  const anchos = encabezado.map((h, i) => Math.max(h.length, ...filas.map((f) => f[i]!.length)));
  const linea = (f: readonly string[]) => `| ${f.map((c, i) => c.padEnd(anchos[i]!)).join(' | ')} |`;
  return [linea(encabezado), `|${anchos.map((a) => '-'.repeat(a + 2)).join('|')}|`, ...filas.map(linea)].join('\n');
}
