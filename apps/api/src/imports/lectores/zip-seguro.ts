// An .xlsx is a zip. Before anything is inflated, this pass reads its central directory and
// makes sure the archive is what it says: the declared sizes stay under the caps, and the
// entries are laid end to end from the first byte to the directory, each local header (or
// data descriptor) agreeing with the directory, so there is no overlapping or hidden entry
// (the trick of the "better zip bombs"). It returns where each entry's data is; the reader
// (xlsx.ts) then inflates only the entries it needs and counts every byte it inflates.
import fs from 'node:fs/promises';
import { ErrorArchivo } from '../errores.js';

export interface LimitesZip {
  /** The most all entries may add up to once inflated. */
  maxDescomprimido: number;
  /** The most xl/sharedStrings.xml may inflate to: exceljs keeps the shared strings in memory. */
  maxTextosCompartidos: number;
  maxEntradas: number;
}

const FIRMA_FIN_DIRECTORIO = 0x06054b50;
const FIRMA_DIRECTORIO = 0x02014b50;
const FIRMA_CABECERA_LOCAL = 0x04034b50;
const FIRMA_DESCRIPTOR = 0x08074b50;
const LARGO_FIN_DIRECTORIO = 22;
const MAX_COMENTARIO = 0xffff;
const BIT_DESCRIPTOR = 0x08;
const BIT_CIFRADO = 0x01;

const MB = 1024 * 1024;
const enMb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

export const MENSAJE_XLSX_INVALIDO =
  'El archivo no es un Excel (.xlsx) válido. Ábrelo en Excel y guárdalo de nuevo como "Libro de Excel (.xlsx)".';

export interface EntradaZip {
  nombre: string;
  metodo: number;
  flags: number;
  comprimido: number;
  descomprimido: number;
  offsetLocal: number;
  /** Where its (compressed) data starts in the file. */
  inicioDatos: number;
}

export const METODO_GUARDADO = 0;
export const METODO_DEFLATE = 8;
export const MENSAJE_ZIP_MENTIROSO = 'El archivo Excel está dañado o es malicioso (su contenido no coincide con lo que declara).';

async function leer(fh: fs.FileHandle, posicion: number, largo: number): Promise<Buffer> {
  const buf = Buffer.alloc(largo);
  const { bytesRead } = await fh.read(buf, 0, largo, posicion);
  if (bytesRead !== largo) throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);
  return buf;
}

export async function verificarZip(ruta: string, limites: LimitesZip): Promise<EntradaZip[]> {
  const fh = await fs.open(ruta, 'r');
  try {
    const { size } = await fh.stat();
    if (size < LARGO_FIN_DIRECTORIO) throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);

    // End of central directory: the last record, possibly followed by a comment.
    const cola = Math.min(size, LARGO_FIN_DIRECTORIO + MAX_COMENTARIO);
    const fin = await leer(fh, size - cola, cola);
    let pos = -1;
    for (let i = fin.length - LARGO_FIN_DIRECTORIO; i >= 0; i--) {
      if (fin.readUInt32LE(i) === FIRMA_FIN_DIRECTORIO) {
        pos = i;
        break;
      }
    }
    if (pos < 0) throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);
    const cantidad = fin.readUInt16LE(pos + 10);
    const largoDirectorio = fin.readUInt32LE(pos + 12);
    const inicioDirectorio = fin.readUInt32LE(pos + 16);
    // Zip64 (more than 65535 entries or 4 GB) never comes from a spreadsheet of our size.
    if (cantidad === 0xffff || inicioDirectorio === 0xffffffff || largoDirectorio === 0xffffffff) {
      throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);
    }
    if (cantidad === 0 || cantidad > limites.maxEntradas) throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);
    if (inicioDirectorio + largoDirectorio > size - cola + pos) throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);

    const directorio = await leer(fh, inicioDirectorio, largoDirectorio);
    const entradas: EntradaZip[] = [];
    let declarado = 0;
    for (let p = 0, i = 0; i < cantidad; i++) {
      if (p + 46 > directorio.length || directorio.readUInt32LE(p) !== FIRMA_DIRECTORIO) throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);
      const largoNombre = directorio.readUInt16LE(p + 28);
      const largoExtra = directorio.readUInt16LE(p + 30);
      const largoComentario = directorio.readUInt16LE(p + 32);
      const e: EntradaZip = {
        flags: directorio.readUInt16LE(p + 8),
        metodo: directorio.readUInt16LE(p + 10),
        comprimido: directorio.readUInt32LE(p + 20),
        descomprimido: directorio.readUInt32LE(p + 24),
        offsetLocal: directorio.readUInt32LE(p + 42),
        nombre: directorio.toString('utf8', p + 46, p + 46 + largoNombre),
        inicioDatos: 0,
      };
      if (e.flags & BIT_CIFRADO)
        throw new ErrorArchivo('El archivo Excel está protegido con contraseña. Quita la protección y vuelve a cargarlo.');
      if (e.metodo !== METODO_GUARDADO && e.metodo !== METODO_DEFLATE) throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);
      if (e.comprimido === 0xffffffff || e.descomprimido === 0xffffffff) throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);
      declarado += e.descomprimido;
      if (/(^|\/)sharedStrings\.xml$/i.test(e.nombre) && e.descomprimido > limites.maxTextosCompartidos) {
        throw new ErrorArchivo(
          `El archivo Excel tiene demasiado texto (más de ${enMb(limites.maxTextosCompartidos)} descomprimido). Divídelo en archivos más pequeños.`,
        );
      }
      entradas.push(e);
      p += 46 + largoNombre + largoExtra + largoComentario;
    }
    if (declarado > limites.maxDescomprimido) {
      throw new ErrorArchivo(
        `El archivo Excel descomprimido ocuparía más de ${enMb(limites.maxDescomprimido)}. Divídelo en archivos más pequeños.`,
      );
    }

    // Walk the entries in file order, as a streaming reader does: each must start where
    // the previous one ended, and the central directory right after the last.
    entradas.sort((a, b) => a.offsetLocal - b.offsetLocal);
    let esperado = 0;
    for (const e of entradas) {
      if (e.offsetLocal !== esperado) throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);
      const cabecera = await leer(fh, e.offsetLocal, 30);
      if (cabecera.readUInt32LE(0) !== FIRMA_CABECERA_LOCAL) throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);
      const flagsLocal = cabecera.readUInt16LE(6);
      if (!(flagsLocal & BIT_DESCRIPTOR)) {
        // Without a data descriptor a streaming reader trusts the local sizes: they must agree.
        if (cabecera.readUInt32LE(18) !== e.comprimido || cabecera.readUInt32LE(22) !== e.descomprimido) {
          throw new ErrorArchivo(MENSAJE_ZIP_MENTIROSO);
        }
      }
      e.inicioDatos = e.offsetLocal + 30 + cabecera.readUInt16LE(26) + cabecera.readUInt16LE(28);
      let finDatos = e.inicioDatos + e.comprimido;
      if (finDatos > inicioDirectorio) throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);
      if (flagsLocal & BIT_DESCRIPTOR) {
        // The sizes come after the data (with or without its signature): they must agree too.
        const descriptor = await leer(fh, finDatos, Math.min(16, inicioDirectorio - finDatos));
        const conFirma = descriptor.length >= 16 && descriptor.readUInt32LE(0) === FIRMA_DESCRIPTOR;
        const base = conFirma ? 4 : 0;
        if (descriptor.length < base + 12) throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);
        if (descriptor.readUInt32LE(base + 4) !== e.comprimido || descriptor.readUInt32LE(base + 8) !== e.descomprimido) {
          throw new ErrorArchivo(MENSAJE_ZIP_MENTIROSO);
        }
        finDatos += base + 12;
      }
      esperado = finDatos;
    }
    if (esperado !== inicioDirectorio) throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);
    return entradas;
  } finally {
    await fh.close();
  }
}
