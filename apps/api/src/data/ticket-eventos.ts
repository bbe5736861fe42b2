// ticket_eventos: the stream tickets already used. A ticket (60 s, modules auth) opens one live
// stream, once: whoever finds it in the address bar, a proxy's log or the browser's history later
// cannot open another with it.
import type { Db } from '../db/client.js';

/** How long past its expiry a used ticket's row is kept (replicas' clocks may differ a little). */
const MARGEN_LIMPIEZA = '5 minutes';

/**
 * Marks the ticket used: true only for the first caller (of two racing with it, one wins). Rows
 * of tickets expired long ago go in the same statement.
 */
export async function usarTicket(db: Db, ticket: { id_ticket: string; id_usuario: number; expira_en: Date }): Promise<boolean> {
  const filas = await db.$queryRaw<{ id_ticket: string }[]>`
    WITH vencidos AS (DELETE FROM ticket_eventos WHERE expira_en < now() - ${MARGEN_LIMPIEZA}::interval)
    INSERT INTO ticket_eventos (id_ticket, id_usuario, expira_en)
    VALUES (${ticket.id_ticket}::uuid, ${ticket.id_usuario}, ${ticket.expira_en})
    ON CONFLICT (id_ticket) DO NOTHING
    RETURNING id_ticket::text`;
  return filas.length === 1;
}
