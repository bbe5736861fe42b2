// The electronic boleta's settings and documents for the owner and administrators (issue 23,
// docs/boleta.md): the issuer's data and provider (the API key goes in encrypted and never comes
// back), the documents of the outbox by state and day, and the retry of a rejected one. In
// production the local stand-in is refused as the provider unless the operator allowed it (issue 31).
import {
  type documentosQuerySchema,
  type Documento,
  type emisorUpdateSchema,
  type Emisor,
  formatActeco,
  MENSAJE_ACTECO_REQUERIDO,
  MENSAJE_CLAVE_CIFRADO_AUSENTE,
  MENSAJE_DOCUMENTO_NO_ENCONTRADO,
  MENSAJE_EMISOR_INCOMPLETO,
  MENSAJE_NOTA_CREDITO_NO_ENCONTRADA,
  type NotaCredito,
  MENSAJE_REINTENTO_SOLO_RECHAZADOS,
  MENSAJE_SIMULADOR_DESACTIVADO,
  type ProveedorDte,
} from '@minimarket/contracts/boletas';
import { type EstadoDte, ESTADOS_DTE } from '@minimarket/contracts/dte';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  documentoConVenta,
  documentoDeTienda,
  documentosEmitidosPorDia,
  documentosPorEstado,
  listarDocumentos,
  reintentarDocumento,
} from '../../data/documento-dte.js';
import { emisorDeTienda, emisoresConClaveAnticuada, guardarEmisor, reescribirApiKey } from '../../data/emisor-dte.js';
import { AppError, conflict, notFound, validation } from '../../lib/errors.js';
import { localAUtc } from '../../lib/tiempo.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import type { Cifrado } from './cifrado.js';
import { notaCredito, notasCreditoDeVenta } from './nota-credito.js';
import type { DocumentoDte as DocumentoRow, EmisorDte as EmisorRow } from '../../generated/prisma/client.js';

type EmisorGuardar = z.output<typeof emisorUpdateSchema>;
type DocumentosQuery = z.output<typeof documentosQuerySchema>;

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

function toDocumentoDto(
  d: DocumentoRow & { venta: { numero_venta: number | null }; referencia: { folio: number | null } | null },
): Documento {
  return {
    id_documento: Number(d.id_documento),
    id_minimarket: d.id_minimarket,
    tipo: d.tipo,
    id_venta: d.id_venta,
    numero_venta: d.venta.numero_venta,
    id_devolucion: d.id_devolucion,
    estado: d.estado as EstadoDte,
    folio: d.folio,
    referencia_folio: d.referencia?.folio ?? null,
    neto: d.neto,
    iva: d.iva,
    exento: d.exento,
    total: d.total,
    motivo: d.motivo,
    de_prueba: d.de_prueba,
    intentos: d.intentos,
    proximo_intento: ['pendiente', 'en_proceso'].includes(d.estado) ? d.proximo_intento.toISOString() : null,
    creado_en: d.creado_en.toISOString(),
    emitido_en: d.emitido_en?.toISOString() ?? null,
  };
}

/** 'venta-12' → 'venta-12/2' → 'venta-12/3': a rejected document sent again is a new request. */
export function claveDeReintento(clave: string): string {
  const [base, n] = clave.split('/');
  return `${base}/${(Number(n) || 1) + 1}`;
}

export function createBoletasService({
  db,
  acceso,
  cifrado,
  simuladorPermitido,
}: {
  db: Db;
  acceso: AccesoMinimarket;
  cifrado: Cifrado;
  /** env.ts simuladorDtePermitido: false in production unless DTE_PERMITIR_SIMULADOR. */
  simuladorPermitido: boolean;
}) {
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

    async documentos(usuario: UsuarioSesion, q: DocumentosQuery) {
      await acceso.assertAcceso(usuario, q.id_minimarket);
      let creado: { gte: Date; lt: Date } | undefined;
      if (q.dia) {
        const [anio, mes, dia] = q.dia.split('-').map(Number) as [number, number, number];
        creado = { gte: localAUtc(anio, mes, dia), lt: localAUtc(anio, mes, dia + 1) };
      }
      const [{ documentos: filas, total }, estados, dias] = await Promise.all([
        listarDocumentos(db, { idMinimarket: q.id_minimarket, estado: q.estado, creado }, { skip: q.skip, take: q.limit }),
        documentosPorEstado(db, q.id_minimarket),
        documentosEmitidosPorDia(db, q.id_minimarket),
      ]);
      const porEstado = Object.fromEntries(ESTADOS_DTE.map((e) => [e, 0])) as Record<EstadoDte, number>;
      for (const e of estados) porEstado[e.estado as EstadoDte] = e._count._all;
      return { documentos: filas.map(toDocumentoDto), total, por_estado: porEstado, por_dia: dias };
    },

    /**
     * The notas de crédito of one sale, each as its paper shows it (Transacciones offers «Imprimir nota
     * de crédito» for each). Anyone who sees the shop's sales: a cashier too.
     */
    async notasCreditoDeVenta(usuario: UsuarioSesion, idMinimarket: number, idVenta: number): Promise<NotaCredito[]> {
      await acceso.assertAcceso(usuario, idMinimarket);
      return notasCreditoDeVenta(db, idMinimarket, idVenta);
    },

    /** One nota de crédito to print (404 for a boleta, another shop's or none). */
    async notaCredito(usuario: UsuarioSesion, idMinimarket: number, idDocumento: number): Promise<NotaCredito> {
      await acceso.assertAcceso(usuario, idMinimarket);
      const nota = await notaCredito(db, idMinimarket, idDocumento);
      if (!nota) throw notFound(MENSAJE_NOTA_CREDITO_NO_ENCONTRADA, 'DOCUMENT_NOT_FOUND');
      return nota;
    },

    /**
     * A rejected document goes back to the queue as a new request (a new key: the rejected one gave
     * no folio, or SII voided the one it had), once the owner fixed what the reason said.
     */
    async reintentar(usuario: UsuarioSesion, idMinimarket: number, idDocumento: number): Promise<Documento> {
      await acceso.assertAcceso(usuario, idMinimarket);
      const doc = await documentoDeTienda(db, idMinimarket, idDocumento);
      if (!doc) throw notFound(MENSAJE_DOCUMENTO_NO_ENCONTRADO, 'DOCUMENT_NOT_FOUND');
      // Only while it is still rejected (two clicks, two screens: one retry).
      const otraVez = await reintentarDocumento(db, idMinimarket, doc.id_documento, claveDeReintento(doc.clave));
      if (!otraVez) throw conflict(MENSAJE_REINTENTO_SOLO_RECHAZADOS, 'DOCUMENT_NOT_REJECTED');
      return toDocumentoDto(await documentoConVenta(db, idMinimarket, doc.id_documento));
    },
  };
}

export type BoletasService = ReturnType<typeof createBoletasService>;
