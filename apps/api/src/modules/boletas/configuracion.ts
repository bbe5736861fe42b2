// The shop's issuer of boletas and its provider (issue 23, docs/boleta.md): read, saved (the API key
// goes in encrypted, bound to the shop, and never comes back: only whether there is one), and the keys
// stored before they were bound rewritten at start. In production the local stand-in is refused as the
// provider unless the operator allowed it (issue 31).
import {
  type emisorUpdateSchema,
  type Emisor,
  formatActeco,
  MENSAJE_ACTECO_REQUERIDO,
  MENSAJE_CLAVE_CIFRADO_AUSENTE,
  MENSAJE_EMISOR_INCOMPLETO,
  MENSAJE_SIMULADOR_DESACTIVADO,
  type ProveedorDte,
} from '@minimarket/contracts/boletas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { emisorDeTienda, emisoresConClaveAnticuada, guardarEmisor, reescribirApiKey } from '../../data/emisor-dte.js';
import type { EmisorDte as EmisorRow } from '../../generated/prisma/client.js';
import { AppError, validation } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import type { Cifrado } from './cifrado.js';

type EmisorGuardar = z.output<typeof emisorUpdateSchema>;

/**
 * The stored key as this server reads it for this shop: null when there is none, or when it does not
 * decrypt here (another shop's, another server key): for the owner that is «no hay clave», to type again.
 */
function apiKeyGuardada(cifrado: Cifrado, e: Pick<EmisorRow, 'id_minimarket' | 'api_key_cifrada'> | null): string | null {
  if (!e?.api_key_cifrada) return null;
  try {
    return cifrado.descifrar(e.api_key_cifrada, e.id_minimarket);
  } catch {
    return null;
  }
}

function toEmisorDto(idMinimarket: number, e: EmisorRow | null, cifrado: Cifrado): Emisor {
  return {
    id_minimarket: idMinimarket,
    configurado: e !== null,
    rut: e?.rut ?? null,
    razon_social: e?.razon_social ?? null,
    giro: e?.giro ?? null,
    direccion: e?.direccion ?? null,
    comuna: e?.comuna ?? null,
    codigo_sucursal: e?.codigo_sucursal ?? null,
    resolucion_numero: e?.resolucion_numero ?? null,
    resolucion_anio: e?.resolucion_anio ?? null,
    acteco: e?.acteco ? formatActeco(e.acteco) : null,
    proveedor: (e?.proveedor ?? 'simulador') as ProveedorDte,
    tiene_api_key: apiKeyGuardada(cifrado, e) !== null,
    emitir: e?.emitir ?? false,
  };
}

/** What the boleta's services need: the database, who may see which shop, the key's cipher and the operator's consent. */
export interface DepsBoletas {
  db: Db;
  acceso: AccesoMinimarket;
  cifrado: Cifrado;
  /** env.ts simuladorDtePermitido: false in production unless DTE_PERMITIR_SIMULADOR. */
  simuladorPermitido: boolean;
}

export function createConfiguracionDte({ db, acceso, cifrado, simuladorPermitido }: DepsBoletas) {
  return {
    async emisor(usuario: UsuarioSesion, idMinimarket: number): Promise<Emisor> {
      await acceso.assertAcceso(usuario, idMinimarket);
      return toEmisorDto(idMinimarket, await emisorDeTienda(db, idMinimarket), cifrado);
    },

    /**
     * Saves the issuer; without `api_key` (or `acteco`) the stored one stays (rewritten bound to the shop if it was
     * stored before keys were, cifrado.ts). Issuing through a real provider needs its key; issuing
     * through the stand-in, in production, the operator's consent (DTE_PERMITIR_SIMULADOR).
     */
    async guardarEmisor(usuario: UsuarioSesion, data: EmisorGuardar): Promise<Emisor> {
      await acceso.assertAcceso(usuario, data.id_minimarket);
      if (data.emitir && data.proveedor === 'simulador' && !simuladorPermitido) {
        throw validation(MENSAJE_SIMULADOR_DESACTIVADO, [{ campo: 'proveedor', mensaje: MENSAJE_SIMULADOR_DESACTIVADO }]);
      }
      const previo = await emisorDeTienda(db, data.id_minimarket);
      // Left out, the stored Acteco stays; to issue there must be one (a nota de crédito carries it).
      const acteco = data.acteco === undefined ? (previo?.acteco ?? null) : data.acteco;
      if (data.emitir && acteco === null) {
        throw validation(MENSAJE_ACTECO_REQUERIDO, [{ campo: 'acteco', mensaje: MENSAJE_ACTECO_REQUERIDO }]);
      }
      const guardada = apiKeyGuardada(cifrado, previo);
      if (data.emitir && data.proveedor !== 'simulador' && !data.api_key && guardada === null) {
        throw validation(MENSAJE_EMISOR_INCOMPLETO, [{ campo: 'api_key', mensaje: 'Escribe la API key del proveedor.' }]);
      }
      // The operator's to fix, not the owner's input: 503, like any service the server lacks.
      if (data.api_key && !cifrado.puedeCifrar) throw new AppError(503, 'DTE_ENCRYPTION_KEY_MISSING', MENSAJE_CLAVE_CIFRADO_AUSENTE);
      const recifrada =
        !data.api_key && guardada !== null && previo?.api_key_cifrada && cifrado.anticuado(previo.api_key_cifrada) && cifrado.puedeCifrar
          ? guardada
          : null;
      const nueva = data.api_key ?? recifrada;
      const guardado = await guardarEmisor(db, data.id_minimarket, {
        rut: data.rut,
        razon_social: data.razon_social,
        giro: data.giro,
        direccion: data.direccion,
        comuna: data.comuna,
        codigo_sucursal: data.codigo_sucursal ?? null,
        resolucion_numero: data.resolucion_numero,
        resolucion_anio: data.resolucion_anio,
        acteco,
        proveedor: data.proveedor,
        emitir: data.emitir,
        ...(nueva ? { api_key_cifrada: cifrado.cifrar(nueva, data.id_minimarket) } : {}),
      });
      return toEmisorDto(data.id_minimarket, guardado, cifrado);
    },

    /**
     * Every key stored before keys were bound to their shop (v1), written again as v2 (cifrado.ts):
     * run once as the app starts, when this server can encrypt. One that does not decrypt here stays
     * as it is (the owner types it again). Returns how many were rewritten.
     */
    async reescribirClavesAnticuadas(): Promise<number> {
      if (!cifrado.puedeCifrar) return 0;
      const filas = await emisoresConClaveAnticuada(db);
      let n = 0;
      for (const f of filas) {
        const texto = apiKeyGuardada(cifrado, f);
        if (texto === null) continue;
        if (await reescribirApiKey(db, f.id_minimarket, f.api_key_cifrada!, cifrado.cifrar(texto, f.id_minimarket))) n += 1;
      }
      return n;
    },
  };
}
