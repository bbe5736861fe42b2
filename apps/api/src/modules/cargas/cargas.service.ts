// Uploads (issue #4): receives a file into a temp file (size enforced while it streams),
// records it 'En revisión' and queues it in PostgreSQL with the file itself (trabajos.ts); the
// import (src/imports) runs on whichever replica takes the job and moves it to 'Completado',
// 'Con errores' or 'Error'. Also the history, the rejected rows of an upload and the templates.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  ESTADO_EN_REVISION,
  FORMATOS_CARGA,
  MENSAJE_CARGA_SIN_IDENTIFICACION,
  MENSAJE_FORMATO_NO_SOPORTADO,
  type ArchivoCarga,
  type AvanceCarga,
  type cargaQuerySchema,
} from '@minimarket/contracts/uploads';
import pg from 'pg';
import type { Db } from '../../db/client.js';
import { esConexionPerdida } from '../../db/conexion-perdida.js';
import type { Env } from '../../env.js';
import { AppError, forbidden, notFound, validation } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import { crearTrabajador } from '../../imports/cola.js';
import { descartarCarga, importarArchivo } from '../../imports/importar.js';
import type { FormatoCarga } from '../../imports/staging.js';
import { esPlantillaDeVentas, generarPlantilla, type NombrePlantilla, type ProductoParaVenta } from '../../imports/plantillas.js';
import { archivoRechazados, type FilaRechazadaSalida } from '../../imports/rechazados.js';
import { MENSAJE_INTERRUMPIDA } from '../../imports/resultado.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { bajarArchivo, contarPendientes, encolarCarga, type TrabajoTomado } from '../../data/trabajo-carga.js';
import { cargaConRechazos, historialDeCargas, registrarAvance, type CargaRegistrada } from '../../data/archivo-carga.js';
import { filasRechazadasDesde } from '../../data/fila-rechazada.js';
import { productosParaPlantilla } from '../../data/producto-lecturas.js';
import { existeUsuario } from '../../data/usuario.js';
import { escritorDeAvance } from '../../imports/avance.js';
import { TIPOS_PG } from '../../db/ids.js';

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
/** A job taken this many times died with its replica each time: it is ended, not tried again. */
const MAX_INTENTOS = 2;
/** Connections for the files' bytes (upload in, import out): never many at once per replica. */
const CONEXIONES_ARCHIVOS = 3;

export const MENSAJE_CARGA_NO_ENCONTRADA = 'Carga no encontrada.';
export const mensajeArchivoGrande = (mb: number) => `El archivo supera el tamaño máximo permitido (${mb.toLocaleString('es-CL')} MB).`;
export const mensajeCargasPendientes = (n: number) =>
  `Este minimarket ya tiene ${n} ${n === 1 ? 'carga' : 'cargas'} en proceso. Espera a que terminen para cargar otro archivo.`;

const archivoGrande = (mb: number) => new AppError(413, 'FILE_TOO_LARGE', mensajeArchivoGrande(mb));

function toArchivoCargaDto(a: CargaRegistrada): ArchivoCarga {
  return {
    id_archivo: a.id_archivo,
    nombre_archivo: a.nombre_archivo,
    tipo_archivo: a.tipo_archivo as ArchivoCarga['tipo_archivo'],
    fecha_subida: a.fecha_subida.toISOString(),
    estado_procesamiento: a.estado_procesamiento as ArchivoCarga['estado_procesamiento'],
    detalle_resultado: a.detalle_resultado,
    tamano_bytes: a.tamano_bytes === null ? null : Number(a.tamano_bytes),
    avance:
      a.estado_procesamiento === ESTADO_EN_REVISION && a.filas_leidas !== null && a.etapa !== null
        ? { filas_leidas: a.filas_leidas, filas_estimadas: a.filas_estimadas, etapa: a.etapa as AvanceCarga['etapa'] }
        : null,
  };
}

/** A file name safe to show and to put in a header: no path, no control characters, not endless. */
function nombreLimpio(nombre: string): string {
  const base = [...path.basename(nombre.replace(/\\/g, '/'))]
    .filter((ch) => ch >= ' ' && ch !== '\u007f')
    .join('')
    .trim();
  return (base || 'archivo').slice(0, 200);
}

const formatoDe = (nombreArchivo: string) => path.extname(nombreArchivo).toLowerCase().slice(1) as FormatoCarga;

export type CargasService = ReturnType<typeof createCargasService>;

export function createCargasService({
  db,
  acceso,
  env,
  log,
  alTerminar = () => {},
}: {
  db: Db;
  acceso: AccesoMinimarket;
  env: Env;
  log: FastifyBaseLogger;
  /** After each import this replica ran (the summary worker looks at its sales' days at once). */
  alTerminar?: () => void;
}) {
  const maxBytes = Math.floor(env.MAX_UPLOAD_MB * MB);
  let carpeta: string | null = null;
  const carpetaTemporal = () => (carpeta ??= fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-cargas-')));
  const rutaTemporal = (extension: string) => path.join(carpetaTemporal(), `${crypto.randomUUID()}${extension}`);
  // The database away (a restart, a failover) is expected to pass: a warning, not an error per poll.
  const registrar = (err: unknown, contexto: string) =>
    esConexionPerdida(err)
      ? log.warn({ err }, `importación en pausa, la base de datos no está disponible (${contexto})`)
      : log.error({ err }, `importación fallida (${contexto})`);
  const replica = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  // The files' bytes go through plain pg (trabajos.ts says why); opened on first use.
  let poolArchivos: pg.Pool | null = null;
  const archivos = () => {
    if (!env.DATABASE_URL) throw new Error('DATABASE_URL no está definida: las cargas necesitan una conexión propia.');
    if (!poolArchivos) {
      poolArchivos = new pg.Pool({
        connectionString: env.DATABASE_URL,
        max: CONEXIONES_ARCHIVOS,
        application_name: 'minimarket-archivos',
        types: TIPOS_PG,
      });
      // An idle connection the server dropped (a restart): the pool discards it and opens another on
      // the next use. Unlistened, the error would end the process.
      poolArchivos.on('error', (err) => log.warn({ err }, 'Se perdió una conexión inactiva de las cargas'));
    }
    return poolArchivos;
  };

  async function procesar(t: TrabajoTomado, signal: AbortSignal) {
    if (!env.DATABASE_URL) throw new Error('DATABASE_URL no está definida: las cargas necesitan una conexión propia.');
    const carga = { ...t, replica };
    if (t.intento > MAX_INTENTOS) {
      await descartarCarga(env.DATABASE_URL, carga, MENSAJE_INTERRUMPIDA);
      return;
    }
    const formato = formatoDe(t.nombreArchivo);
    const ruta = rutaTemporal(`.${formato}`);
    const avance = escritorDeAvance(
      (a) => registrarAvance(archivos(), t.idArchivo, a),
      (err) => registrar(err, `avance de la carga ${t.idArchivo}`),
    );
    try {
      await bajarArchivo(archivos(), t, ruta);
      await importarArchivo(
        env.DATABASE_URL,
        { ...carga, formato, ruta },
        {
          signal,
          alError: (err) => registrar(err, `carga ${t.idArchivo}`),
          avance: { alAvanzar: avance.informar, cadaMs: env.IMPORT_PROGRESS_MS },
        },
      );
    } finally {
      await avance.terminar();
      await fs.promises.rm(ruta, { force: true });
      alTerminar();
    }
  }

  const trabajador = crearTrabajador({
    db,
    replica,
    simultaneas: env.IMPORT_CONCURRENCY,
    leaseMs: env.IMPORT_LEASE_SECONDS * 1000,
    sondeoMs: env.IMPORT_POLL_MS,
    procesar,
    alError: registrar,
  });

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

  async function* filasRechazadas(idArchivo: number): AsyncGenerator<FilaRechazadaSalida> {
    // Paged on the row number (unique within an upload), which the (id_archivo, fila) index serves directly.
    let desde = 0;
    for (;;) {
      const lote = await filasRechazadasDesde(db, idArchivo, desde, LOTE_RECHAZADOS);
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
      // Refused before a byte is read when the shop's queue is already full.
      try {
        assertCupo(await contarPendientes(archivos(), q.id_minimarket));
      } catch (err) {
        descartar();
        throw err;
      }
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
        void trabajador.despertar();
        return toArchivoCargaDto(registro);
      } finally {
        await fs.promises.rm(ruta, { force: true });
      }
    },

    /** The shop's uploads, newest first. */
    async historial(usuario: UsuarioSesion, idMinimarket: number) {
      await acceso.assertAcceso(usuario, idMinimarket);
      return (await historialDeCargas(db, idMinimarket, LIMITE_HISTORIAL)).map(toArchivoCargaDto);
    },

    /** The rejected rows of one upload of the shop, as .csv or .xlsx, streamed. */
    async rechazados(usuario: UsuarioSesion, idMinimarket: number, idArchivo: number, formato: 'csv' | 'xlsx') {
      await acceso.assertAcceso(usuario, idMinimarket);
      const carga = await cargaConRechazos(db, idMinimarket, idArchivo);
      if (!carga) throw notFound(MENSAJE_CARGA_NO_ENCONTRADA, 'UPLOAD_NOT_FOUND');
      if (carga._count.filas_rechazadas === 0 || !carga.columnas_archivo) {
        throw notFound('Esta carga no tiene filas rechazadas.', 'NO_REJECTED_ROWS');
      }
      const encabezado = JSON.parse(carga.columnas_archivo) as string[];
      const base = carga.nombre_archivo.replace(/\.[^.]+$/, '');
      return archivoRechazados(formato, base, encabezado, filasRechazadas(idArchivo));
    },

    /**
     * A template. With a shop that has products, the sales examples use its own barcodes;
     * otherwise those of the products template (load that one first).
     */
    async plantilla(usuario: UsuarioSesion, nombre: NombrePlantilla, idMinimarket?: number) {
      if (idMinimarket !== undefined) await acceso.assertAcceso(usuario, idMinimarket);
      let productos: ProductoParaVenta[] = [];
      if (idMinimarket !== undefined && esPlantillaDeVentas(nombre)) {
        // Four sold by the unit and, if the shop has one, one sold by weight (its line in kilos).
        const [porUnidad, aGranel] = await Promise.all([
          productosParaPlantilla(db, idMinimarket, 'unidad', 4),
          productosParaPlantilla(db, idMinimarket, 'kg', 1),
        ]);
        productos = [...porUnidad, ...aGranel].map((p) => ({
          ...p,
          codigo_barra: p.codigo_barra!,
          unidad: p.unidad === 'kg' ? 'kg' : 'unidad',
        }));
      }
      return {
        nombre,
        ...(await generarPlantilla(nombre, productos.length > 0 ? { productosParaVentas: productos } : {})),
      };
    },

    /** Starts taking queued imports on this replica. */
    iniciar: () => trabajador.iniciar(),

    /** On close: the running imports are aborted (rolled back) and their jobs handed back to the queue. */
    async detener() {
      await trabajador.detener();
      await poolArchivos?.end();
      if (carpeta) await fs.promises.rm(carpeta, { recursive: true, force: true });
    },
  };
}
