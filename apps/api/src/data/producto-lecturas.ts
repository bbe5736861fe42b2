// producto, read: the reads of the shops' products that services share or that the inventory,
// Badito, the recommendations, the quick keys and the notices ask for. The writes, and the product
// under its lock (productoBajoCandado), are producto.ts's; both files are the product's.
import { DIAS_SIN_VENTAS } from '@minimarket/contracts/analitica';
import type { Categoria } from '@minimarket/contracts/comunes';
import type { UnidadVenta } from '@minimarket/contracts/granel';
import { Prisma, type Tx } from '../db/client.js';
import { escaparLike } from '../db/like.js';
import type { Producto } from '../generated/prisma/client.js';
import { desplazarDia } from '../lib/tiempo.js';
import type { Resumenes } from './resumen-ventas.js';

/** What the recommendations list of every product. */
export interface ProductoBase {
  id_producto: number;
  nombre_producto: string;
  categoria: Categoria;
  codigo_barra: string;
  /** How it is sold today: for 'kg' its stock and quantities are grams (docs/granel.md). */
  unidad: UnidadVenta;
}

/**
 * Stock × purchase price in pesos: for a kg product, grams at a price per kilo (montoPorPeso's
 * half up, in integers, as the recommendations' capitalInmovilizado). Stock here is above 0.
 */
const capitalSql = Prisma.sql`CASE WHEN p.unidad = 'kg' THEN monto_por_peso(coalesce(p.precio_compra_actual, 0), p.stock)
                                   ELSE p.stock::bigint * coalesce(p.precio_compra_actual, 0) END`;

/**
 * Dead stock, the one definition (Recomendaciones and Badito): active, with stock, no sale in the last
 * DIAS_SIN_VENTAS days; its last sale from the product-day summaries (read over every day: `r` from
 * `desde: null`). A product younger than the window that never sold is not dead yet: it is left out
 * until it has been on the shelf the whole window (its creation, or an imported sale, before it).
 * Most capital tied up first, as Recomendaciones lists them.
 */
export function productosSinVentas(tx: Tx, r: Resumenes, idMinimarket: number, hoy: string) {
  const desde = desplazarDia(hoy, -(DIAS_SIN_VENTAS - 1));
  return tx.$queryRaw<(ProductoBase & { stock: number; precio_compra_actual: number | null; ultima: string | null })[]>`
    SELECT p.id_producto, p.nombre_producto, p.categoria, p.codigo_barra, p.unidad, p.stock, p.precio_compra_actual,
           to_char(ultima_venta.ultima, 'YYYY-MM-DD') AS ultima
    FROM producto p
    LEFT JOIN ${r.ultimaVentaPorProducto()} ON ultima_venta.id_producto = p.id_producto
    WHERE p.id_minimarket = ${idMinimarket} AND p.estado = 'activo' AND p.stock > 0
      AND (ultima_venta.ultima < ${desde}::date
           OR (ultima_venta.ultima IS NULL AND (p.fecha_creacion AT TIME ZONE 'America/Santiago')::date < ${desde}::date))
    ORDER BY ${capitalSql} DESC, p.stock DESC, p.id_producto`;
}

/**
 * Thin margins: active products whose (venta − compra) / venta is below `margenMinimoPct`, compared
 * in integers; the lowest (negative) first. A kg product's two prices are both per kilo: the ratio
 * needs no conversion.
 */
export function productosConMargenBajo(tx: Tx, idMinimarket: number, margenMinimoPct: number) {
  return tx.$queryRaw<(ProductoBase & { precio_venta_actual: number; precio_compra_actual: number })[]>`
    SELECT id_producto, nombre_producto, categoria, codigo_barra, unidad, precio_venta_actual, precio_compra_actual
    FROM producto
    WHERE id_minimarket = ${idMinimarket} AND estado = 'activo' AND precio_compra_actual IS NOT NULL AND precio_venta_actual > 0
      AND (precio_venta_actual - precio_compra_actual) * 100 < ${margenMinimoPct} * precio_venta_actual
    ORDER BY (precio_venta_actual - precio_compra_actual)::numeric / precio_venta_actual, id_producto`;
}

/** A product as Badito reads it: name, measure, stock and prices. */
export interface ProductoEnCatalogo {
  id_producto: number;
  nombre_producto: string;
  /** 'kg': stock in grams, prices per kilo. */
  unidad: UnidadVenta;
  stock: number;
  precio_venta_actual: number;
  precio_compra_actual: number | null;
  marca: string | null;
}

const EN_CATALOGO = {
  id_producto: true,
  nombre_producto: true,
  unidad: true,
  stock: true,
  precio_venta_actual: true,
  precio_compra_actual: true,
  marca: true,
} as const;

/** producto.unidad is a TEXT with a CHECK: 'unidad' or 'kg'. */
const conUnidad = <T extends { unidad: string }>(filas: T[]) => filas.map((f) => ({ ...f, unidad: f.unidad as UnidadVenta }));

/** Active products with no stock left, by name. */
export async function productosAgotados(tx: Tx, idMinimarket: number): Promise<ProductoEnCatalogo[]> {
  return conUnidad(
    await tx.producto.findMany({
      where: { id_minimarket: idMinimarket, estado: 'activo', stock: { lte: 0 } },
      orderBy: [{ nombre_producto: 'asc' }, { id_producto: 'asc' }],
      select: EN_CATALOGO,
    }),
  );
}

/**
 * Active products with low stock by the app's one rule (esStockBajo: some left, fewer than the
 * shop's threshold, which counts kilos for a product sold by weight — the inventory badge and the
 * notices agree): the furthest below the threshold first (stock over the threshold in the product's
 * own measure, so 0,800 kg of 5 kg comes before 3 of 5 units: never grams against units).
 */
export async function productosConStockBajo(tx: Tx, idMinimarket: number, umbral: number): Promise<ProductoEnCatalogo[]> {
  const filas = await tx.$queryRaw<(ProductoEnCatalogo & { unidad: string })[]>`
    SELECT id_producto, nombre_producto, unidad, stock, precio_venta_actual, precio_compra_actual, marca
    FROM producto
    WHERE id_minimarket = ${idMinimarket} AND estado = 'activo'
      AND stock > 0 AND stock < ${umbral} * CASE unidad WHEN 'kg' THEN 1000 ELSE 1 END
    ORDER BY stock::numeric / CASE unidad WHEN 'kg' THEN 1000 ELSE 1 END, nombre_producto, id_producto`;
  return conUnidad(filas);
}

/** How many products productosParecidos hands to Badito's name matcher, most alike first. */
export const MAX_CANDIDATOS_SQL = 60;
/** A product is a candidate when its name is this alike to some word asked (pg_trgm's word_similarity). */
const SIMILITUD_MINIMA = 0.3;

/**
 * The shop's active products whose name or brand looks like the words asked: the bounded set
 * Badito's name matcher scores, instead of the whole catalogue. Against producto.nombre_busqueda
 * (name and brand, lower case, no accents, as the inventory search): per word of 3+ letters pg_trgm's
 * word_similarity (typos and prefixes: "lehce" finds Leche), one of 2 letters as the start of a word
 * ("té"); a single letter or digit only adds to the order.
 * One statement, over the shop's products only; `palabras` are normalized words (a–z, 0–9).
 */
export async function productosParecidos(tx: Tx, idMinimarket: number, palabras: readonly string[]): Promise<ProductoEnCatalogo[]> {
  const filas = await tx.$queryRaw<(ProductoEnCatalogo & { parecido: number })[]>`
    SELECT p.id_producto, p.nombre_producto, p.unidad, p.stock, p.precio_venta_actual, p.precio_compra_actual, p.marca, w.parecido
    FROM producto p
    CROSS JOIN LATERAL (
      SELECT sum(CASE WHEN length(q) >= 3 THEN word_similarity(q, p.nombre_busqueda)
                      WHEN p.nombre_busqueda ~ ('(^|[^a-z0-9])' || q) THEN 1
                      ELSE 0 END)::float8 AS parecido,
             max(CASE WHEN length(q) >= 3 THEN word_similarity(q, p.nombre_busqueda)
                      WHEN length(q) = 2 AND p.nombre_busqueda ~ ('(^|[^a-z0-9])' || q) THEN 1
                      ELSE 0 END)::float8 AS mejor
      FROM unnest(${[...palabras]}::text[]) AS q
    ) w
    WHERE p.id_minimarket = ${idMinimarket} AND p.estado = 'activo' AND w.mejor >= ${SIMILITUD_MINIMA}
    ORDER BY w.parecido DESC, p.id_producto
    LIMIT ${MAX_CANDIDATOS_SQL}`;
  return filas.map(({ parecido: _, ...p }) => p);
}

/** The shop's products with these ids (any state), in no order. */
export const productosPorIds = (tx: Tx, idMinimarket: number, ids: readonly number[]) =>
  tx.producto.findMany({ where: { id_minimarket: idMinimarket, id_producto: { in: [...ids] } } });

/** How many of these ids are active products of the shop. */
export const contarProductosActivos = (tx: Tx, idMinimarket: number, ids: readonly number[]) =>
  tx.producto.count({ where: { id_minimarket: idMinimarket, estado: 'activo', id_producto: { in: [...ids] } } });

/**
 * The shop's active products most sold in the last `dias` days (by how many sales had them, from the
 * summaries by product and day, not the raw lines), ties by id: the quick keys until the owner sets them.
 */
export async function masVendidosRecientes(tx: Tx, idMinimarket: number, dias: number, cuantos: number): Promise<number[]> {
  const filas = await tx.$queryRaw<{ id_producto: number }[]>`
        SELECT r.id_producto FROM resumen_producto_dia r
        JOIN producto p ON p.id_minimarket = r.id_minimarket AND p.id_producto = r.id_producto AND p.estado = 'activo'
        WHERE r.id_minimarket = ${idMinimarket} AND r.dia >= (now() AT TIME ZONE 'America/Santiago')::date - ${dias}::int
        GROUP BY r.id_producto ORDER BY sum(r.ventas) DESC, r.id_producto LIMIT ${cuantos}`;
  return filas.map((f) => f.id_producto);
}

/** The measure each of these products is sold in ('unidad' or 'kg'), by id (of any shop: ids are unique). */
export async function unidadesDeProductos(tx: Tx, ids: readonly number[]): Promise<Map<number, UnidadVenta>> {
  const filas = await tx.producto.findMany({ where: { id_producto: { in: [...ids] } }, select: { id_producto: true, unidad: true } });
  return new Map(filas.map((p) => [p.id_producto, p.unidad as UnidadVenta]));
}

/**
 * The shop's first active products sold this way that have a barcode (a sales file names products by
 * barcode: one with only a PLU cannot be in it), by id: the examples of a sales template.
 */
export const productosParaPlantilla = (tx: Tx, idMinimarket: number, unidad: UnidadVenta, cuantos: number) =>
  tx.producto.findMany({
    where: { id_minimarket: idMinimarket, estado: 'activo', unidad, codigo_barra: { not: null } },
    orderBy: { id_producto: 'asc' },
    take: cuantos,
    select: { codigo_barra: true, nombre_producto: true, unidad: true },
  });

/** A product by its id alone (the URL carries no shop) with its shop's owner and threshold, or null. */
export const productoConTienda = (tx: Tx, idProducto: number) =>
  tx.producto.findFirst({
    where: { id_producto: idProducto },
    include: { minimarket: { select: { id_usuario: true, umbral_stock_bajo: true } } },
  });

/** The shop's product with this barcode (active or deleted), or null. */
export const productoPorCodigo = (tx: Tx, idMinimarket: number, codigoBarra: string) =>
  tx.producto.findUnique({ where: { id_minimarket_codigo_barra: { id_minimarket: idMinimarket, codigo_barra: codigoBarra } } });

/** The shop's product with this PLU (a scale label's), or null. */
export const productoPorPlu = (tx: Tx, idMinimarket: number, plu: string) =>
  tx.producto.findUnique({ where: { id_minimarket_codigo_plu: { id_minimarket: idMinimarket, codigo_plu: plu } } });

/** What the inventory filters by, besides the shop: only active products. */
export interface FiltroProductos {
  idMinimarket: number;
  categoria?: string;
  codigoBarra?: string;
  ids?: readonly number[];
  /** By name (then id), or newest first. */
  orden: 'nombre' | 'recientes';
}

/**
 * A page of the shop's active products and how many match. Page and count side by side on two
 * connections when `tx` is the client: no transaction round trips on the hottest read of the
 * counter (bench/README.md).
 */
export async function listarProductos(tx: Tx, f: FiltroProductos, pagina: { skip: number; limit: number }) {
  const where: Prisma.ProductoWhereInput = {
    id_minimarket: f.idMinimarket,
    estado: 'activo',
    ...(f.categoria ? { categoria: f.categoria } : {}),
    ...(f.codigoBarra ? { codigo_barra: f.codigoBarra } : {}),
    ...(f.ids ? { id_producto: { in: [...f.ids] } } : {}),
  };
  const orderBy: Prisma.ProductoOrderByWithRelationInput[] =
    f.orden === 'recientes' ? [{ fecha_creacion: 'desc' }, { id_producto: 'desc' }] : [{ nombre_producto: 'asc' }, { id_producto: 'asc' }];
  const [filas, total] = await Promise.all([
    tx.producto.findMany({ where, orderBy, skip: pagina.skip, take: pagina.limit }),
    tx.producto.count({ where }),
  ]);
  return { filas, total };
}

/** pg_trgm needs this many characters to use the name index; shorter terms are name prefixes. */
const MIN_LETRAS_TRIGRAMA = 3;

/**
 * As listarProductos, searching `termino` ignoring case and accents, against nombre_busqueda (name
 * and brand folded by the database's texto_busqueda(): lower + unaccent) and its two indexes: a term
 * of 3+ characters anywhere in the name (trigrams) or the exact barcode; 1–2 characters typed at the
 * counter ('le', 'té') as the start of a name (prefix index). Prisma cannot write these expressions,
 * hence SQL. (`ids` does not apply.)
 */
export async function buscarProductos(tx: Tx, f: FiltroProductos, termino: string, pagina: { skip: number; limit: number }) {
  const patron = escaparLike(termino);
  const coincide =
    termino.length < MIN_LETRAS_TRIGRAMA
      ? Prisma.sql`nombre_busqueda LIKE texto_busqueda(${patron}) || '%'`
      : Prisma.sql`(nombre_busqueda LIKE '%' || texto_busqueda(${patron}) || '%' OR codigo_barra = ${termino})`;
  const filtros = Prisma.sql`id_minimarket = ${f.idMinimarket} AND estado = 'activo' AND ${coincide}
      ${f.categoria ? Prisma.sql`AND categoria = ${f.categoria}` : Prisma.empty}
      ${f.codigoBarra ? Prisma.sql`AND codigo_barra = ${f.codigoBarra}` : Prisma.empty}`;
  const orden = f.orden === 'recientes' ? Prisma.sql`fecha_creacion DESC, id_producto DESC` : Prisma.sql`nombre_producto, id_producto`;
  const [filas, [conteo]] = await Promise.all([
    tx.$queryRaw<Producto[]>`SELECT * FROM producto WHERE ${filtros} ORDER BY ${orden} LIMIT ${pagina.limit} OFFSET ${pagina.skip}`,
    tx.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM producto WHERE ${filtros}`,
  ]);
  return { filas, total: conteo?.total ?? 0 };
}
