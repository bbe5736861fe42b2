// The sale catalogue a counter keeps on its device (issue #22, docs/offline.md): every product and
// customer of a shop, or only those written since the device's cursor.
//
// Why nothing is missed: each row carries its shop's catalogue version at the moment it was last
// written (version_cambio, set by the trigger in prisma/funciones/marcar_version_cambio.sql). A
// transaction's first product or customer write of a shop bumps that shop's row of version_catalogo
// and holds its lock until the transaction ends; its rows all get that version. So within a shop the
// versions are given in commit order: a transaction with version v took the lock only after every
// transaction with a smaller version had ended (committed or rolled back), and every one with a
// larger version waits for this one to end.
//
// The read is one statement, so one snapshot, and answers the shop's committed version V plus one as
// the new cursor. Every write with version ≤ V committed before the snapshot (the one that made V is
// visible, and the earlier ones ended before it took the lock), so it is in this answer; every write not in
// this answer belongs to a transaction still running or not begun, which gets a version > V, and the
// next read (version_cambio >= cursor) has it. A row can come twice (seen, then written again): the
// device applies rows by id, so that is harmless. The reader takes no lock and waits for nobody.
//
// Nothing here depends on transaction ids, so the cursor means the same on any node a shop's shard
// lives on or moves to (Citus, docs/escalar.md). Cursors handed out before (an xid snapshot's xmin)
// stay valid: the migration 20261129100000_cursor_catalogo_tienda starts every shop's version above
// any transaction id given then, so every later write is at or past such a cursor. The cost: one
// writer of a shop's products and customers at a time, from its first such write to its end (sales of
// a shop already take turns on contador_venta; docs/offline.md says what waits for what).
//
// Two small parts come whole in every answer, not by cursor: what each customer owes (a balance moves
// with sales and abonos, not with the customer's row; a libreta has tens or hundreds of names) and the
// shop's scale-label layout (a scale label is read on the device when the API does not answer).
import type { Db } from '../../db/client.js';

/** The catalogue as JSON text, built by PostgreSQL (100,000 products need no per-row work here). */
export async function leerCatalogo(db: Db, idMinimarket: number, desde: bigint | null): Promise<string> {
  // A cursor past the shop's version was not given by this shop as it is now (a backup restored
  // since, or an xid cursor from a replica still running the old code): the whole catalogue, which
  // the device takes in place of its own. The lower bound is an InitPlan: the index still serves it.
  const [fila] = await db.$queryRaw<{ json: string }[]>`
        WITH corte AS (
          SELECT v.version + 1 AS cursor, ${desde}::bigint IS NULL OR ${desde}::bigint > v.version + 1 AS completo
          FROM (SELECT coalesce((SELECT version FROM version_catalogo WHERE id_minimarket = ${idMinimarket}), 0) AS version) v),
        desde AS (SELECT CASE WHEN completo THEN 0 ELSE ${desde}::bigint END AS minimo FROM corte)
        SELECT json_build_object(
          'cursor', (SELECT cursor FROM corte)::text,
          'completo', (SELECT completo FROM corte),
          'productos', coalesce((
            SELECT json_agg(json_build_object(
              'id_producto', id_producto, 'nombre_producto', nombre_producto, 'codigo_barra', codigo_barra,
              'codigo_plu', codigo_plu, 'categoria', categoria, 'precio_venta_actual', precio_venta_actual,
              'stock', stock, 'unidad', unidad, 'estado', estado) ORDER BY id_producto)
            FROM producto WHERE id_minimarket = ${idMinimarket} AND version_cambio >= (SELECT minimo FROM desde)), '[]'::json),
          'clientes', coalesce((
            SELECT json_agg(json_build_object(
              'id_cliente', id_cliente, 'nombre', nombre, 'rut', rut, 'activo', activo,
              'limite_credito', limite_credito) ORDER BY id_cliente)
            FROM cliente WHERE id_minimarket = ${idMinimarket} AND version_cambio >= (SELECT minimo FROM desde)), '[]'::json),
          'saldos', coalesce((
            SELECT json_agg(json_build_object('id_cliente', s.id_cliente, 'saldo', s.saldo) ORDER BY s.id_cliente)
            FROM saldos_clientes(${idMinimarket}) s), '[]'::json),
          'formato_etiqueta', (
            SELECT CASE WHEN m.etiqueta_prefijo IS NULL OR m.etiqueta_digitos_plu IS NULL OR m.etiqueta_contenido IS NULL THEN NULL
                        ELSE json_build_object('prefijo', m.etiqueta_prefijo, 'digitos_plu', m.etiqueta_digitos_plu,
                                               'contenido', m.etiqueta_contenido) END
            FROM minimarket m WHERE m.id_minimarket = ${idMinimarket})
        )::text AS json`;
  return fila!.json;
}
