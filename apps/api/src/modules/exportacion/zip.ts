// The export's .zip, written as it is read: yazl deflates one entry at a time and asks for the next
// table's stream only when the previous one is done (addReadStreamLazy), so one cursor is open at a
// time on the export's one connection, and the bytes flow through pipes into the reply: a slow
// client slows the reading of the database, nothing piles up in memory.
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { csvStream } from '../../lib/exportar.js';
import type { ConexionPesada } from '../analitica/lectura-pesada.js';
import { filasCursor } from './cursor.js';
import { consultaTabla, type TablaExportada } from './tablas.js';

export const TIPO_ZIP = 'application/zip';

/**
 * README.txt and one CSV per table. The connection is closed when the .zip ends, fails or is
 * abandoned (the reply destroys the stream). A table that fails midway (a statement cancelled by
 * the timeout, the database gone) destroys the .zip: the client gets a cut file that no unzip
 * opens (the central directory is written last), never a .zip that silently lacks rows.
 */
export function zipExportacion(
  conexion: ConexionPesada,
  idMinimarket: number,
  tablas: readonly TablaExportada[],
  readme: string,
  fecha: Date,
): Readable {
  const zip = new yazl.ZipFile();
  const salida = zip.outputStream as Readable;
  const fallar = (err: Error) => salida.destroy(err);
  let actual: Readable | null = null;

  zip.on('error', fallar);
  zip.addBuffer(Buffer.from(readme, 'utf8'), 'README.txt', { mtime: fecha });
  for (const t of tablas) {
    zip.addReadStreamLazy(`${t.archivo}.csv`, { mtime: fecha }, (listo) => {
      const encabezado = t.columnas.map((c) => c.nombre);
      actual = csvStream(encabezado, filasCursor(conexion, consultaTabla(t, idMinimarket), encabezado));
      actual.on('error', fallar);
      listo(null, actual);
    });
  }
  zip.end();

  salida.on('close', () => {
    actual?.destroy();
    void conexion.cerrar();
  });
  return salida;
}
