// The owner's say (issue 31, docs/cajeros.md «La autorización del dueño»): what a cashier may not do
// alone (a void, a return, a cash withdrawal, a fiado past the limit) goes through when the shop's
// owner types their PIN at that moment. The request carries it as `autorizacion: { pin }`; without
// it the answer is 403 REQUIERE_AUTORIZACION naming what needs approval, with a wrong PIN 403
// AUTORIZACION_INVALIDA, and nothing changes either way. Owners and administrators need no approval.
import {
  type AccionAutorizable,
  ACCIONES_AUTORIZABLES,
  type Autorizacion,
  CODIGO_REQUIERE_AUTORIZACION,
  MENSAJE_AUTORIZACION_INVALIDA,
  MENSAJE_DUENO_SIN_PIN,
  mensajeRequiereAutorizacion,
} from '@minimarket/contracts/cajeros';
import type { Db } from '../../db/client.js';
import { duenoDeTienda } from '../../data/minimarket.js';
import { tienePin } from '../../data/pin-tienda.js';
import { forbidden } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { Pines } from './pin.js';

export type Autorizaciones = ReturnType<typeof createAutorizaciones>;

export function createAutorizaciones({ db, pines }: { db: Db; pines: Pines }) {
  return {
    /**
     * Who approves `accion` at this shop: null when the caller needs nobody's approval (not a
     * cashier); the owner's id when `autorizacion` carries the owner's PIN; otherwise a 403. Called
     * before the action's transaction, so a refused PIN stays in the audit trail.
     */
    async exigir(
      usuario: UsuarioSesion,
      idMinimarket: number,
      accion: AccionAutorizable,
      autorizacion: Autorizacion | undefined,
    ): Promise<number | null> {
      if (usuario.rol !== 'cajero') return null;
      if (!autorizacion) throw forbidden(mensajeRequiereAutorizacion(accion), CODIGO_REQUIERE_AUTORIZACION);
      if (!(await tienePin(db, idMinimarket, await duenoDeTienda(db, idMinimarket))))
        throw forbidden(MENSAJE_DUENO_SIN_PIN, 'DUENO_SIN_PIN');
      const para = `al autorizar: ${ACCIONES_AUTORIZABLES[accion].toLowerCase()}`;
      const dueno = await pines.quienEs(usuario, idMinimarket, autorizacion.pin, para, (p) => p.es_dueno);
      if (!dueno) throw forbidden(MENSAJE_AUTORIZACION_INVALIDA, 'AUTORIZACION_INVALIDA');
      return dueno.id_usuario;
    },
  };
}
