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
