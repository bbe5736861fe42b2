// minimarket: the shops. Writes return the shop with its owner's name, as the API shows it. A shop
// created, given to another owner or deleted changes which conversations its owners see: the same
// transaction tells every replica (aviso-sesiones.ts), which ends those owners' live streams (the
// browser opens a new one, which sees the shops as they are now).
import { Prisma, type Tx } from '../db/client.js';
import { escaparLike } from '../db/like.js';
import { avisarSesiones, enTransaccion } from './aviso-sesiones.js';
import { quitarPin } from './pin-tienda.js';

/** What every read and write of a shop brings along: its owner's name. */
export const CON_DUENO = { usuario: { select: { nombre: true, correo: true } } } as const satisfies Prisma.MinimarketInclude;
export type MinimarketConDueno = Prisma.MinimarketGetPayload<{ include: typeof CON_DUENO }>;

export const crearMinimarket = (tx: Tx, data: Prisma.MinimarketUncheckedCreateInput) =>
  enTransaccion(tx, async (t) => {
    const m = await t.minimarket.create({ data, include: CON_DUENO });
    await avisarSesiones(t, { id_usuario: m.id_usuario });
    return m;
  });

export function actualizarMinimarket(tx: Tx, id: number, data: Prisma.MinimarketUncheckedUpdateInput) {
  const nuevoDueno = data.id_usuario;
  if (nuevoDueno === undefined) return tx.minimarket.update({ where: { id_minimarket: id }, data, include: CON_DUENO });
  return enTransaccion(tx, async (t) => {
    // The owner before the change, under the row's lock: a second reassignment waits for this one.
    const [antes] = await t.$queryRaw<{ id_usuario: number }[]>`
      SELECT id_usuario FROM minimarket WHERE id_minimarket = ${id} FOR UPDATE`;
    const m = await t.minimarket.update({ where: { id_minimarket: id }, data, include: CON_DUENO });
    if (antes && antes.id_usuario !== m.id_usuario) {
      await avisarSesiones(t, { id_usuario: antes.id_usuario }, { id_usuario: m.id_usuario });
      // The former owner's PIN no longer opens this shop's till nor approves anything in it.
      await quitarPin(t, id, antes.id_usuario);
    }
    return m;
  });
}

/** With its products, uploads and notices (cascade); a shop with sales is never deleted (the service checks). */
export const eliminarMinimarket = (tx: Tx, id: number) =>
  enTransaccion(tx, async (t) => {
    const m = await t.minimarket.delete({ where: { id_minimarket: id } });
    await avisarSesiones(t, { id_usuario: m.id_usuario });
    return m;
  });

/** The shop's name (it must exist). */
export async function nombreDeTienda(tx: Tx, idMinimarket: number): Promise<string> {
  const m = await tx.minimarket.findUniqueOrThrow({ where: { id_minimarket: idMinimarket }, select: { nombre_minimarket: true } });
  return m.nombre_minimarket;
}

/** The shop's low-stock threshold (it must exist). */
export async function umbralStockBajo(tx: Tx, idMinimarket: number): Promise<number> {
  const m = await tx.minimarket.findUniqueOrThrow({ where: { id_minimarket: idMinimarket }, select: { umbral_stock_bajo: true } });
  return m.umbral_stock_bajo;
}

/** The shop's row, or null. */
export const minimarketPorId = (tx: Tx, idMinimarket: number) => tx.minimarket.findUnique({ where: { id_minimarket: idMinimarket } });

/** The shop with its owner's name, or null. */
export const minimarketConDueno = (tx: Tx, idMinimarket: number) =>
  tx.minimarket.findUnique({ where: { id_minimarket: idMinimarket }, include: CON_DUENO });

/** Whether the shop exists. */
export async function existeMinimarket(tx: Tx, idMinimarket: number): Promise<boolean> {
  return (await tx.minimarket.findUnique({ where: { id_minimarket: idMinimarket }, select: { id_minimarket: true } })) !== null;
}

/** An owner's first shop (lowest id), or null when they have none. */
export async function primeraTiendaDe(tx: Tx, idUsuario: number): Promise<number | null> {
  const propia = await tx.minimarket.findFirst({
    where: { id_usuario: idUsuario },
    orderBy: { id_minimarket: 'asc' },
    select: { id_minimarket: true },
  });
  return propia?.id_minimarket ?? null;
}

/** The shops an owner owns. */
export async function tiendasDeDueno(tx: Tx, idUsuario: number): Promise<number[]> {
  return (await tx.minimarket.findMany({ where: { id_usuario: idUsuario }, select: { id_minimarket: true } })).map((m) => m.id_minimarket);
}

/** How many shops the user owns. */
export const contarTiendasDeDueno = (tx: Tx, idUsuario: number) => tx.minimarket.count({ where: { id_usuario: idUsuario } });

export interface FiltroMinimarkets {
  /** Only this owner's shops. */
  idDueno?: number;
  /** Only this shop. */
  idMinimarket?: number | null;
  comuna?: string;
  rubro?: string;
  search?: string;
}

/**
 * A page of shops by id, each with its owner's name, and how many match. Case and accents ignored
 * everywhere: 'maipu' is Maipú (minimarket.busqueda, in SQL).
 */
export async function listarMinimarkets(tx: Tx, f: FiltroMinimarkets, pagina: { skip: number; limit: number }) {
  const filtros = Prisma.sql`TRUE
        ${f.idDueno !== undefined ? Prisma.sql`AND id_usuario = ${f.idDueno}` : Prisma.empty}
        ${f.idMinimarket !== undefined ? Prisma.sql`AND id_minimarket = ${f.idMinimarket}` : Prisma.empty}
        ${f.comuna ? Prisma.sql`AND texto_busqueda(comuna) = texto_busqueda(${f.comuna})` : Prisma.empty}
        ${f.rubro ? Prisma.sql`AND texto_busqueda(rubro) = texto_busqueda(${f.rubro})` : Prisma.empty}
        ${f.search ? Prisma.sql`AND busqueda LIKE '%' || texto_busqueda(${escaparLike(f.search)}) || '%'` : Prisma.empty}`;
  const [ids, [conteo]] = await Promise.all([
    tx.$queryRaw<{ id_minimarket: number }[]>`
          SELECT id_minimarket FROM minimarket WHERE ${filtros} ORDER BY id_minimarket LIMIT ${pagina.limit} OFFSET ${pagina.skip}`,
    tx.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM minimarket WHERE ${filtros}`,
  ]);
  const filas = await tx.minimarket.findMany({
    where: { id_minimarket: { in: ids.map((m) => m.id_minimarket) } },
    include: CON_DUENO,
    orderBy: { id_minimarket: 'asc' },
  });
  return { filas, total: conteo?.total ?? 0 };
}

/** The shop's owner (the shop must exist). */
export async function duenoDeTienda(tx: Tx, idMinimarket: number): Promise<number> {
  const m = await tx.minimarket.findUniqueOrThrow({ where: { id_minimarket: idMinimarket }, select: { id_usuario: true } });
  return m.id_usuario;
}

/** The shop's owner and low-stock threshold (what its stock notices need), or null. */
export const duenoYUmbral = (tx: Tx, idMinimarket: number) =>
  tx.minimarket.findUnique({ where: { id_minimarket: idMinimarket }, select: { id_usuario: true, umbral_stock_bajo: true } });
