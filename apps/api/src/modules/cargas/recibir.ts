// An upload received (issue #4): who and where are checked before a byte is read, the file streams to
// a temp file (413 past the limit, 415 for a format we do not read), and it is recorded 'En revisión'
// and queued in PostgreSQL with the file itself (trabajos.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  FORMATOS_CARGA,
  MENSAJE_CARGA_SIN_IDENTIFICACION,
  MENSAJE_FORMATO_NO_SOPORTADO,
  type cargaQuerySchema,
} from '@minimarket/contracts/uploads';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { contarPendientes, encolarCarga } from '../../data/trabajo-carga.js';
import { existeUsuario } from '../../data/usuario.js';
import type { Env } from '../../env.js';
import { AppError, forbidden, validation } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { toArchivoCargaDto } from './cargas.mapper.js';
import type { RecursosCarga } from './recursos.js';

/** What the route hands over of the multipart file: its name and its bytes, not yet read. */
export interface ArchivoSubido {
  nombre: string;
  contenido: Readable & { truncated?: boolean };
}

/** Multipart framing around the file: a request this much over the limit cannot fit. */
const HOLGURA_MULTIPART = 64 * 1024;
const MB = 1024 * 1024;

export const mensajeArchivoGrande = (mb: number) => `El archivo supera el tamaño máximo permitido (${mb.toLocaleString('es-CL')} MB).`;
export const mensajeCargasPendientes = (n: number) =>
  `Este minimarket ya tiene ${n} ${n === 1 ? 'carga' : 'cargas'} en proceso. Espera a que terminen para cargar otro archivo.`;

const archivoGrande = (mb: number) => new AppError(413, 'FILE_TOO_LARGE', mensajeArchivoGrande(mb));

/** A file name safe to show and to put in a header: no path, no control characters, not endless. */
function nombreLimpio(nombre: string): string {
  const base = [...path.basename(nombre.replace(/\\/g, '/'))]
    .filter((ch) => ch >= ' ' && ch !== '\u007f')
    .join('')
    .trim();
  return (base || 'archivo').slice(0, 200);
}

export function createRecepcionCargas({
  db,
  acceso,
  env,
  recursos,
  encolada,
}: {
  db: Db;
  acceso: AccesoMinimarket;
  env: Env;
  recursos: RecursosCarga;
  /** A new job is in the queue (the worker looks at once). */
  encolada: () => void;
}) {
  const maxBytes = Math.floor(env.MAX_UPLOAD_MB * MB);
  const { archivos, rutaTemporal } = recursos;

  /** The shop has room in the queue (the count under the shop's lock, in encolarCarga, is the one that counts). */
  function assertCupo(pendientes: number) {
    if (pendientes >= env.IMPORT_MAX_PENDING_PER_SHOP) {
      throw new AppError(429, 'TOO_MANY_PENDING_UPLOADS', mensajeCargasPendientes(pendientes));
    }
  }

  /** A pyme uploads as itself; an administrador may name any existing user. */
  async function assertUsuario(usuario: UsuarioSesion, idUsuario: number) {
    if (usuario.rol === 'administrador') {
      if (!(await existeUsuario(db, idUsuario)))
        throw validation(MENSAJE_CARGA_SIN_IDENTIFICACION, [{ campo: 'id_usuario', mensaje: MENSAJE_CARGA_SIN_IDENTIFICACION }]);
    } else if (idUsuario !== usuario.id_usuario) {
      throw forbidden('Solo puede cargar archivos a su propio nombre.', 'FORBIDDEN_USER');
    }
  }

  /** What is refused before a byte of the file is read: a full queue, a declared size past the limit, a format. */
  async function assertAceptable(q: z.output<typeof cargaQuerySchema>, largoDeclarado: number | undefined, extension: string) {
    assertCupo(await contarPendientes(archivos(), q.id_minimarket));
    if (largoDeclarado !== undefined && largoDeclarado > maxBytes + HOLGURA_MULTIPART) throw archivoGrande(env.MAX_UPLOAD_MB);
    if (!(FORMATOS_CARGA as readonly string[]).includes(extension)) {
      throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', MENSAJE_FORMATO_NO_SOPORTADO);
    }
  }

  /**
   * Checks who and where before reading a byte, then streams the file to disk (413 past
   * the limit), records the upload 'En revisión' and queues it. Returns the record.
   */
  return async function recibir(
    usuario: UsuarioSesion,
    q: z.output<typeof cargaQuerySchema>,
    archivo: ArchivoSubido | undefined,
    largoDeclarado?: number,
  ) {
    await assertUsuario(usuario, q.id_usuario);
    await acceso.assertAcceso(usuario, q.id_minimarket);
    if (!archivo) throw validation('Adjunte un archivo en el campo "file".', [{ campo: 'file', mensaje: 'Adjunte un archivo.' }]);
    const nombre = nombreLimpio(archivo.nombre);
    const extension = path.extname(nombre).toLowerCase();
    try {
      await assertAceptable(q, largoDeclarado, extension);
    } catch (err) {
      // The bytes still coming are let through unread.
      archivo.contenido.resume();
      throw err;
    }

    const ruta = rutaTemporal(extension);
    try {
      try {
        await pipeline(archivo.contenido, fs.createWriteStream(ruta));
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw archivoGrande(env.MAX_UPLOAD_MB);
        throw err;
      }
      if (archivo.contenido.truncated) throw archivoGrande(env.MAX_UPLOAD_MB);

      const registro = await encolarCarga(
        archivos(),
        { idMinimarket: q.id_minimarket, idUsuario: q.id_usuario, nombreArchivo: nombre, tipo: q.upload_type },
        ruta,
        assertCupo,
      );
      encolada();
      return toArchivoCargaDto(registro);
    } finally {
      await fs.promises.rm(ruta, { force: true });
    }
  };
}
