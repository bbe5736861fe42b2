// venta and detalle_venta: a sale and its lines, always written together. The ways in are operations
// (docs/offline.md «Una venta, dos operaciones»): a sale at the counter (the database function
// registrar_venta) and one synced from a device's outbox (sincronizar_venta_offline), both over the
// core escribir_venta, which also takes the number, writes the payment parts, the ledger and the
// boleta's request (only the sales module calls them); and history, which moves no stock, takes no
// payment rows and asks no boleta: an imported sales file (insertarVentasImportadas) and the demo's
// past sales (insertarHistorial).
import type pg from 'pg';
import { Prisma, type Db, type Tx } from '../db/client.js';
import { marcarDiasPendientes, marcarDiasPendientesDesde } from './resumen-ventas.js';

export interface LineaVentaNueva {
  /** Null: a loose sale («venta libre»). */
  id_producto: number | null;
  num_unidades: number;
  precio_unitario: number;
  subtotal: number;
  descuento: number;
  codigo_etiqueta?: string;
  /** A label line's gross: the price label's printed amount (or a weight label's grams at the price). */
  monto_etiqueta?: number;
  /** A loose sale's name and category. */
  nombre_producto?: string;
  categoria?: string;
}

/** What every sale sends, whichever operation writes it. */
interface VentaNueva {
  idMinimarket: number;
  /** Who sold it. */
  idUsuario: number;
  metodoPago: string;
  estadoVenta: string;
  total: number;
  idempotencyKey: string | null;
  lineas: LineaVentaNueva[];
  montoRecibido: number | null;
  /** The customer of a sale on credit ('Fiado', or a split sale with a fiado part). */
  idCliente: number | null;
  /** The parts of a split sale (metodoPago 'Mixto'; docs/pagos.md); null for one method. */
  pagos: ReadonlyArray<{ metodo_pago: string; monto: number }> | null;
  /** The device's provisional reference ("C1-0042"): an offline sale's, or one a counter sale sent (kept as sent). */
  referenciaLocal: string | null;
  /** Why the sale carries a discount. */
  motivoDescuento: string | null;
  /** The request as sent, without any PIN: kept with a refusal. */
  cuerpo: unknown;
}

/**
 * What a sale operation answers: a retry of a sale already recorded under its key, a refusal (kept
 * under the key, venta_rechazada), or the sale written: its rows as stored, as a sale is read
 * (CON_DETALLES; modules/ventas/ventas.mapper.ts makes its JSON), with `E`, what to notify.
 */
export type ResultadoVenta<E, R> =
  { repetida: true; id_venta: number } | { rechazo: R } | ({ repetida: false; venta: VentaConDetalles } & E);

/** The sale's rows as the database answers them in JSON (escribir_venta), with their dates as dates. */
function resultadoDeVenta<E, R>(fila: { resultado: unknown } | undefined): ResultadoVenta<E, R> {
  const r = fila!.resultado as ResultadoVenta<E, R>;
  if ('venta' in r) {
    const v = r.venta as unknown as Omit<VentaConDetalles, 'fecha_venta' | 'recibida_en' | 'anulada_en'> & {
      fecha_venta: string;
      recibida_en: string;
      anulada_en: string | null;
    };
    r.venta = {
      ...v,
      fecha_venta: new Date(v.fecha_venta),
      recibida_en: new Date(v.recibida_en),
      anulada_en: v.anulada_en === null ? null : new Date(v.anulada_en),
    };
  }
  return r;
}

/**
 * A sale at the counter, now: one call to registrar_venta (prisma/funciones/registrar_venta.sql), its
 * strict checks (shift, stock, price, the customer's limit) over escribir_venta, all or nothing;
 * attempts with the same key one at a time, refusals answered and kept under the key.
 */
export async function registrarVentaEnMostrador<E, R>(
  tx: Tx,
  v: VentaNueva & {
    /** The owner who approved a cashier's fiado past the customer's limit (docs/cajeros.md). */
    idAutorizador: number | null;
  },
): Promise<ResultadoVenta<E, R>> {
  const [fila] = await tx.$queryRaw<{ resultado: unknown }[]>`
    SELECT registrar_venta(${v.idMinimarket}::int, ${v.idUsuario}::int, ${v.metodoPago}::text,
      ${v.estadoVenta}::text, ${v.total}::int, ${v.idempotencyKey}::text, ${JSON.stringify(v.lineas)}::jsonb, ${v.montoRecibido}::int,
      ${v.idCliente}::bigint, ${v.pagos ? JSON.stringify(v.pagos) : null}::jsonb, ${v.referenciaLocal}::text,
      ${v.idAutorizador}::int, ${v.motivoDescuento}::text, ${JSON.stringify(v.cuerpo)}::jsonb) AS resultado`;
  return resultadoDeVenta<E, R>(fila);
}

/**
 * A sale a device made with no connection, sent from its outbox (docs/offline.md «El servidor»): one
 * call to sincronizar_venta_offline, its own time and its tolerances over escribir_venta.
 */
export async function sincronizarVentaOffline<E, R>(
  tx: Tx,
  v: VentaNueva & {
    idempotencyKey: string;
    /** The sale's own time on the device. */
    fecha: Date;
  },
): Promise<ResultadoVenta<E, R>> {
  const [fila] = await tx.$queryRaw<{ resultado: unknown }[]>`
    SELECT sincronizar_venta_offline(${v.idMinimarket}::int, ${v.idUsuario}::int, ${v.metodoPago}::text,
      ${v.estadoVenta}::text, ${v.total}::int, ${v.idempotencyKey}::text, ${JSON.stringify(v.lineas)}::jsonb, ${v.montoRecibido}::int,
      ${v.idCliente}::bigint, ${v.pagos ? JSON.stringify(v.pagos) : null}::jsonb, ${v.fecha}::timestamptz, ${v.referenciaLocal}::text,
      ${v.motivoDescuento}::text, ${JSON.stringify(v.cuerpo)}::jsonb) AS resultado`;
  return resultadoDeVenta<E, R>(fila);
}

/** What an offline sale did that the counter would not have let through (docs/offline.md «El rastro»). */
export async function marcarAlertas(tx: Tx, idMinimarket: number, idVenta: number, alertas: readonly string[]) {
  await tx.$executeRaw`UPDATE venta SET alertas = ${[...alertas]}::text[] WHERE id_minimarket = ${idMinimarket} AND id_venta = ${idVenta}`;
}

/** Sale ids taken from the table's own sequence up front, so lines can point at them before the insert. */
export async function reservarIdsVenta(tx: Tx, cantidad: number): Promise<number[]> {
  if (cantidad === 0) return [];
  const filas = await tx.$queryRaw<{ id_venta: number }[]>`
    SELECT nextval(pg_get_serial_sequence('venta', 'id_venta')) AS id_venta
    FROM generate_series(1, ${cantidad}::int)`;
  return filas.map((f) => f.id_venta).sort((a, b) => a - b);
}

export interface VentaHistorica {
  id_venta: number;
  id_minimarket: number;
  id_usuario: number;
  fecha_venta: Date;
  total: number;
  metodo_pago: string;
  estado_venta: string;
  /** A sale on credit ('Fiado') names its customer, and only it does (the CHECK venta_fiado_cliente_check). */
  id_cliente?: number | null;
}

export interface LineaHistorica {
  id_venta: number;
  id_minimarket: number;
  id_producto: number;
  num_unidades: number;
  precio_unitario: number;
  subtotal: number;
  nombre_producto: string;
  costo_unitario: number | null;
  categoria: string;
  /** 'kg': num_unidades are grams, precio_unitario per kilo, subtotal montoPorPeso (the CHECK reads it). Default 'unidad'. */
  unidad?: 'unidad' | 'kg';
}

/**
 * The shops' next sale numbers for these sales, in the order they happened: each shop's counter
 * moves past them all at once (its row locked until the caller commits, as a counter sale does).
 */
async function numerarVentas(tx: Tx, ventas: readonly VentaHistorica[]): Promise<Map<number, number>> {
  const numeros = new Map<number, number>();
  for (const idMinimarket of new Set(ventas.map((v) => v.id_minimarket))) {
    const deTienda = ventas
      .filter((v) => v.id_minimarket === idMinimarket)
      .sort((a, b) => a.fecha_venta.getTime() - b.fecha_venta.getTime() || a.id_venta - b.id_venta);
    const [c] = await tx.$queryRaw<{ base: number }[]>`
      INSERT INTO contador_venta AS c (id_minimarket, ultimo) VALUES (${idMinimarket}, ${deTienda.length})
      ON CONFLICT (id_minimarket) DO UPDATE SET ultimo = c.ultimo + ${deTienda.length}
      RETURNING ultimo - ${deTienda.length}::int AS base`;
    deTienda.forEach((v, i) => numeros.set(v.id_venta, c!.base + i + 1));
  }
  return numeros;
}

/**
 * Past sales (the demo history): thousands of rows as one INSERT … SELECT FROM unnest(arrays),
 * a handful of parameters whatever the row count. They move no stock here (the demo writes their
 * ledger rows through producto.ts). A sale on credit comes with its customer, both in the same row
 * (the demo's libreta: db/seed/libreta.ts). Returns each sale's number in its shop, by id_venta.
 */
export async function insertarHistorial(
  tx: Tx,
  ventas: readonly VentaHistorica[],
  lineas: readonly LineaHistorica[],
): Promise<Map<number, number>> {
  const numeros = ventas.length > 0 ? await numerarVentas(tx, ventas) : new Map<number, number>();
  if (ventas.length > 0) {
    await tx.$executeRaw`
      INSERT INTO venta (id_venta, numero_venta, id_minimarket, id_usuario, fecha_venta, total, metodo_pago, estado_venta, id_cliente)
      SELECT * FROM unnest(
        ${ventas.map((f) => f.id_venta)}::bigint[],
        ${ventas.map((f) => numeros.get(f.id_venta)!)}::int[],
        ${ventas.map((f) => f.id_minimarket)}::int[],
        ${ventas.map((f) => f.id_usuario)}::int[],
        ${ventas.map((f) => f.fecha_venta.toISOString())}::timestamptz[],
        ${ventas.map((f) => f.total)}::int[],
        ${ventas.map((f) => f.metodo_pago)}::text[],
        ${ventas.map((f) => f.estado_venta)}::text[],
        ${ventas.map((f) => f.id_cliente ?? null)}::bigint[])`;
  }
  if (lineas.length > 0) {
    await tx.$executeRaw`
      INSERT INTO detalle_venta (id_venta, id_minimarket, id_producto, num_unidades, precio_unitario, subtotal, nombre_producto, costo_unitario, categoria, unidad)
      SELECT * FROM unnest(
        ${lineas.map((f) => f.id_venta)}::bigint[],
        ${lineas.map((f) => f.id_minimarket)}::int[],
        ${lineas.map((f) => f.id_producto)}::bigint[],
        ${lineas.map((f) => f.num_unidades)}::int[],
        ${lineas.map((f) => f.precio_unitario)}::int[],
        ${lineas.map((f) => f.subtotal)}::int[],
        ${lineas.map((f) => f.nombre_producto)}::text[],
        ${lineas.map((f) => f.costo_unitario)}::int[],
        ${lineas.map((f) => f.categoria)}::text[],
        ${lineas.map((f) => f.unidad ?? 'unidad')}::text[])`;
  }
  // Their days are to be summed into the analytics' summaries.
  for (const idMinimarket of new Set(ventas.map((v) => v.id_minimarket))) {
    await marcarDiasPendientes(
      tx,
      idMinimarket,
      ventas.filter((v) => v.id_minimarket === idMinimarket).map((v) => v.fecha_venta),
    );
  }
  return numeros;
}

/**
 * The lines of `lineas` (a temp table: id_venta_csv, fecha_venta, metodo_pago, id_producto,
 * num_unidades, precio, subtotal, unidad, nombre_producto, fila, rechazada, ya_importada) that are
 * neither rejected nor already in become sales of the shop, grouped by id_venta_csv, each total
 * the sum of its subtotals. A sale another import put in meanwhile is left alone.
 */
export async function insertarVentasImportadas(
  client: pg.ClientBase,
  lineas: string,
  p: { idMinimarket: number; idUsuario: number | null },
) {
  const { rows } = await client.query<{ ventas: number; lineas: number }>(
    `WITH grupos AS (
       SELECT id_venta_csv, min(fecha_venta) AS fecha_venta, min(metodo_pago) AS metodo_pago,
              sum(subtotal) AS total
       FROM ${lineas} WHERE NOT rechazada AND NOT ya_importada
       GROUP BY id_venta_csv
     ), ventas AS (
       INSERT INTO venta (id_minimarket, id_usuario, fecha_venta, total, metodo_pago, estado_venta, id_venta_csv, origen)
       SELECT $1, $2, fecha_venta, total, metodo_pago, 'Completada', id_venta_csv, 'archivo'
       FROM grupos ORDER BY fecha_venta, id_venta_csv
       ON CONFLICT (id_minimarket, id_venta_csv) DO NOTHING
       RETURNING id_venta, id_venta_csv
     ), insertadas AS (
       INSERT INTO detalle_venta (id_venta, id_minimarket, id_producto, num_unidades, precio_unitario, subtotal,
                                  nombre_producto, costo_unitario, categoria, unidad)
       SELECT v.id_venta, $1, l.id_producto, l.num_unidades, l.precio, l.subtotal, l.nombre_producto,
              p.precio_compra_actual, p.categoria, l.unidad
       FROM ventas v JOIN ${lineas} l ON l.id_venta_csv = v.id_venta_csv
       JOIN producto p ON p.id_minimarket = $1 AND p.id_producto = l.id_producto
       WHERE NOT l.rechazada AND NOT l.ya_importada
       ORDER BY v.id_venta, l.fila
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM ventas)::int AS ventas, (SELECT count(*) FROM insertadas)::int AS lineas`,
    [p.idMinimarket, p.idUsuario],
  );
  // Their days are to be summed into the analytics' summaries.
  await marcarDiasPendientesDesde(
    client,
    p.idMinimarket,
    `(SELECT fecha_venta FROM ${lineas} WHERE NOT rechazada AND NOT ya_importada) AS l`,
  );
  return { ventas: rows[0]?.ventas ?? 0, lineas: rows[0]?.lineas ?? 0 };
}

/**
 * Voids a whole sale: 'Anulada' with who, when, why and the cash shift open then; its local day is
 * summed again so it leaves the analytics. The caller holds the sale's row lock (FOR UPDATE) and
 * puts the units back (producto.ts devolverUnidades).
 */
export async function anularVenta(
  tx: Tx,
  v: {
    idMinimarket: number;
    idVenta: number;
    fechaVenta: Date;
    idUsuario: number;
    motivo: string;
    idTurno: number | null;
    /** The owner who approved a cashier's void with their PIN. */
    idAutorizador: number | null;
  },
) {
  await tx.$executeRaw`
    UPDATE venta SET estado_venta = 'Anulada', anulada_en = now(), id_usuario_anulacion = ${v.idUsuario},
           motivo_anulacion = ${v.motivo}, id_turno_anulacion = ${v.idTurno}, id_autorizador_anulacion = ${v.idAutorizador}
    WHERE id_minimarket = ${v.idMinimarket} AND id_venta = ${v.idVenta}`;
  // Its nota de crédito, in this transaction, when the sale has a boleta (docs/boleta.md).
  await tx.$executeRaw`SELECT encolar_nota_credito(${v.idMinimarket}::int, ${v.idVenta}::bigint, NULL::bigint)`;
  await marcarDiasPendientes(tx, v.idMinimarket, [v.fechaVenta]);
}

// ---- Reads ----

/**
 * A sale with its lines, the parts of a split payment, and its returns (each with its lines and, for
 * a split sale, what it gave back by method), in the order they were written.
 */
export const CON_DETALLES = {
  detalles: { orderBy: { id_detalle_venta: 'asc' } },
  // Who sold it (the person at the till).
  usuario: { select: { nombre: true } },
  pagos: true,
  devoluciones: {
    orderBy: { id_devolucion: 'asc' },
    include: { detalles: { orderBy: { id_detalle_devolucion: 'asc' } }, pagos: true },
  },
} satisfies Prisma.VentaInclude;
export type VentaConDetalles = Prisma.VentaGetPayload<{ include: typeof CON_DETALLES }>;

export function ventaConDetalles(db: Db | Tx, idMinimarket: number, idVenta: number) {
  return db.venta.findUniqueOrThrow({
    where: { id_minimarket_id_venta: { id_minimarket: idMinimarket, id_venta: idVenta } },
    include: CON_DETALLES,
  });
}

/**
 * A sale, its lines and its shop's owner (who may see it). Sales are addressed by their id alone (the
 * URL carries no shop): the row says whose it is (index venta_id_venta_idx).
 */
export function ventaConDueno(db: Db, idVenta: number) {
  return db.venta.findFirst({
    where: { id_venta: idVenta },
    include: { ...CON_DETALLES, minimarket: { select: { id_usuario: true } } },
  });
}

/** What a receipt prints: the sale, its lines and its shop (name, address, the owner's RUT). */
export function ventaParaBoleta(db: Db, idVenta: number) {
  return db.venta.findFirst({
    where: { id_venta: idVenta },
    include: {
      ...CON_DETALLES,
      minimarket: {
        select: { id_usuario: true, nombre_minimarket: true, direccion: true, comuna: true, usuario: { select: { rut_empresa: true } } },
      },
      cliente: { select: { nombre: true } },
    },
  });
}

/** The sale an Idempotency-Key made in a shop, if any. */
export function ventaPorClave(db: Db, idMinimarket: number, clave: string) {
  return db.venta.findUnique({
    where: { id_minimarket_idempotency_key: { id_minimarket: idMinimarket, idempotency_key: clave } },
    include: CON_DETALLES,
  });
}

export interface FiltroVentas {
  idMinimarket: number;
  /**
   * A sale by what a person reads: the shop's number, the id it had in an imported file, or the
   * provisional reference a device printed while offline ("C1-0042", as typed or in capitals).
   */
  buscada?: { numero: number | null; idCsv: string };
  desde?: Date;
  hasta?: Date;
  /** Sold by this person. */
  idVendedor?: number;
  origen?: 'mostrador' | 'offline' | 'archivo';
  /** Only the sales with an alert (true). */
  conAlertas?: boolean;
}

/** A provisional reference as typed and in capitals ("c1-0042" finds "C1-0042"). */
const referencias = (texto: string) => [...new Set([texto, texto.toUpperCase()])];

/**
 * Transacciones: a page of a shop's sales (voided ones included, newest first), how many there are,
 * and the totals by the one definition of a sale (venta_contada): a voided sale is listed but counts
 * nowhere, and what was returned leaves what its sale brought in.
 */
export async function listarVentas(db: Db, f: FiltroVentas, pagina: { skip: number; take: number }) {
  const where: Prisma.VentaWhereInput = {
    id_minimarket: f.idMinimarket,
    ...(f.buscada
      ? {
          OR: [
            ...(f.buscada.numero !== null ? [{ numero_venta: f.buscada.numero }] : []),
            { id_venta_csv: f.buscada.idCsv },
            { referencia_local: { in: referencias(f.buscada.idCsv) } },
          ],
        }
      : {}),
    ...(f.desde || f.hasta ? { fecha_venta: { ...(f.desde ? { gte: f.desde } : {}), ...(f.hasta ? { lte: f.hasta } : {}) } } : {}),
    ...(f.idVendedor !== undefined ? { id_usuario: f.idVendedor } : {}),
    ...(f.origen ? { origen: f.origen } : {}),
    ...(f.conAlertas === true ? { NOT: { alertas: { isEmpty: true } } } : f.conAlertas === false ? { alertas: { isEmpty: true } } : {}),
  };
  const [filas, total, [contadas]] = await Promise.all([
    db.venta.findMany({ where, include: CON_DETALLES, orderBy: [{ fecha_venta: 'desc' }, { id_venta: 'desc' }], ...pagina }),
    db.venta.count({ where }),
    db.$queryRaw<{ ventas: number; ingresos: bigint }[]>`
      SELECT count(*)::int AS ventas, coalesce(sum(ingreso), 0)::bigint AS ingresos FROM venta_contada
      WHERE id_minimarket = ${f.idMinimarket}
        ${
          f.buscada
            ? Prisma.sql`AND (numero_venta = ${f.buscada.numero} OR id_venta_csv = ${f.buscada.idCsv}
                OR id_venta IN (SELECT id_venta FROM venta WHERE id_minimarket = ${f.idMinimarket}
                                AND referencia_local = ANY(${referencias(f.buscada.idCsv)}::text[])))`
            : Prisma.empty
        }
        ${f.desde ? Prisma.sql`AND fecha_venta >= ${f.desde}` : Prisma.empty}
        ${f.hasta ? Prisma.sql`AND fecha_venta <= ${f.hasta}` : Prisma.empty}
        ${f.idVendedor !== undefined ? Prisma.sql`AND id_vendedor = ${f.idVendedor}` : Prisma.empty}
        ${
          f.origen || f.conAlertas !== undefined
            ? Prisma.sql`AND id_venta IN (SELECT id_venta FROM venta WHERE id_minimarket = ${f.idMinimarket}
                ${f.origen ? Prisma.sql`AND origen = ${f.origen}` : Prisma.empty}
                ${f.conAlertas === true ? Prisma.sql`AND alertas <> '{}'` : f.conAlertas === false ? Prisma.sql`AND alertas = '{}'` : Prisma.empty})`
            : Prisma.empty
        }`,
  ]);
  return { filas, total, ventasContadas: contadas?.ventas ?? 0, ingresos: Number(contadas?.ingresos ?? 0) };
}

/** The shop of a sale addressed by its id alone (null when there is no such sale). */
export async function tiendaDeVenta(tx: Db | Tx, idVenta: number): Promise<number | null> {
  const [v] = await tx.$queryRaw<{ id_minimarket: number }[]>`SELECT id_minimarket FROM venta WHERE id_venta = ${idVenta}`;
  return v?.id_minimarket ?? null;
}

/**
 * A sale under its row lock (a second void or return of it waits for this transaction), with its
 * shop's owner. Locked by its full key, shop and id: on a cluster distributed by shop a locking read
 * must name the shop.
 */
export async function ventaBloqueada(tx: Tx, idMinimarket: number, idVenta: number) {
  const [v] = await tx.$queryRaw<
    {
      id_minimarket: number;
      numero_venta: number | null;
      id_venta_csv: string | null;
      estado_venta: string;
      fecha_venta: Date;
      metodo_pago: string;
      total: number;
      id_usuario_dueno: number;
    }[]
  >`
    SELECT v.id_minimarket, v.numero_venta, v.id_venta_csv, v.estado_venta, v.fecha_venta, v.metodo_pago, v.total, m.id_usuario AS id_usuario_dueno
    FROM venta v JOIN minimarket m ON m.id_minimarket = v.id_minimarket
    WHERE v.id_minimarket = ${idMinimarket} AND v.id_venta = ${idVenta} FOR UPDATE OF v`;
  return v ?? null;
}

/** Per product of a sale: what was sold, at what price and cost, and how many units are still out (not returned). */
export function unidadesPorDevolver(tx: Tx, idMinimarket: number, idVenta: number) {
  // quedan: units (grams for a kg line) not yet returned; por_reembolsar: pesos of the product's
  // lines not yet refunded (a partial kg return never refunds more than was paid: montoADevolver).
  return tx.$queryRaw<
    {
      id_producto: number;
      nombre_producto: string;
      precio_unitario: number;
      costo_unitario: number | null;
      categoria: string;
      unidad: string;
      quedan: number;
      por_reembolsar: number;
      /** Its lines were not charged price × quantity (a discount, a price label): refunds go in proportion. */
      proporcional: boolean;
    }[]
  >`
    SELECT d.id_producto, min(d.nombre_producto) AS nombre_producto, min(d.precio_unitario) AS precio_unitario,
           min(d.costo_unitario) AS costo_unitario, min(d.categoria) AS categoria, min(d.unidad) AS unidad,
           (sum(d.num_unidades) - coalesce(dev.unidades, 0))::int AS quedan,
           (sum(d.subtotal) - coalesce(dev.pesos, 0))::int AS por_reembolsar,
           (sum(d.descuento) > 0 OR bool_or(d.codigo_etiqueta IS NOT NULL)) AS proporcional
    FROM detalle_venta d
    LEFT JOIN LATERAL (
      SELECT sum(dd.num_unidades) AS unidades, sum(dd.subtotal) AS pesos FROM devolucion dv
      JOIN detalle_devolucion dd ON dd.id_minimarket = dv.id_minimarket AND dd.id_devolucion = dv.id_devolucion
      WHERE dv.id_minimarket = ${idMinimarket} AND dv.id_venta = ${idVenta} AND dd.id_producto = d.id_producto
    ) dev ON true
    -- A loose sale's lines have no product: nothing of them goes back to stock (nor is returned alone).
    WHERE d.id_minimarket = ${idMinimarket} AND d.id_venta = ${idVenta} AND d.id_producto IS NOT NULL
    GROUP BY d.id_producto, dev.unidades, dev.pesos ORDER BY d.id_producto`;
}

/** How many sales a shop has (a shop with sales cannot be deleted). */
export function contarVentasDeTienda(db: Db, idMinimarket: number) {
  return db.venta.count({ where: { id_minimarket: idMinimarket } });
}
