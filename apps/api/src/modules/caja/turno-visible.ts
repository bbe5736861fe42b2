// A cash shift addressed by its id: found, locked as asked, and visible to whoever asks (else 404).
import { MENSAJE_TURNO_CERRADO, MENSAJE_TURNO_NO_ENCONTRADO } from '@minimarket/contracts/caja';
import type { Tx } from '../../db/client.js';
import { type FilaTurno, turnoPorId } from '../../data/turno-caja.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';

export function turnosVisibles(acceso: AccesoMinimarket) {
  /**
   * A shift by its id, locked as asked, if `usuario` may see its shop (else 404: another shop's
   * shift does not exist for them). `FOR SHARE` lets sales and movements run beside each other and
   * makes a close wait for them; the close takes `FOR UPDATE`.
   */
  async function turno(tx: Tx, usuario: UsuarioSesion, idTurno: number, bloqueo: 'FOR SHARE' | 'FOR UPDATE' | '' = ''): Promise<FilaTurno> {
    const t = await turnoPorId(tx, idTurno, bloqueo);
    if (!t) throw notFound(MENSAJE_TURNO_NO_ENCONTRADO, 'SHIFT_NOT_FOUND');
    if (!acceso.puedeVer(usuario, { id_minimarket: t.id_minimarket, id_usuario: t.id_usuario_dueno }))
      throw notFound(MENSAJE_TURNO_NO_ENCONTRADO, 'SHIFT_NOT_FOUND');
    return t;
  }

  async function abierto(tx: Tx, usuario: UsuarioSesion, idTurno: number, bloqueo: 'FOR SHARE' | 'FOR UPDATE') {
    const t = await turno(tx, usuario, idTurno, bloqueo);
    if (t.cerrado_en) throw conflict(MENSAJE_TURNO_CERRADO, 'SHIFT_CLOSED');
    return t;
  }

  return { turno, abierto };
}
