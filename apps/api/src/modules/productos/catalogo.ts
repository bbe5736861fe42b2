// The sale catalogue a counter keeps on its device (issue #22, docs/offline.md): every product and
// customer of a shop, or only those written since the device's cursor.
//
// Why nothing is missed: each row carries the id of the transaction that last wrote it
// (version_cambio, set by a trigger). The read is one statement, so one snapshot, and answers with
// that snapshot's xmin as the new cursor: every transaction with a smaller id had finished, so its
// writes are in this answer; every write not in this answer comes from a transaction still running
// or not begun, whose id is at least xmin, so the next read (version_cambio >= cursor) has it. A row
// can come twice (a write already seen, by a transaction at or past xmin): the device applies rows by
// id, so that is harmless. Ids are 64-bit (xid8): they never wrap.
//
// Two small parts come whole in every answer, not by cursor: what each customer owes (a balance moves
// with sales and abonos, not with the customer's row; a libreta has tens or hundreds of names) and the
// shop's scale-label layout (a scale label is read on the device when the API does not answer).
import type { Db } from '../../db/client.js';

/** The catalogue as JSON text, built by PostgreSQL (100,000 products need no per-row work here). */
export async function leerCatalogo(db: Db, idMinimarket: number, desde: bigint | null): Promise<string> {
  const completo = desde === null;
  const minimo = desde ?? 0n;
  const [fila] = await db.$queryRaw<{ json: string }[]>`
        SELECT json_build_object(
          'cursor', pg_snapshot_xmin(pg_current_snapshot())::text,
          'completo', ${completo}::boolean,
          'productos', coalesce((
            SELECT json_agg(json_build_object(
              'id_producto', id_producto, 'nombre_producto', nombre_producto, 'codigo_barra', codigo_barra,
              'codigo_plu', codigo_plu, 'categoria', categoria, 'precio_venta_actual', precio_venta_actual,
              'stock', stock, 'unidad', unidad, 'estado', estado) ORDER BY id_producto)
            FROM producto WHERE id_minimarket = ${idMinimarket} AND version_cambio >= ${minimo}::bigint), '[]'::json),
          'clientes', coalesce((
            SELECT json_agg(json_build_object(
              'id_cliente', id_cliente, 'nombre', nombre, 'rut', rut, 'activo', activo,
              'limite_credito', limite_credito) ORDER BY id_cliente)
            FROM cliente WHERE id_minimarket = ${idMinimarket} AND version_cambio >= ${minimo}::bigint), '[]'::json),
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
