// Badito (POST /api/badito): understands a Spanish question about the shop and answers it from
// the shop's own data. To be filled in (issue #13).
import type { BaditoRespuesta, baditoPreguntaSchema } from '@minimarket/contracts/badito';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { UsuarioSesion } from '../../plugins/app/auth.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';

export type BaditoService = ReturnType<typeof createBaditoService>;

export function createBaditoService({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  void db;
  void acceso;
  return {
    async responder(_usuario: UsuarioSesion, _pregunta: z.output<typeof baditoPreguntaSchema>): Promise<BaditoRespuesta> {
      return { respuesta: 'Todavía no sé responder eso.', intencion: 'desconocida', derivar_a_soporte: true };
    },
  };
}
