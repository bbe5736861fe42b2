// movimiento_stock: the ledger of every stock change (decisions §5): who, when, why, how much
// (signed) and the stock it left. Every row is written here: for producto.ts (with the change
// itself), for the demo seed (its history's sales, registrarSalidasDeHistorial), and by the sale
// function registrar_venta in the database; nothing else changes a product's stock.
import { Prisma, type Tx } from '../db/client.js';

// 'faltante': an offline sale of more than the stock: the shortfall, counted in before the sale (registrar_venta).
export const TIPOS_MOVIMIENTO = ['venta', 'ingreso', 'ajuste', 'importacion', 'anulacion', 'devolucion', 'faltante'] as const;
export type TipoMovimiento = (typeof TIPOS_MOVIMIENTO)[number];

export type Movimiento = Prisma.MovimientoStockUncheckedCreateInput & { tipo: TipoMovimiento };

export async function registrarMovimientos(tx: Tx, movimientos: Movimiento[]) {
  if (movimientos.length > 0) await tx.movimientoStock.createMany({ data: movimientos });
}

/** One ledger row, returned (an adjustment answers with its own row). */
export const registrarMovimiento = (tx: Tx, movimiento: Movimiento) => tx.movimientoStock.create({ data: movimiento });

/**
 * The ledger rows of a set-based change, as one INSERT for a WITH clause: `origen` names a
 * relation with id_producto, cantidad (signed) and stock_resultante; $1 is the shop, $2 the user
 * and $3 the reason of the statement that embeds it. Rows that moved nothing are left out.
 */
export const sqlMovimientosDesde = (origen: string, tipo: TipoMovimiento) => `
  INSERT INTO movimiento_stock (id_minimarket, id_producto, id_usuario, tipo, cantidad, stock_resultante, motivo)
  SELECT $1, id_producto, $2, '${tipo}', cantidad, stock_resultante, $3
  FROM ${origen} WHERE cantidad <> 0`;

export interface SalidaDeHistorial {
  id_producto: number;
  id_venta: number;
  cantidad: number;
  stock_resultante: number;
  motivo: string;
  fecha: Date;
}

/**
 * The ledger rows of the demo history's sales, the units each took and the stock it left, so the
 * ledger of a product adds up to its stock (producto.ts's crearProductosIniciales counted today's
 * stock plus what the history sold). The stock itself is already today's: nothing else changes.
 * One INSERT … unnest.
 */
export async function registrarSalidasDeHistorial(tx: Tx, idMinimarket: number, idUsuario: number, filas: readonly SalidaDeHistorial[]) {
  if (filas.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO movimiento_stock (id_minimarket, id_usuario, tipo, id_producto, id_venta, cantidad, stock_resultante, motivo, fecha)
    SELECT ${idMinimarket}::int, ${idUsuario}::int, 'venta', * FROM unnest(
      ${filas.map((f) => f.id_producto)}::bigint[],
      ${filas.map((f) => f.id_venta)}::bigint[],
      ${filas.map((f) => -f.cantidad)}::int[],
      ${filas.map((f) => f.stock_resultante)}::int[],
      ${filas.map((f) => f.motivo)}::text[],
      ${filas.map((f) => f.fecha.toISOString())}::timestamptz[])`;
}

// ---------------------------------------------------------------------------------------------
// Reads of the owners' adjustments (tipo_ajuste set), next to the rows' writes: the list and the
// report by month and reason of GET /api/ajustes-stock (modules/ajustes-stock). Both use the
// partial index movimiento_stock_ajustes_idx (shop, date).

export interface FiltroAjustes {
  idMinimarket: number;
  /** [desde, hasta) in UTC instants: a Santiago month already converted. */
  desde?: Date;
  hasta?: Date;
  tipo?: string;
  idProducto?: number;
}

export interface FilaAjuste {
  id_movimiento: number;
  id_producto: number;
  nombre_producto: string;
  codigo_barra: string;
  // 'kg': cantidad and stock_resultante are grams, costo_unitario per kilo.
  unidad: 'unidad' | 'kg';
  tipo_ajuste: string;
  cantidad: number;
  stock_resultante: number;
  costo_unitario: number | null;
  nota: string | null;
  fecha: Date;
  nombre_usuario: string | null;
}

function condicionesAjustes(f: FiltroAjustes) {
  return Prisma.sql`m.id_minimarket = ${f.idMinimarket} AND m.tipo_ajuste IS NOT NULL
    ${f.desde ? Prisma.sql`AND m.fecha >= ${f.desde}` : Prisma.empty}
    ${f.hasta ? Prisma.sql`AND m.fecha < ${f.hasta}` : Prisma.empty}
    ${f.tipo ? Prisma.sql`AND m.tipo_ajuste = ${f.tipo}` : Prisma.empty}
    ${f.idProducto ? Prisma.sql`AND m.id_producto = ${f.idProducto}` : Prisma.empty}`;
}

/** A page of adjustments, newest first, with the product's name and who made each. */
export async function listarAjustes(tx: Tx, f: FiltroAjustes, pagina: { skip: number; limit: number }) {
  const donde = condicionesAjustes(f);
  const [filas, [conteo]] = await Promise.all([
    tx.$queryRaw<FilaAjuste[]>`
      SELECT m.id_movimiento, m.id_producto, p.nombre_producto, p.codigo_barra, p.unidad, m.tipo_ajuste, m.cantidad,
             m.stock_resultante, m.costo_unitario, m.nota, m.fecha, u.nombre AS nombre_usuario
      FROM movimiento_stock m
      JOIN producto p ON p.id_minimarket = m.id_minimarket AND p.id_producto = m.id_producto
      LEFT JOIN usuario u ON u.id_usuario = m.id_usuario
      WHERE ${donde}
      ORDER BY m.fecha DESC, m.id_movimiento DESC
      LIMIT ${pagina.limit} OFFSET ${pagina.skip}`,
    tx.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM movimiento_stock m WHERE ${donde}`,
  ]);
  return { filas, total: conteo?.total ?? 0 };
}

/** One adjustment by its ledger id, shaped as the list's rows. */
export async function ajustePorId(tx: Tx, idMinimarket: number, idMovimiento: number) {
  const [fila] = await tx.$queryRaw<FilaAjuste[]>`
    SELECT m.id_movimiento, m.id_producto, p.nombre_producto, p.codigo_barra, p.unidad, m.tipo_ajuste, m.cantidad,
           m.stock_resultante, m.costo_unitario, m.nota, m.fecha, u.nombre AS nombre_usuario
    FROM movimiento_stock m
    JOIN producto p ON p.id_minimarket = m.id_minimarket AND p.id_producto = m.id_producto
    LEFT JOIN usuario u ON u.id_usuario = m.id_usuario
    WHERE m.id_minimarket = ${idMinimarket} AND m.id_movimiento = ${idMovimiento} AND m.tipo_ajuste IS NOT NULL`;
  return fila ?? null;
}

export interface SumaAjustes {
  /** 'YYYY-MM' on Santiago's calendar. */
  mes: string;
  tipo_ajuste: string;
  ajustes: number;
  unidades: number;
  gramos: number;
  valor_costo: number;
  unidades_sin_costo: number;
  gramos_sin_costo: number;
}

/**
 * Adjustments summed by Santiago month and reason: units of unit products and grams of kg products
 * apart (signed; never added together), their value at each row's cost (signed pesos, in bigint: a
 * million units at $100.000.000 overflow an integer; a kg row at its cost per kilo, rounded like the
 * contracts' valorAlCosto), and what had no cost. `zona` is the shops' time zone (reglas.ZONA_HORARIA).
 */
export async function sumarAjustesPorMes(tx: Tx, f: FiltroAjustes & { zona: string }): Promise<SumaAjustes[]> {
  const filas = await tx.$queryRaw<
    Array<{
      mes: string;
      tipo_ajuste: string;
      ajustes: number;
      unidades: bigint;
      gramos: bigint;
      valor_costo: bigint;
      unidades_sin_costo: bigint;
      gramos_sin_costo: bigint;
    }>
  >`
    SELECT to_char(m.fecha AT TIME ZONE ${f.zona}, 'YYYY-MM') AS mes, m.tipo_ajuste,
           count(*)::int AS ajustes,
           coalesce(sum(m.cantidad) FILTER (WHERE p.unidad = 'unidad'), 0)::bigint AS unidades,
           coalesce(sum(m.cantidad) FILTER (WHERE p.unidad = 'kg'), 0)::bigint AS gramos,
           coalesce(sum(CASE p.unidad
               WHEN 'kg' THEN sign(m.cantidad) * ((abs(m.cantidad)::bigint * m.costo_unitario + 500) / 1000)
               ELSE m.cantidad::bigint * m.costo_unitario END), 0)::bigint AS valor_costo,
           coalesce(sum(m.cantidad) FILTER (WHERE m.costo_unitario IS NULL AND p.unidad = 'unidad'), 0)::bigint AS unidades_sin_costo,
           coalesce(sum(m.cantidad) FILTER (WHERE m.costo_unitario IS NULL AND p.unidad = 'kg'), 0)::bigint AS gramos_sin_costo
    FROM movimiento_stock m
    JOIN producto p ON p.id_minimarket = m.id_minimarket AND p.id_producto = m.id_producto
    WHERE ${condicionesAjustes(f)}
    GROUP BY 1, 2
    ORDER BY 1 DESC, 2`;
  return filas.map((r) => ({
    ...r,
    unidades: Number(r.unidades),
    gramos: Number(r.gramos),
    valor_costo: Number(r.valor_costo),
    unidades_sin_costo: Number(r.unidades_sin_costo),
    gramos_sin_costo: Number(r.gramos_sin_costo),
  }));
}
