// Uploads (issue #4): receives a file into a temp file (size enforced while it streams),
// records it 'En revisión' and queues it; the import itself (src/imports) runs in the
// background and moves it to 'Completado', 'Con errores' or 'Error'. Also the history,
// the rejected rows of an upload and the templates.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  FORMATOS_CARGA,
  MENSAJE_CARGA_SIN_IDENTIFICACION,
  MENSAJE_FORMATO_NO_SOPORTADO,
  type ArchivoCarga,
  type cargaQuerySchema,
} from '@minimarket/contracts/uploads';
import type { Db } from '../../db/client.js';
import { CATALOGO } from '../../db/seed/catalogo.js';
import type { Env } from '../../env.js';
import { AppError, forbidden, notFound, validation } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../plugins/app/auth.js';
import { crearCola } from '../../imports/cola.js';
import {
  importarArchivo,
  MENSAJE_ERROR_INTERNO,
  MENSAJE_INTERRUMPIDA,
  resultadoDeError,
  type FormatoCarga,
  type TrabajoCarga,
} from '../../imports/importar.js';
import { esPlantillaDeVentas, generarPlantilla, type NombrePlantilla, type ProductoParaVenta } from '../../imports/plantillas.js';
import { csvRechazados, xlsxRechazados, type FilaRechazadaSalida } from '../../imports/rechazados.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { notificacionCargaConErrores } from '../notificaciones/notificaciones.service.js';

type CargaQuery = z.output<typeof cargaQuerySchema>;

/** What the route hands over of the multipart file: its name and its bytes, not yet read. */
export interface ArchivoSubido {
  nombre: string;
  contenido: Readable & { truncated?: boolean };
}

export const LIMITE_HISTORIAL = 100;
const LOTE_RECHAZADOS = 2000;
/** Multipart framing around the file: a request this much over the limit cannot fit. */
const HOLGURA_MULTIPART = 64 * 1024;
const MB = 1024 * 1024;
/**
 * Imports of different shops that run at once (one per shop at most). Two: a big file of one
 * shop leaves room for everyone else's, and PostgreSQL does most of the work, one core each.
 */
const CARGAS_SIMULTANEAS = 2;

/** Sales template examples without a shop (or a shop with no products): the demo catalogue's best sellers. */
const PRODUCTOS_CATALOGO: ProductoParaVenta[] = [...CATALOGO]
  .sort((a, b) => b.popularidad - a.popularidad)
  .slice(0, 4)
  .map((p) => ({ codigo_barra: p.codigo, nombre_producto: p.nombre }));

export const MENSAJE_CARGA_NO_ENCONTRADA = 'Carga no encontrada.';
export const mensajeArchivoGrande = (mb: number) =>
  `El archivo supera el tamaño máximo permitido (${mb.toLocaleString('es-CL')} MB).`;

const archivoGrande = (mb: number) => new AppError(413, 'FILE_TOO_LARGE', mensajeArchivoGrande(mb));

function toArchivoCargaDto(a: {
  id_archivo: number;
  nombre_archivo: string;
  tipo_archivo: string;
  fecha_subida: Date;
  estado_procesamiento: string;
  detalle_resultado: string | null;
}): ArchivoCarga {
  return {
    id_archivo: a.id_archivo,
    nombre_archivo: a.nombre_archivo,
    tipo_archivo: a.tipo_archivo as ArchivoCarga['tipo_archivo'],
    fecha_subida: a.fecha_subida.toISOString(),
    estado_procesamiento: a.estado_procesamiento,
    detalle_resultado: a.detalle_resultado,
  };
}

const SELECT_DTO = {
  id_archivo: true,
  nombre_archivo: true,
  tipo_archivo: true,
  fecha_subida: true,
  estado_procesamiento: true,
  detalle_resultado: true,
} as const;

/** A file name safe to show and to put in a header: no path, no control characters, not endless. */
function nombreLimpio(nombre: string): string {
  const base = path.basename(nombre.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'archivo').slice(0, 200);
}

/**
 * At start, before serving: an upload still 'En revisión' was cut by a stop or a crash
 * (its temp file is gone with the process), so it is marked 'Error' and its uploader told.
 * Assumes one API process per database, which is how the product runs.
 */
export async function marcarCargasInterrumpidas(db: Db): Promise<number> {
  const colgadas = await db.archivoCarga.findMany({
    where: { estado_procesamiento: 'En revisión' },
    select: { id_archivo: true, id_minimarket: true, id_usuario: true, nombre_archivo: true },
  });
  for (const c of colgadas) await registrarError(db, c, MENSAJE_INTERRUMPIDA);
  return colgadas.length;
}

async function registrarError(
  db: Db,
  carga: { id_archivo: number; id_minimarket: number; id_usuario: number | null; nombre_archivo: string },
  mensaje: string,
) {
  const { detalle } = resultadoDeError(mensaje);
  await db.$transaction(async (tx) => {
    const { count } = await tx.archivoCarga.updateMany({
      where: { id_archivo: carga.id_archivo, estado_procesamiento: 'En revisión' },
      data: { estado_procesamiento: 'Error', detalle_resultado: JSON.stringify(detalle) },
    });
    if (count === 0 || carga.id_usuario === null) return;
    const aviso = notificacionCargaConErrores({ nombre_archivo: carga.nombre_archivo, estado: 'Error', errores: 0, mensaje });
    await tx.notificacion.create({ data: { ...aviso, id_usuario: carga.id_usuario, id_minimarket: carga.id_minimarket } });
  });
}

export type CargasService = ReturnType<typeof createCargasService>;

export function createCargasService({
  db,
  acceso,
  env,
  log,
}: {
  db: Db;
  acceso: AccesoMinimarket;
  env: Env;
  log: FastifyBaseLogger;
}) {
  const maxBytes = Math.floor(env.MAX_UPLOAD_MB * MB);
  let carpeta: string | null = null;
  const carpetaTemporal = () => (carpeta ??= fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-cargas-')));
  const registrar = (err: unknown, contexto: string) => log.error({ err }, `importación fallida (${contexto})`);

  const cola = crearCola<TrabajoCarga>({
    async procesar(trabajo, signal) {
      try {
        if (!env.DATABASE_URL) throw new Error('DATABASE_URL no está definida: las cargas necesitan una conexión propia.');
        await importarArchivo(env.DATABASE_URL, trabajo, {
          signal,
          alError: (err) => registrar(err, `carga ${trabajo.idArchivo}`),
        });
      } catch (err) {
        // Not even the 'Error' state could be written on the import's connection.
        registrar(err, `carga ${trabajo.idArchivo}`);
        await registrarError(db, cargaDe(trabajo), signal.aborted ? MENSAJE_INTERRUMPIDA : MENSAJE_ERROR_INTERNO);
      } finally {
        await fs.promises.rm(trabajo.ruta, { force: true });
      }
    },
    async descartar(trabajo) {
      await fs.promises.rm(trabajo.ruta, { force: true });
      await registrarError(db, cargaDe(trabajo), MENSAJE_INTERRUMPIDA);
    },
    alError: (err, trabajo) => registrar(err, `carga ${trabajo.idArchivo}`),
    clave: (trabajo) => trabajo.idMinimarket,
    simultaneos: CARGAS_SIMULTANEAS,
  });

  const cargaDe = (t: TrabajoCarga) => ({
    id_archivo: t.idArchivo,
    id_minimarket: t.idMinimarket,
    id_usuario: t.idUsuario,
    nombre_archivo: t.nombreArchivo,
  });

  /** A pyme uploads as itself; an administrador may name any existing user. */
  async function assertUsuario(usuario: UsuarioSesion, idUsuario: number) {
    if (usuario.rol === 'administrador') {
      const existe = await db.usuario.findUnique({ where: { id_usuario: idUsuario }, select: { id_usuario: true } });
      if (!existe) throw validation(MENSAJE_CARGA_SIN_IDENTIFICACION, [{ campo: 'id_usuario', mensaje: MENSAJE_CARGA_SIN_IDENTIFICACION }]);
    } else if (idUsuario !== usuario.id_usuario) {
      throw forbidden('Solo puede cargar archivos a su propio nombre.', 'FORBIDDEN_USER');
    }
  }

  async function* filasRechazadas(idArchivo: number): AsyncGenerator<FilaRechazadaSalida> {
    // Paged on the row number (unique within an upload), which the (id_archivo, fila) index serves directly.
    let desde = 0;
    for (;;) {
      const lote = await db.filaRechazada.findMany({
        where: { id_archivo: idArchivo, fila: { gt: desde } },
        orderBy: { fila: 'asc' },
        take: LOTE_RECHAZADOS,
        select: { fila: true, celdas: true, motivo: true },
      });
      for (const f of lote) yield { celdas: JSON.parse(f.celdas) as string[], motivo: f.motivo };
      if (lote.length < LOTE_RECHAZADOS) return;
      desde = lote[lote.length - 1]!.fila;
    }
  }

  return {
    /**
     * Checks who and where before reading a byte, then streams the file to disk (413 past
     * the limit), records the upload 'En revisión' and queues it. Returns the record.
     */
    async recibir(usuario: UsuarioSesion, q: CargaQuery, archivo: ArchivoSubido | undefined, largoDeclarado?: number) {
      await assertUsuario(usuario, q.id_usuario);
      await acceso.assertAcceso(usuario, q.id_minimarket);
      if (!archivo) throw validation('Adjunte un archivo en el campo "file".', [{ campo: 'file', mensaje: 'Adjunte un archivo.' }]);
      const descartar = () => archivo.contenido.resume();
      if (largoDeclarado !== undefined && largoDeclarado > maxBytes + HOLGURA_MULTIPART) {
        descartar();
        throw archivoGrande(env.MAX_UPLOAD_MB);
      }
      const nombre = nombreLimpio(archivo.nombre);
      const extension = path.extname(nombre).toLowerCase();
      if (!(FORMATOS_CARGA as readonly string[]).includes(extension)) {
        descartar();
        throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', MENSAJE_FORMATO_NO_SOPORTADO);
      }

      const ruta = path.join(carpetaTemporal(), `${Date.now()}-${Math.random().toString(36).slice(2)}${extension}`);
      try {
        await pipeline(archivo.contenido, fs.createWriteStream(ruta));
      } catch (err) {
        await fs.promises.rm(ruta, { force: true });
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw archivoGrande(env.MAX_UPLOAD_MB);
        throw err;
      }
      if (archivo.contenido.truncated) {
        await fs.promises.rm(ruta, { force: true });
        throw archivoGrande(env.MAX_UPLOAD_MB);
      }

      const registro = await db.archivoCarga.create({
        data: {
          id_minimarket: q.id_minimarket,
          id_usuario: q.id_usuario,
          nombre_archivo: nombre,
          tipo_archivo: q.upload_type,
          estado_procesamiento: 'En revisión',
        },
        select: SELECT_DTO,
      });
      cola.encolar({
        idArchivo: registro.id_archivo,
        idMinimarket: q.id_minimarket,
        idUsuario: q.id_usuario,
        tipo: q.upload_type,
        formato: extension.slice(1) as FormatoCarga,
        nombreArchivo: nombre,
        ruta,
      });
      return toArchivoCargaDto(registro);
    },

    /** The shop's uploads, newest first. */
    async historial(usuario: UsuarioSesion, idMinimarket: number) {
      await acceso.assertAcceso(usuario, idMinimarket);
      const rows = await db.archivoCarga.findMany({
        where: { id_minimarket: idMinimarket },
        orderBy: [{ fecha_subida: 'desc' }, { id_archivo: 'desc' }],
        take: LIMITE_HISTORIAL,
        select: SELECT_DTO,
      });
      return rows.map(toArchivoCargaDto);
    },

    /** The rejected rows of one upload of the shop, as .csv or .xlsx, streamed. */
    async rechazados(usuario: UsuarioSesion, idMinimarket: number, idArchivo: number, formato: 'csv' | 'xlsx') {
      await acceso.assertAcceso(usuario, idMinimarket);
      const carga = await db.archivoCarga.findFirst({
        where: { id_archivo: idArchivo, id_minimarket: idMinimarket },
        select: { nombre_archivo: true, columnas_archivo: true, _count: { select: { filas_rechazadas: true } } },
      });
      if (!carga) throw notFound(MENSAJE_CARGA_NO_ENCONTRADA, 'UPLOAD_NOT_FOUND');
      if (carga._count.filas_rechazadas === 0 || !carga.columnas_archivo) {
        throw notFound('Esta carga no tiene filas rechazadas.', 'NO_REJECTED_ROWS');
      }
      const encabezado = JSON.parse(carga.columnas_archivo) as string[];
      const base = carga.nombre_archivo.replace(/\.[^.]+$/, '');
      const filas = filasRechazadas(idArchivo);
      return formato === 'csv'
        ? { nombre: `${base}_rechazados.csv`, contentType: 'text/csv; charset=utf-8', contenido: csvRechazados(encabezado, filas) }
        : {
            nombre: `${base}_rechazados.xlsx`,
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            contenido: xlsxRechazados(encabezado, filas),
          };
    },

    /**
     * A template. With a shop, the sales examples use that shop's own barcodes; without
     * one, barcodes of the demo catalogue (all of them in the demo shop).
     */
    async plantilla(usuario: UsuarioSesion, nombre: NombrePlantilla, idMinimarket?: number) {
      if (idMinimarket !== undefined) await acceso.assertAcceso(usuario, idMinimarket);
      let productos: ProductoParaVenta[] = [];
      if (idMinimarket !== undefined && esPlantillaDeVentas(nombre)) {
        productos = await db.producto.findMany({
          where: { id_minimarket: idMinimarket, estado: 'activo' },
          orderBy: { id_producto: 'asc' },
          take: 4,
          select: { codigo_barra: true, nombre_producto: true },
        });
      }
      return { nombre, ...(await generarPlantilla(nombre, { productosParaVentas: productos.length > 0 ? productos : PRODUCTOS_CATALOGO })) };
    },

    pendientes: () => cola.pendientes(),

    /** On close: the running import is aborted (and rolled back), the waiting ones marked interrupted. */
    async detener() {
      await cola.detener();
      if (carpeta) await fs.promises.rm(carpeta, { recursive: true, force: true });
    },
  };
}
