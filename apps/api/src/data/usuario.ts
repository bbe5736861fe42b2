// usuario: the accounts. One rule lives here because every change passes through: a new password,
// e-mail or role, or a deactivation, ends every session opened before it (usuario.sesiones_validas_desde,
// read by the auth guard), whoever makes the change (the user, an administrador, a reset link). The
// same transaction tells every replica (aviso-sesiones.ts), which ends those sessions' live streams.
import type { Rol } from '@minimarket/contracts/comunes';
import { Prisma, type Tx } from '../db/client.js';
import { escaparLike } from '../db/like.js';
import { avisarSesiones, enTransaccion } from './aviso-sesiones.js';

export const crearUsuario = (tx: Tx, data: Prisma.UsuarioUncheckedCreateInput) => tx.usuario.create({ data });

export interface CambiosUsuario {
  nombre?: string;
  correo?: string | null;
  empresa?: string;
  rol?: string;
  estado?: string;
  direccion?: string | null;
  descripcion?: string | null;
  contrasena_hash?: string | null;
}

/** Applies the changes to `actual`; ends its sessions when the changes call for it. */
export function actualizarUsuario(
  tx: Tx,
  actual: { id_usuario: number; correo: string | null; rol: string; estado: string },
  cambios: CambiosUsuario,
  ahora = new Date(),
) {
  // A password set, changed or removed (a cashier left with its PIN only) ends the sessions too.
  const terminaSesiones =
    cambios.contrasena_hash !== undefined ||
    (cambios.correo !== undefined && cambios.correo !== actual.correo) ||
    (cambios.rol !== undefined && cambios.rol !== actual.rol) ||
    (cambios.estado === 'inactivo' && actual.estado !== 'inactivo');
  const where = { id_usuario: actual.id_usuario };
  if (!terminaSesiones) return tx.usuario.update({ where, data: cambios });
  return enTransaccion(tx, async (t) => {
    const usuario = await t.usuario.update({ where, data: { ...cambios, sesiones_validas_desde: ahora } });
    await avisarSesiones(t, { id_usuario: actual.id_usuario, antes_de: ahora.getTime() });
    return usuario;
  });
}

export const eliminarUsuario = (tx: Tx, id: number) =>
  enTransaccion(tx, async (t) => {
    await t.usuario.delete({ where: { id_usuario: id } });
    await avisarSesiones(t, { id_usuario: id });
  });

/**
 * Whether a cashier left a trace at its shop (a sale, a void, a return, a stock or cash move, a
 * shift, an abono): then it is deactivated, never deleted, so its history keeps its name (the keys
 * to usuario are ON DELETE SET NULL).
 */
export async function historialDeUsuario(tx: Tx, idMinimarket: number, idUsuario: number): Promise<boolean> {
  const [fila] = await tx.$queryRaw<{ hay: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM venta WHERE id_minimarket = ${idMinimarket} AND (id_usuario = ${idUsuario} OR id_usuario_anulacion = ${idUsuario}))
        OR EXISTS (SELECT 1 FROM devolucion WHERE id_minimarket = ${idMinimarket} AND id_usuario = ${idUsuario})
        OR EXISTS (SELECT 1 FROM movimiento_stock WHERE id_minimarket = ${idMinimarket} AND id_usuario = ${idUsuario})
        OR EXISTS (SELECT 1 FROM movimiento_caja WHERE id_minimarket = ${idMinimarket} AND id_usuario = ${idUsuario})
        OR EXISTS (SELECT 1 FROM turno_caja WHERE id_minimarket = ${idMinimarket}
                     AND (id_usuario_apertura = ${idUsuario} OR id_usuario_cierre = ${idUsuario}))
        OR EXISTS (SELECT 1 FROM abono WHERE id_minimarket = ${idMinimarket} AND id_usuario = ${idUsuario}) AS hay`;
  return fila?.hay ?? false;
}

/** The user's role, or null when there is no such user. */
export async function rolDeUsuario(tx: Tx, idUsuario: number): Promise<string | null> {
  return (await tx.usuario.findUnique({ where: { id_usuario: idUsuario }, select: { rol: true } }))?.rol ?? null;
}

/** Every active administrador. */
export async function administradoresActivos(tx: Tx): Promise<number[]> {
  return (await tx.usuario.findMany({ where: { rol: 'administrador', estado: 'activo' }, select: { id_usuario: true } })).map(
    (x) => x.id_usuario,
  );
}

/** A user's session as the database has it now: active or not, role, since when sessions count, the shops they own. */
export interface VigenciaUsuario {
  id_usuario: number;
  rol: string;
  estado: string;
  sesiones_validas_desde: Date;
  tiendas: number[];
}

/** Those of these users that exist, each with what says whether its sessions still hold (the live streams' check). */
export function vigenciaDeUsuarios(tx: Tx, ids: readonly number[]) {
  return tx.$queryRaw<VigenciaUsuario[]>`
        SELECT u.id_usuario, u.rol, u.estado, u.sesiones_validas_desde,
               coalesce(array_agg(m.id_minimarket) FILTER (WHERE m.id_minimarket IS NOT NULL), '{}') AS tiendas
        FROM usuario u LEFT JOIN minimarket m ON m.id_usuario = u.id_usuario
        WHERE u.id_usuario IN (${Prisma.join([...ids])})
        GROUP BY u.id_usuario`;
}

/** A session's user as the auth guard re-reads it at every request, and whether that session was ended ('Cerrar Sesión'). */
export interface SesionDeUsuario {
  id_usuario: number;
  nombre: string;
  correo: string | null;
  rol: Rol;
  id_minimarket_cajero: number | null;
  estado: string;
  sesiones_validas_desde: Date;
  revocado: boolean;
}

/**
 * The token's user and whether its session (`jti`) is in token_revocado, in one query (plugins/app/auth.ts,
 * every request with a token): so a deactivation, a new password, e-mail or role, or a logout counts
 * at once, not at expiry. Null when the user does not exist.
 */
export async function sesionDeUsuario(tx: Tx, idUsuario: number, jti: string): Promise<SesionDeUsuario | null> {
  const [usuario] = await tx.$queryRaw<SesionDeUsuario[]>`
        SELECT u.id_usuario, u.nombre, u.correo, u.rol, u.id_minimarket_cajero, u.estado, u.sesiones_validas_desde,
               EXISTS (SELECT 1 FROM token_revocado t WHERE t.jti = ${jti}::uuid) AS revocado
        FROM usuario u WHERE u.id_usuario = ${idUsuario}`;
  return usuario ?? null;
}

/** The user's row, or null. */
export const usuarioPorId = (tx: Tx, idUsuario: number) => tx.usuario.findUnique({ where: { id_usuario: idUsuario } });

/** The account with this e-mail (stored in lower case), or null. */
export const usuarioPorCorreo = (tx: Tx, correo: string) => tx.usuario.findUnique({ where: { correo } });

/** Whether the user exists. */
export async function existeUsuario(tx: Tx, idUsuario: number): Promise<boolean> {
  return (await tx.usuario.findUnique({ where: { id_usuario: idUsuario }, select: { id_usuario: true } })) !== null;
}

/** The user with the shops they work in (an owner's own, by id; a cashier's one) and how many PINs they have. */
export const usuarioConTiendas = (tx: Tx, idUsuario: number) =>
  tx.usuario.findUnique({
    where: { id_usuario: idUsuario },
    include: {
      minimarkets: { select: { id_minimarket: true, nombre_minimarket: true }, orderBy: { id_minimarket: 'asc' } },
      tienda_cajero: { select: { id_minimarket: true, nombre_minimarket: true } },
      _count: { select: { pines: true } },
    },
  });

/** The user (it must exist) with the ids of the shops they own. */
export const cuentaConTiendasPropias = (tx: Tx, idUsuario: number) =>
  tx.usuario.findUniqueOrThrow({ where: { id_usuario: idUsuario }, include: { minimarkets: { select: { id_minimarket: true } } } });

/** A shop's cashiers, active ones first, by name. */
export const cajerosDeTienda = (tx: Tx, idMinimarket: number) =>
  tx.usuario.findMany({ where: { rol: 'cajero', id_minimarket_cajero: idMinimarket }, orderBy: [{ estado: 'asc' }, { nombre: 'asc' }] });

/** How many active administradores there are. */
export const contarAdministradoresActivos = (tx: Tx) => tx.usuario.count({ where: { rol: 'administrador', estado: 'activo' } });

/** Whether there is any administrador, active or not. */
export async function hayAdministrador(tx: Tx): Promise<boolean> {
  return (await tx.usuario.count({ where: { rol: 'administrador' } })) > 0;
}

/** The accounts of /usuarios and its statistics: owners and administrators (a cashier is its shop's). */
const CUENTAS = { rol: { not: 'cajero' } } satisfies Prisma.UsuarioWhereInput;

export interface FiltroCuentas {
  rol?: string;
  estado?: string;
  /** Over name, e-mail, company and role, case and accents ignored (usuario.busqueda, in SQL). */
  search?: string;
}

/** A page of the accounts (owners and administradores) by id, and how many match. */
export async function listarCuentas(tx: Tx, f: FiltroCuentas, pagina: { skip: number; limit: number }) {
  const filtros = Prisma.sql`rol <> 'cajero'
        ${f.rol ? Prisma.sql`AND rol = ${f.rol}` : Prisma.empty}
        ${f.estado ? Prisma.sql`AND estado = ${f.estado}` : Prisma.empty}
        ${f.search ? Prisma.sql`AND busqueda LIKE '%' || texto_busqueda(${escaparLike(f.search)}) || '%'` : Prisma.empty}`;
  const [ids, [conteo]] = await Promise.all([
    tx.$queryRaw<{ id_usuario: number }[]>`
          SELECT id_usuario FROM usuario WHERE ${filtros} ORDER BY id_usuario LIMIT ${pagina.limit} OFFSET ${pagina.skip}`,
    tx.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM usuario WHERE ${filtros}`,
  ]);
  const filas = await tx.usuario.findMany({
    where: { id_usuario: { in: ids.map((u) => u.id_usuario) } },
    orderBy: { id_usuario: 'asc' },
  });
  return { filas, total: conteo?.total ?? 0 };
}

/**
 * The accounts' figures: how many in all, by role and by state, when each created since `desde`
 * was created, and the `ultimos` newest.
 */
export async function cifrasDeCuentas(tx: Tx, desde: Date, ultimos: number) {
  const contar = (where: Prisma.UsuarioWhereInput) => tx.usuario.count({ where });
  const [total, administrador, pyme, activo, inactivo, recientes, nuevos] = await Promise.all([
    contar(CUENTAS),
    contar({ rol: 'administrador' }),
    contar({ rol: 'pyme' }),
    contar({ ...CUENTAS, estado: 'activo' }),
    contar({ ...CUENTAS, estado: 'inactivo' }),
    tx.usuario.findMany({ where: { ...CUENTAS, fecha_creacion: { gte: desde } }, select: { fecha_creacion: true } }),
    tx.usuario.findMany({ where: CUENTAS, orderBy: { fecha_creacion: 'desc' }, take: ultimos }),
  ]);
  return { total, administrador, pyme, activo, inactivo, creadas: recientes.map((r) => r.fecha_creacion), ultimas: nuevos };
}
