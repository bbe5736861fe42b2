// The electronic boleta's settings and documents for the owner and administrators (issue 23,
// docs/boleta.md): the issuer's data and provider (the API key goes in encrypted and never comes
// back), the documents of the outbox by state and day, and the retry of a rejected one.
import {
  type documentosQuerySchema,
  type Documento,
  type emisorUpdateSchema,
  type Emisor,
  MENSAJE_DOCUMENTO_NO_ENCONTRADO,
  MENSAJE_EMISOR_INCOMPLETO,
  MENSAJE_REINTENTO_SOLO_RECHAZADOS,
  type ProveedorDte,
} from '@minimarket/contracts/boletas';
import { type EstadoDte, ESTADOS_DTE } from '@minimarket/contracts/dte';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { reintentarDocumento } from '../../data/documento-dte.js';
import { guardarEmisor } from '../../data/emisor-dte.js';
import { conflict, notFound, validation } from '../../lib/errors.js';
import { localAUtc } from '../../lib/tiempo.js';
import type { UsuarioSesion } from '../../plugins/app/auth.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import type { Cifrado } from './cifrado.js';
import type { DocumentoDte as DocumentoRow, EmisorDte as EmisorRow } from '../../generated/prisma/client.js';

type EmisorGuardar = z.output<typeof emisorUpdateSchema>;
type DocumentosQuery = z.output<typeof documentosQuerySchema>;

function toEmisorDto(idMinimarket: number, e: EmisorRow | null): Emisor {
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
    proveedor: (e?.proveedor ?? 'simulador') as ProveedorDte,
    tiene_api_key: Boolean(e?.api_key_cifrada),
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
    intentos: d.intentos,
    proximo_intento: ['pendiente', 'en_proceso'].includes(d.estado) ? d.proximo_intento.toISOString() : null,
    creado_en: d.creado_en.toISOString(),
    emitido_en: d.emitido_en?.toISOString() ?? null,
  };
}

const CON_VENTA = { venta: { select: { numero_venta: true } }, referencia: { select: { folio: true } } } as const;

/** 'venta-12' → 'venta-12/2' → 'venta-12/3': a rejected document sent again is a new request. */
export function claveDeReintento(clave: string): string {
  const [base, n] = clave.split('/');
  return `${base}/${(Number(n) || 1) + 1}`;
}

export function createBoletasService({ db, acceso, cifrado }: { db: Db; acceso: AccesoMinimarket; cifrado: Cifrado }) {
  return {
    async emisor(usuario: UsuarioSesion, idMinimarket: number): Promise<Emisor> {
      await acceso.assertAcceso(usuario, idMinimarket);
      return toEmisorDto(idMinimarket, await db.emisorDte.findUnique({ where: { id_minimarket: idMinimarket } }));
    },

    /** Saves the issuer; without `api_key` the stored one stays. Issuing through a real provider needs its key. */
    async guardarEmisor(usuario: UsuarioSesion, data: EmisorGuardar): Promise<Emisor> {
      await acceso.assertAcceso(usuario, data.id_minimarket);
      const previo = await db.emisorDte.findUnique({ where: { id_minimarket: data.id_minimarket } });
      if (data.emitir && data.proveedor !== 'simulador' && !data.api_key && !previo?.api_key_cifrada) {
        throw validation(MENSAJE_EMISOR_INCOMPLETO, [{ campo: 'api_key', mensaje: 'Escribe la API key del proveedor.' }]);
      }
      const guardado = await guardarEmisor(db, data.id_minimarket, {
        rut: data.rut,
        razon_social: data.razon_social,
        giro: data.giro,
        direccion: data.direccion,
        comuna: data.comuna,
        codigo_sucursal: data.codigo_sucursal ?? null,
        resolucion_numero: data.resolucion_numero,
        resolucion_anio: data.resolucion_anio,
        proveedor: data.proveedor,
        emitir: data.emitir,
        ...(data.api_key ? { api_key_cifrada: cifrado.cifrar(data.api_key) } : {}),
      });
      return toEmisorDto(data.id_minimarket, guardado);
    },

    async documentos(usuario: UsuarioSesion, q: DocumentosQuery) {
      await acceso.assertAcceso(usuario, q.id_minimarket);
      let creado: { gte: Date; lt: Date } | undefined;
      if (q.dia) {
        const [anio, mes, dia] = q.dia.split('-').map(Number) as [number, number, number];
        creado = { gte: localAUtc(anio, mes, dia), lt: localAUtc(anio, mes, dia + 1) };
      }
      const where = { id_minimarket: q.id_minimarket, ...(q.estado ? { estado: q.estado } : {}), ...(creado ? { creado_en: creado } : {}) };
      const [filas, total, estados, dias] = await Promise.all([
        db.documentoDte.findMany({ where, include: CON_VENTA, orderBy: { id_documento: 'desc' }, skip: q.skip, take: q.limit }),
        db.documentoDte.count({ where }),
        db.documentoDte.groupBy({ by: ['estado'], where: { id_minimarket: q.id_minimarket }, _count: { _all: true } }),
        db.$queryRaw<{ dia: string; emitidos: number; monto: number }[]>`
          SELECT to_char((creado_en AT TIME ZONE 'America/Santiago')::date, 'YYYY-MM-DD') AS dia,
                 (count(*) FILTER (WHERE folio IS NOT NULL))::int AS emitidos,
                 coalesce(sum(total) FILTER (WHERE folio IS NOT NULL AND tipo IN (39, 41)), 0)::int AS monto
          FROM documento_dte WHERE id_minimarket = ${q.id_minimarket}
          GROUP BY 1 ORDER BY 1 DESC LIMIT 14`,
      ]);
      const porEstado = Object.fromEntries(ESTADOS_DTE.map((e) => [e, 0])) as Record<EstadoDte, number>;
      for (const e of estados) porEstado[e.estado as EstadoDte] = e._count._all;
      return { documentos: filas.map(toDocumentoDto), total, por_estado: porEstado, por_dia: dias };
    },

    /**
     * A rejected document goes back to the queue as a new request (a new key: the rejected one gave
     * no folio, or SII voided the one it had), once the owner fixed what the reason said.
     */
    async reintentar(usuario: UsuarioSesion, idMinimarket: number, idDocumento: number): Promise<Documento> {
      await acceso.assertAcceso(usuario, idMinimarket);
      const doc = await db.documentoDte.findUnique({
        where: { id_minimarket_id_documento: { id_minimarket: idMinimarket, id_documento: idDocumento } },
      });
      if (!doc) throw notFound(MENSAJE_DOCUMENTO_NO_ENCONTRADO, 'DOCUMENT_NOT_FOUND');
      // Only while it is still rejected (two clicks, two screens: one retry).
      const otraVez = await reintentarDocumento(db, idMinimarket, doc.id_documento, claveDeReintento(doc.clave));
      if (!otraVez) throw conflict(MENSAJE_REINTENTO_SOLO_RECHAZADOS, 'DOCUMENT_NOT_REJECTED');
      return toDocumentoDto(
        await db.documentoDte.findUniqueOrThrow({
          where: { id_minimarket_id_documento: { id_minimarket: idMinimarket, id_documento: doc.id_documento } },
          include: CON_VENTA,
        }),
      );
    },
  };
}

export type BoletasService = ReturnType<typeof createBoletasService>;
