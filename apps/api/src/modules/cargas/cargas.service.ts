// Uploads (issue #4): a file received and queued (recibir.ts), imported by whichever replica takes
// the job (trabajador.ts; src/imports) into 'Completado', 'Con errores' or 'Error'. Also the history,
// the rejected rows of an upload and the templates.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { cargaConRechazos, historialDeCargas } from '../../data/archivo-carga.js';
import { filasRechazadasDesde } from '../../data/fila-rechazada.js';
import { productosParaPlantilla } from '../../data/producto-lecturas.js';
import type { Env } from '../../env.js';
import { esPlantillaDeVentas, generarPlantilla, type NombrePlantilla, type ProductoParaVenta } from '../../imports/plantillas.js';
import { archivoRechazados, type FilaRechazadaSalida } from '../../imports/rechazados.js';
import { notFound } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { toArchivoCargaDto } from './cargas.mapper.js';
import { createRecepcionCargas } from './recibir.js';
import { createRecursosCarga } from './recursos.js';
import { createTrabajadorCargas } from './trabajador.js';

export const LIMITE_HISTORIAL = 100;
const LOTE_RECHAZADOS = 2000;

export const MENSAJE_CARGA_NO_ENCONTRADA = 'Carga no encontrada.';

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
  const recursos = createRecursosCarga({ env, log });
  const trabajador = createTrabajadorCargas({ db, env, recursos, alTerminar });

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
    recibir: createRecepcionCargas({ db, acceso, env, recursos, encolada: () => void trabajador.despertar() }),

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
      await recursos.cerrar();
    },
  };
}
