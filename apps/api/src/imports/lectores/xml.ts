// XML (<productos><producto>… <ventas><venta>… or <clientes><cliente>…, children named like the columns),
// read as a stream with saxes, so a large file is never held in memory. Entities are
// never expanded (only the five XML ones and character references exist for saxes),
// and a DOCTYPE that declares entities (the "billion laughs") is refused outright.
import fs from 'node:fs';
import { TextDecoder } from 'node:util';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { DEFINICIONES, indiceDeNombres, type DefinicionCarga, type TipoCarga } from '../columnas.js';
import { ErrorArchivo } from '../errores.js';
import { normalizarNombreColumna } from '../valores.js';
import type { Avance, Lector } from './tipos.js';

const TROZO = 64 * 1024;
/** root > item > field, plus some room for markup inside a field. */
const MAX_PROFUNDIDAD = 8;

export const MENSAJE_ENTIDADES =
  'El XML declara entidades (<!ENTITY …>), que no se aceptan por seguridad. Quita la declaración DOCTYPE y escribe los valores directamente.';

/** The encoding the XML declaration names, when it is one people really use besides UTF-8. */
function codificacionDeclarada(inicio: Buffer): string {
  const cabecera = inicio.subarray(0, 200).toString('latin1');
  const m = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(cabecera.replace(/^\uFEFF|^\xEF\xBB\xBF/, ''));
  const nombre = m?.[1]?.toLowerCase();
  if (nombre && ['iso-8859-1', 'latin1', 'latin-1', 'windows-1252', 'cp1252'].includes(nombre)) return 'windows-1252';
  return 'utf-8';
}

type FilaLeida = { fila: number; celdas: string[] };

/**
 * Hooks the parser on the elements of `tipo`: each <item>, once closed, goes to `listas`; the first is
 * checked for the required fields. Says afterwards whether the root element was seen.
 */
function escucharXml(
  parser: SaxesParser,
  opciones: { tipo: TipoCarga; maxLargoCelda: number },
  listas: FilaLeida[],
): { vioRaiz: () => boolean } {
  const def = DEFINICIONES[opciones.tipo] as unknown as DefinicionCarga<string>;
  const otros = (Object.keys(DEFINICIONES) as TipoCarga[]).filter((t) => t !== opciones.tipo);
  const indice = indiceDeNombres(def);
  const columnas = def.columnas as readonly string[];
  const posicion = new Map(columnas.map((c, i) => [c, i]));
  let profundidad = 0;
  let vioRaiz = false;
  let primeraRevisada = false;
  let item: { fila: number; celdas: string[]; presentes: Set<string> } | null = null;
  let campo: string | null = null;
  let lineaItem = 0;
  /** The row number given to the last element: rows must be unique and increasing (the import keys on them). */
  let filaAnterior = 0;

  const nombreDe = (tag: { name: string }) => normalizarNombreColumna(tag.name.replace(/^.*:/, ''));

  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype)) throw new ErrorArchivo(MENSAJE_ENTIDADES);
  });
  parser.on('opentagstart', () => {
    lineaItem = parser.line;
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    profundidad += 1;
    if (profundidad > MAX_PROFUNDIDAD)
      throw new ErrorArchivo(
        'El XML tiene demasiados niveles anidados. Usa <productos><producto>…, <ventas><venta>… o <clientes><cliente>….',
      );
    const nombre = nombreDe(tag);
    if (profundidad === 1) {
      vioRaiz = true;
      const otro = otros.find((t) => DEFINICIONES[t].xml.raiz === nombre);
      if (otro) {
        throw new ErrorArchivo(
          `El XML es de ${otro} (<${DEFINICIONES[otro].xml.raiz}>), pero eligió el tipo "${opciones.tipo}". Elige el tipo correcto al cargarlo.`,
        );
      }
      if (nombre !== def.xml.raiz) {
        throw new ErrorArchivo(
          `El XML debe tener el elemento raíz <${def.xml.raiz}> con un <${def.xml.item}> por registro; se encontró <${tag.name}>.`,
        );
      }
    } else if (profundidad === 2) {
      if (nombre !== def.xml.item) {
        throw new ErrorArchivo(
          `Dentro de <${def.xml.raiz}> solo puede haber elementos <${def.xml.item}>; se encontró <${tag.name}> (línea ${lineaItem}).`,
        );
      }
      // The line where the element starts, as a person finds it in an editor; elements that share
      // a line (an XML written on one line) are counted on from the previous one instead.
      filaAnterior = Math.max(lineaItem, filaAnterior + 1);
      item = { fila: filaAnterior, celdas: columnas.map(() => ''), presentes: new Set() };
      // Attributes count as fields too: <producto codigo_barra="780…">.
      for (const [atributo, valor] of Object.entries(tag.attributes)) {
        const columna = indice.get(normalizarNombreColumna(atributo));
        if (columna) {
          item.celdas[posicion.get(columna)!] = String(valor).slice(0, opciones.maxLargoCelda + 1);
          item.presentes.add(columna);
        }
      }
    } else if (profundidad === 3 && item) {
      campo = indice.get(nombre) ?? null;
      if (campo) {
        item.presentes.add(campo);
        item.celdas[posicion.get(campo)!] = '';
      }
    }
  });
  const alTexto = (texto: string) => {
    if (item && campo && profundidad >= 3) {
      const i = posicion.get(campo)!;
      const actual = item.celdas[i]!;
      if (actual.length <= opciones.maxLargoCelda) item.celdas[i] = (actual + texto).slice(0, opciones.maxLargoCelda + 1);
    }
  };
  parser.on('text', alTexto);
  parser.on('cdata', alTexto);
  parser.on('closetag', () => {
    if (profundidad === 3) campo = null;
    if (profundidad === 2 && item) {
      if (!primeraRevisada) {
        primeraRevisada = true;
        const faltan = def.obligatorias.filter((c) => !item!.presentes.has(c));
        if (faltan.length > 0) {
          throw new ErrorArchivo(
            `Al primer <${def.xml.item}> (línea ${item.fila}) le ${faltan.length === 1 ? 'falta el elemento obligatorio' : 'faltan los elementos obligatorios'} ${faltan
              .map((c) => `<${c}>`)
              .join(', ')}. Cada <${def.xml.item}> debe tener: ${columnas.map((c) => `<${c}>`).join(', ')}.`,
          );
        }
      }
      listas.push({ fila: item.fila, celdas: item.celdas.map((c) => c.trim()) });
      item = null;
    }
    profundidad -= 1;
  });

  return { vioRaiz: () => vioRaiz };
}

export async function* leerXml(
  ruta: string,
  opciones: { tipo: TipoCarga; maxLargoCelda: number; signal?: AbortSignal; avance?: Avance },
): Lector {
  const def = DEFINICIONES[opciones.tipo] as unknown as DefinicionCarga<string>;
  const columnas = def.columnas as readonly string[];
  const entrada = fs.createReadStream(ruta, { highWaterMark: TROZO, signal: opciones.signal });
  const parser = new SaxesParser({ xmlns: false, position: true });
  const listas: FilaLeida[] = [];
  const { vioRaiz } = escucharXml(parser, opciones, listas);

  const sinEntidades = (err: unknown): never => {
    if (err instanceof ErrorArchivo) throw err;
    const detalle = String((err as Error).message ?? '');
    if (/undefined entity/.test(detalle)) throw new ErrorArchivo(MENSAJE_ENTIDADES);
    throw new ErrorArchivo(
      `El XML está mal formado cerca de la línea ${parser.line}. Revisa que cada etiqueta abierta esté cerrada y que los caracteres & y < estén escritos como &amp; y &lt;.`,
    );
  };

  // The header is the columns of this kind of file; each element fills the ones it has.
  yield { fila: 1, celdas: [...columnas] };
  let decoder: TextDecoder | null = null;
  let vacio = true;
  try {
    if (opciones.avance) opciones.avance.total = (await fs.promises.stat(ruta)).size;
    for await (const chunk of entrada as AsyncIterable<Buffer>) {
      if (opciones.avance) opciones.avance.leidos += chunk.length;
      if (!decoder) decoder = new TextDecoder(codificacionDeclarada(chunk));
      const texto = decoder.decode(chunk, { stream: true });
      if (vacio && texto.trim()) vacio = false;
      try {
        parser.write(texto);
      } catch (err) {
        sinEntidades(err);
      }
      while (listas.length > 0) yield listas.shift()!;
    }
    if (vacio) throw new ErrorArchivo('El archivo está vacío.');
    try {
      if (decoder) parser.write(decoder.decode());
      parser.close();
    } catch (err) {
      sinEntidades(err);
    }
    while (listas.length > 0) yield listas.shift()!;
    if (!vioRaiz()) throw new ErrorArchivo(`El XML debe tener el elemento raíz <${def.xml.raiz}>.`);
  } finally {
    entrada.destroy();
  }
}
