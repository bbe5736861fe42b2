// What every analytics report starts from (analitica.service.ts composes them): whose shop, the
// question resolved and checked, and a read of the summaries in one snapshot, heavy or not.
import { resolverRango, type filtrosAnaliticaSchema } from '@minimarket/contracts/analitica';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { leerResumenes, type Consulta, type Resumenes } from '../../data/resumen-ventas.js';
import { validation } from '../../lib/errors.js';
import { diaLocal } from '../../lib/tiempo.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import type { LecturasPesadas } from './lectura-pesada.js';

export type Filtros = z.output<typeof filtrosAnaliticaSchema>;

export interface ContextoAnalitica {
  db: Db;
  pesadas: LecturasPesadas;
  /** The shop asked about, if the user reaches it (acceso.tiendaPedida). */
  tienda(usuario: UsuarioSesion, id: number | undefined): Promise<number>;
  /** The question: whose shop, the range resolved and checked (422 in Spanish), the filters. */
  consulta(usuario: UsuarioSesion, f: Filtros): Promise<Consulta>;
  /**
   * A read of the summaries of [desde, hasta] (desde null: from the first day) in one snapshot.
   * `pesadaDe`: a heavy read of that user, with its turn and timeout.
   */
  leer<T>(
    rango: { idMinimarket: number; desde: string | null; hasta: string },
    lectura: (tx: Tx, r: Resumenes) => Promise<T>,
    pesadaDe?: UsuarioSesion,
  ): Promise<T>;
}

export function crearContexto({ db, acceso, pesadas }: { db: Db; acceso: AccesoMinimarket; pesadas: LecturasPesadas }): ContextoAnalitica {
  const tienda = (usuario: UsuarioSesion, id: number | undefined) => acceso.tiendaPedida(usuario, id);
  return {
    db,
    pesadas,
    tienda,
    async consulta(usuario, f) {
      const idMinimarket = await tienda(usuario, f.id_minimarket);
      const rango = resolverRango(f, diaLocal(new Date()));
      if ('mensaje' in rango) throw validation(rango.mensaje, [{ campo: rango.campo, mensaje: rango.mensaje }]);
      return { idMinimarket, ...rango, categoria: f.categoria, metodoPago: f.metodo_pago };
    },
    leer(rango, lectura, pesadaDe) {
      return leerResumenes(db, rango, lectura, pesadaDe ? (tx) => pesadas.turno(tx, pesadaDe.id_usuario) : undefined);
    },
  };
}
