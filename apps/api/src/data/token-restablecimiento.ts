// token_restablecimiento: the reset links, by the SHA-256 of their token (the token is never stored).
import type { Tx } from '../db/client.js';

/** A new link for the user: their older links, and anyone's long-expired ones, go. */
export async function crearEnlace(tx: Tx, enlace: { id_usuario: number; token_hash: string; creado_en: Date; expira_en: Date }) {
  await tx.tokenRestablecimiento.deleteMany({
    where: { OR: [{ id_usuario: enlace.id_usuario }, { expira_en: { lt: enlace.creado_en } }] },
  });
  await tx.tokenRestablecimiento.create({ data: enlace });
}

/**
 * Marks the link used; true only for the one caller that found it unused (of two requests racing
 * with the same link, one wins). The user's other links go with it.
 */
export async function usarEnlace(tx: Tx, enlace: { id_token: number; id_usuario: number }, ahora: Date): Promise<boolean> {
  const { count } = await tx.tokenRestablecimiento.updateMany({
    where: { id_token: enlace.id_token, usado_en: null },
    data: { usado_en: ahora },
  });
  if (count !== 1) return false;
  await tx.tokenRestablecimiento.deleteMany({ where: { id_usuario: enlace.id_usuario, id_token: { not: enlace.id_token } } });
  return true;
}

/** The link with this token's hash, with its user as the reset checks them, or null. */
export const enlacePorHash = (tx: Tx, tokenHash: string) =>
  tx.tokenRestablecimiento.findUnique({
    where: { token_hash: tokenHash },
    include: { usuario: { select: { id_usuario: true, correo: true, rol: true, estado: true, sesiones_validas_desde: true } } },
  });

/** Whether the user asked for a link after this one (only the newest link works). */
export async function hayEnlaceMasNuevo(tx: Tx, idUsuario: number, idToken: number): Promise<boolean> {
  return (await tx.tokenRestablecimiento.count({ where: { id_usuario: idUsuario, id_token: { gt: idToken } } })) > 0;
}
