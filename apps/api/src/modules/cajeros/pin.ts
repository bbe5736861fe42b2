// The PIN (issue 31, docs/cajeros.md «El PIN»): who is selling at a shared till, and the owner's
// approval. A PIN is 4–6 digits: 10^4–10^6 values, which any hash kept beside it gives away offline
// in minutes, slow or not. So its hash is keyed (HMAC-SHA256 under PIN_CLAVE, a key that is not in the
// database) and what protects it online is the throttling: every guess is reserved before it is
// checked, per shop and per person asking, in PostgreSQL (shared by every replica), like a login.
import crypto from 'node:crypto';
import { MENSAJE_PIN_INCORRECTO } from '@minimarket/contracts/cajeros';
import type { Db } from '../../db/client.js';
import { registrarAuditoria } from '../../data/auditoria.js';
import { personaPorHuella, type PersonaDePin } from '../../data/pin-tienda.js';
import { unauthorized } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { Conteo, Limites } from '../limites/limites.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';

/** The key of the PINs' hash: PIN_CLAVE, or one derived from the session secret for this use only. */
export function clavePin(pinClave: string | undefined, jwtSecret: string): Buffer {
  if (pinClave) return Buffer.from(pinClave, 'utf8');
  return Buffer.from(crypto.hkdfSync('sha256', jwtSecret, 'minimarket', 'pin-tienda', 32));
}

/** The stored form of a PIN at a shop: the same PIN at two shops gives two unrelated hashes. */
export function huellaPin(clave: Buffer, idMinimarket: number, pin: string): string {
  return crypto.createHmac('sha256', clave).update(`${idMinimarket}:${pin}`).digest('hex');
}

export type Pines = ReturnType<typeof createPines>;

export function createPines({ db, limites, acceso, clave }: { db: Db; limites: Limites; acceso: AccesoMinimarket; clave: Buffer }) {
  return {
    huella: (idMinimarket: number, pin: string) => huellaPin(clave, idMinimarket, pin),

    /**
     * The active person of the shop whose PIN this is, when `sirve` accepts them (anyone of the shop
     * to switch who sells; its owner to approve), or null. One guess is reserved on the shop and on
     * the person asking before the PIN is looked up (429 past the limit); a PIN that serves gives
     * both back. One that does not (nobody's, or someone's who cannot approve: the same answer, so a
     * cashier learns nothing of the others' PINs) is written to the shop's audit trail with what it
     * was for (`para`, in the owner's words).
     */
    async quienEs(
      actor: UsuarioSesion,
      idMinimarket: number,
      pin: string,
      para: string,
      sirve: (p: PersonaDePin) => boolean,
    ): Promise<PersonaDePin | null> {
      const conteos: Conteo[] = [
        [limites.reglas.pinTienda, idMinimarket],
        [limites.reglas.pinUsuario, actor.id_usuario],
      ];
      await limites.reservar(...conteos);
      const persona = await personaPorHuella(db, idMinimarket, huellaPin(clave, idMinimarket, pin));
      if (persona && persona.estado === 'activo' && sirve(persona)) {
        await limites.devolver(...conteos);
        return persona;
      }
      await registrarAuditoria(db, {
        id_minimarket: idMinimarket,
        accion: 'pin_rechazado',
        id_usuario: actor.id_usuario,
        detalle: `PIN incorrecto ${para}.`,
      });
      return null;
    },

    /**
     * As quienEs, for switching who sells: asked with the session of someone of the shop (its owner,
     * one of its cashiers; the route admits no one else), a wrong PIN is a 401 with the pad's words.
     */
    async ingresar(actor: UsuarioSesion, idMinimarket: number, pin: string): Promise<PersonaDePin> {
      await acceso.assertAcceso(actor, idMinimarket);
      const persona = await this.quienEs(actor, idMinimarket, pin, 'al cambiar de cajero', (p) => p.es_dueno || p.es_cajero);
      if (!persona) throw unauthorized(MENSAJE_PIN_INCORRECTO, 'PIN_INCORRECTO');
      return persona;
    },
  };
}
