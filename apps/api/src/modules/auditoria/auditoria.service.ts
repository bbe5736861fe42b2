// The audit list of a shop (GET /auditoria; docs/cajeros.md «Auditoría»): for its owner and the
// administrators. The entries are written where what they record happens (data/auditoria.ts).
import type { EntradaAuditoria, auditoriaQuerySchema } from '@minimarket/contracts/auditoria';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { listarAuditoria } from '../../data/auditoria.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';

export type AuditoriaService = ReturnType<typeof createAuditoriaService>;

export function createAuditoriaService({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  return {
    async listar(usuario: UsuarioSesion, q: z.output<typeof auditoriaQuerySchema>) {
      await acceso.assertAcceso(usuario, q.id_minimarket);
      const { filas, total } = await listarAuditoria(db, {
        idMinimarket: q.id_minimarket,
        accion: q.accion,
        idUsuario: q.id_usuario,
        skip: q.skip,
        limit: q.limit,
      });
      const entradas: EntradaAuditoria[] = filas.map((f) => ({ ...f, fecha: f.fecha.toISOString() }));
      return { entradas, total };
    },
  };
}
