// .xlsx read by us, as a stream, without a spreadsheet library: the zip is checked first
// (zip-seguro.ts), then only the entries a first sheet needs are inflated (the workbook and
// its relationships, the styles that tell dates from numbers, the shared strings, the sheet)
// and parsed with saxes as they inflate. Every inflated byte is counted here: an entry that
// inflates past the size it declares, or all of them past the cap, stops the read. Shared
// strings are kept in memory (a sheet points at them by number), each cut to the longest cell
// the import reads and all of them together capped.
import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { ErrorArchivo } from '../errores.js';
import type { Avance, Lector } from './tipos.js';
import {
  MENSAJE_XLSX_INVALIDO,
  MENSAJE_ZIP_MENTIROSO,
  METODO_GUARDADO,
  verificarZip,
  type EntradaZip,
  type LimitesZip,
} from './zip-seguro.js';

const FIRMA_ZIP = [0x50, 0x4b, 0x03, 0x04];
const TROZO = 64 * 1024;

export interface OpcionesXlsx {
  limitesZip: LimitesZip;
  maxColumnas: number;
  /** Shared strings are kept at most this long (+1, so the import still sees "too long"). */
  maxLargoCelda: number;
  /** The most text all shared strings together may hold. */
  maxTextoCompartido: number;
  signal?: AbortSignal;
  /** Moved through the sheet's inflated bytes (the rows), not the shared strings read before. */
  avance?: Avance;
}

const dos = (n: number) => String(n).padStart(2, '0');

/** Excel's day number (with its time as the fraction) as the text a person would type. */
export function serialComoFecha(serial: number, sistema1904 = false): string {
  // Day 25569 is 1970-01-01 in the 1900 system (which counts the nonexistent 1900-02-29).
  const ms = Math.round(((sistema1904 ? serial + 1462 : serial) - 25569) * 86_400) * 1000;
  const t = new Date(ms);
  return `${t.getUTCFullYear()}-${dos(t.getUTCMonth() + 1)}-${dos(t.getUTCDate())} ${dos(t.getUTCHours())}:${dos(t.getUTCMinutes())}:${dos(t.getUTCSeconds())}`;
}

/** Built-in number formats that are dates or times (ECMA-376 §18.8.30). */
const FORMATOS_FECHA = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

/** A custom number format shows a date when it has day/month/year/hour/second codes outside quotes and brackets. */
export function esFormatoFecha(codigo: string): boolean {
  const limpio = codigo
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?!h\]|m\]|s\])[^\]]*\]/gi, '');
  return /[dmyhs]/i.test(limpio) && !/^[#0.,;%E+\-\s]*$/i.test(limpio);
}

/** OOXML writes some characters as _xHHHH_ (a carriage return is _x000D_). */
const sinEscapesOoxml = (t: string) =>
  t.includes('_x') ? t.replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : t;

/** Column number (1 = A) of a cell reference such as 'BC12'. */
function columnaDe(ref: string | undefined): number | null {
  if (!ref) return null;
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c >= 65 && c <= 90) n = n * 26 + (c - 64);
    else if (c >= 97 && c <= 122) n = n * 26 + (c - 96);
    else break;
  }
  return n > 0 ? n : null;
}

async function empiezaComoZip(ruta: string): Promise<boolean> {
  const fh = await fs.promises.open(ruta, 'r');
  try {
    const buf = Buffer.alloc(4);
    const { bytesRead } = await fh.read(buf, 0, 4, 0);
    return bytesRead === 4 && FIRMA_ZIP.every((b, i) => buf[i] === b);
  } finally {
    await fh.close();
  }
}

/** Joins 'xl/' and a relationship target ('worksheets/sheet1.xml' or '/xl/worksheets/sheet1.xml'). */
function resolverDestino(base: string, destino: string): string {
  if (destino.startsWith('/')) return destino.slice(1);
  const partes = base.split('/').filter(Boolean);
  for (const p of destino.split('/')) {
    if (p === '..') partes.pop();
    else if (p !== '.') partes.push(p);
  }
  return partes.join('/');
}

/** An entry's inflated text, chunk by chunk, and an entry parsed whole: over one zip, every byte counted. */
interface Zip {
  inflar(e: EntradaZip, avance?: Avance): AsyncGenerator<string>;
  /** Parses a whole entry with saxes, `manejar` hooking its events; false when there is no such entry. */
  recorrer(nombre: string, manejar: (p: SaxesParser) => void): Promise<boolean>;
}

function abrirZip(ruta: string, entradas: Map<string, EntradaZip>, opciones: OpcionesXlsx): Zip {
  let infladoTotal = 0;

  /** The inflated text of an entry, chunk by chunk, with every byte counted against the caps. */
  async function* inflar(e: EntradaZip, avance?: Avance): AsyncGenerator<string> {
    if (e.comprimido === 0) return;
    const crudo = fs.createReadStream(ruta, {
      start: e.inicioDatos,
      end: e.inicioDatos + e.comprimido - 1,
      highWaterMark: TROZO,
      signal: opciones.signal,
    });
    const salida = e.metodo === METODO_GUARDADO ? crudo : crudo.pipe(zlib.createInflateRaw({ chunkSize: TROZO }));
    crudo.on('error', (err) => salida.destroy(err));
    const decoder = new StringDecoder('utf8');
    let inflado = 0;
    try {
      for await (const chunk of salida as AsyncIterable<Buffer>) {
        inflado += chunk.length;
        infladoTotal += chunk.length;
        if (inflado > e.descomprimido) throw new ErrorArchivo(MENSAJE_ZIP_MENTIROSO);
        if (avance) avance.leidos = inflado;
        if (infladoTotal > opciones.limitesZip.maxDescomprimido) {
          throw new ErrorArchivo(
            `El archivo Excel descomprimido ocuparía más de ${Math.round(opciones.limitesZip.maxDescomprimido / 1048576)} MB. Divídelo en archivos más pequeños.`,
          );
        }
        yield decoder.write(chunk);
      }
      yield decoder.end();
    } finally {
      salida.destroy();
      crudo.destroy();
    }
  }

  async function recorrer(nombre: string, manejar: (p: SaxesParser) => void): Promise<boolean> {
    const e = entradas.get(nombre);
    if (!e) return false;
    const parser = nuevoParser();
    manejar(parser);
    for await (const texto of inflar(e)) parser.write(texto);
    parser.close();
    return true;
  }

  return { inflar, recorrer };
}

/** saxes, refusing a DOCTYPE (no entity expansion from a file someone sent). */
function nuevoParser(): SaxesParser {
  const parser = new SaxesParser({ xmlns: false });
  parser.on('doctype', () => {
    throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);
  });
  return parser;
}

const local = (tag: { name: string }) => tag.name.replace(/^.*:/, '');
const atributo = (tag: SaxesTagPlain, nombre: string) => {
  for (const [k, v] of Object.entries(tag.attributes)) if (k === nombre || k.endsWith(`:${nombre}`)) return String(v);
  return undefined;
};

/** 1. The first sheet in tab order, where the workbook's other parts are, and its date system. */
async function leerLibro(zip: Zip, entradas: Map<string, EntradaZip>) {
  let idHoja: string | undefined;
  let sistema1904 = false;
  await zip.recorrer('xl/workbook.xml', (p) =>
    p.on('opentag', (tag) => {
      if (local(tag) === 'workbookPr') sistema1904 = ['1', 'true'].includes(atributo(tag, 'date1904') ?? '');
      if (local(tag) === 'sheet' && idHoja === undefined) idHoja = atributo(tag, 'id');
    }),
  );
  const destinos = new Map<string, { tipo: string; destino: string }>();
  await zip.recorrer('xl/_rels/workbook.xml.rels', (p) =>
    p.on('opentag', (tag) => {
      if (local(tag) !== 'Relationship') return;
      const id = atributo(tag, 'Id');
      const destino = atributo(tag, 'Target');
      if (id && destino) destinos.set(id, { tipo: atributo(tag, 'Type') ?? '', destino: resolverDestino('xl', destino) });
    }),
  );
  const porTipo = (fin: string) => [...destinos.values()].find((d) => d.tipo.endsWith(fin))?.destino;
  const hoja =
    (idHoja && destinos.get(idHoja)?.destino) ?? (entradas.has('xl/worksheets/sheet1.xml') ? 'xl/worksheets/sheet1.xml' : undefined);
  if (!hoja || !entradas.has(hoja)) throw new ErrorArchivo('El archivo Excel no tiene ninguna hoja con datos.');
  return {
    hoja,
    sistema1904,
    estilos: porTipo('/styles') ?? 'xl/styles.xml',
    textosCompartidos: porTipo('/sharedStrings') ?? 'xl/sharedStrings.xml',
  };
}

/** 2. Which cell styles (by their index) are dates. */
async function leerEstilosFecha(zip: Zip, archivo: string): Promise<boolean[]> {
  const formatosPropios = new Map<number, string>();
  const estilosFecha: boolean[] = [];
  let enCeldas = false;
  await zip.recorrer(archivo, (p) => {
    p.on('opentag', (tag) => {
      const n = local(tag);
      if (n === 'numFmt') formatosPropios.set(Number(atributo(tag, 'numFmtId')), atributo(tag, 'formatCode') ?? '');
      else if (n === 'cellXfs') enCeldas = true;
      else if (n === 'xf' && enCeldas) {
        const id = Number(atributo(tag, 'numFmtId') ?? 0);
        const propio = formatosPropios.get(id);
        estilosFecha.push(propio !== undefined ? esFormatoFecha(propio) : FORMATOS_FECHA.has(id));
      }
    });
    p.on('closetag', (tag) => {
      if (local(tag) === 'cellXfs') enCeldas = false;
    });
  });
  return estilosFecha;
}

/** 3. The shared strings, each cut, all of them capped. */
async function leerTextosCompartidos(zip: Zip, archivo: string, opciones: OpcionesXlsx): Promise<string[]> {
  const textos: string[] = [];
  let textoCompartido = 0;
  let actual: string | null = null;
  let enT = false;
  let enFonetico = 0;
  await zip.recorrer(archivo, (p) => {
    p.on('opentag', (tag) => {
      const n = local(tag);
      if (n === 'si') actual = '';
      else if (n === 'rPh') enFonetico += 1;
      else if (n === 't' && !enFonetico) enT = true;
    });
    const alTexto = (t: string) => {
      if (!enT || actual === null) return;
      textoCompartido += t.length;
      if (textoCompartido > opciones.maxTextoCompartido) {
        throw new ErrorArchivo(
          `El archivo Excel tiene demasiado texto (más de ${Math.round(opciones.maxTextoCompartido / 1048576)} MB en sus textos compartidos). Divídelo en archivos más pequeños.`,
        );
      }
      if (actual.length <= opciones.maxLargoCelda) actual = (actual + t).slice(0, opciones.maxLargoCelda + 1);
    };
    p.on('text', alTexto);
    p.on('cdata', alTexto);
    p.on('closetag', (tag) => {
      const n = local(tag);
      if (n === 't') enT = false;
      else if (n === 'rPh') enFonetico -= 1;
      else if (n === 'si' && actual !== null) {
        textos.push(sinEscapesOoxml(actual));
        actual = null;
      }
    });
  });
  return textos;
}

/** A cell's value as the text a person sees in Excel. */
function valorDeCelda(tipo: string, valor: string, esFecha: boolean, textos: string[], sistema1904: boolean): string {
  switch (tipo) {
    case 's':
      return textos[Number(valor)] ?? '';
    case 'inlineStr':
    case 'str':
      return sinEscapesOoxml(valor);
    case 'b':
      return valor === '1' ? 'VERDADERO' : 'FALSO';
    case 'e':
      return valor;
    case 'd':
      // An ISO date written as text (strict OOXML): as a person would type it.
      return valor.replace('T', ' ').replace(/(\.\d+)?Z?$/, '');
    default: {
      if (valor === '') return '';
      const numero = Number(valor);
      if (!Number.isFinite(numero)) return valor;
      if (esFecha) return serialComoFecha(numero, sistema1904);
      // As Excel shows it in Chile, with a decimal comma: 2,5 kilos typed in a cell are stored
      // 2.5, and the kilos reader (leerPeso) refuses a dot, which in text is ambiguous.
      return String(numero).replace('.', ',');
    }
  }
}

type FilaLeida = { fila: number; celdas: string[] };

/** 4. Hooks the sheet's parser: each row, once closed, goes to `listas`. */
function escucharHoja(
  p: SaxesParser,
  opciones: OpcionesXlsx,
  valor: (tipo: string, valor: string, estilo: number) => string,
  listas: FilaLeida[],
) {
  let fila: { numero: number; celdas: string[] } | null = null;
  let ultimaFila = 0;
  let celda: { columna: number; tipo: string; estilo: number; valor: string; enValor: boolean } | null = null;
  p.on('opentag', (tag) => {
    const n = local(tag);
    if (n === 'row') {
      const r = Number(atributo(tag, 'r'));
      ultimaFila = Number.isInteger(r) && r > ultimaFila ? r : ultimaFila + 1;
      fila = { numero: ultimaFila, celdas: [] };
    } else if (n === 'c' && fila) {
      const columna = columnaDe(atributo(tag, 'r')) ?? fila.celdas.length + 1;
      celda = { columna, tipo: atributo(tag, 't') ?? 'n', estilo: Number(atributo(tag, 's') ?? 0), valor: '', enValor: false };
    } else if (celda && (n === 'v' || (n === 't' && celda.tipo === 'inlineStr'))) {
      celda.enValor = true;
    }
  });
  const alTexto = (t: string) => {
    if (celda?.enValor && celda.valor.length <= opciones.maxLargoCelda)
      celda.valor = (celda.valor + t).slice(0, opciones.maxLargoCelda + 1);
  };
  p.on('text', alTexto);
  p.on('cdata', alTexto);
  p.on('closetag', (tag) => {
    const n = local(tag);
    if ((n === 'v' || n === 't') && celda) celda.enValor = false;
    else if (n === 'c' && celda && fila) {
      if (celda.columna <= opciones.maxColumnas) fila.celdas[celda.columna - 1] = valor(celda.tipo, celda.valor, celda.estilo);
      celda = null;
    } else if (n === 'row' && fila) {
      const { numero, celdas } = fila;
      listas.push({ fila: numero, celdas: Array.from({ length: celdas.length }, (_, i) => celdas[i] ?? '') });
      fila = null;
    }
  });
}

export async function* leerXlsx(ruta: string, opciones: OpcionesXlsx): Lector {
  const { size } = await fs.promises.stat(ruta);
  if (size === 0) throw new ErrorArchivo('El archivo está vacío.');
  if (!(await empiezaComoZip(ruta))) throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);
  const entradas = new Map((await verificarZip(ruta, opciones.limitesZip)).map((e) => [e.nombre, e]));
  const zip = abrirZip(ruta, entradas, opciones);
  try {
    const libro = await leerLibro(zip, entradas);
    const estilosFecha = await leerEstilosFecha(zip, libro.estilos);
    const textos = await leerTextosCompartidos(zip, libro.textosCompartidos, opciones);

    // The sheet, row by row, as it inflates.
    const listas: FilaLeida[] = [];
    const parser = nuevoParser();
    escucharHoja(
      parser,
      opciones,
      (tipo, valor, estilo) => valorDeCelda(tipo, valor, estilosFecha[estilo] ?? false, textos, libro.sistema1904),
      listas,
    );
    const e = entradas.get(libro.hoja)!;
    if (opciones.avance) opciones.avance.total = e.descomprimido;
    for await (const texto of zip.inflar(e, opciones.avance)) {
      parser.write(texto);
      while (listas.length > 0) yield listas.shift()!;
    }
    parser.close();
    while (listas.length > 0) yield listas.shift()!;
  } catch (err) {
    if (err instanceof ErrorArchivo || (err as Error).name === 'AbortError') throw err;
    throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);
  }
}
