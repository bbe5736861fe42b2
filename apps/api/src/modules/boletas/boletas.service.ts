// The electronic boleta for the owner and administrators (issue 23, docs/boleta.md): the issuer's
// data and provider (configuracion.ts), the documents of the outbox by state and day, a sale's notas
// de crédito to print, and the retry of a rejected document.
import {
  type documentosQuerySchema,
  type Documento,
  MENSAJE_DOCUMENTO_NO_ENCONTRADO,
  MENSAJE_NOTA_CREDITO_NO_ENCONTRADA,
  type NotaCredito,
  MENSAJE_REINTENTO_SOLO_RECHAZADOS,
} from '@minimarket/contracts/boletas';
import { type EstadoDte, ESTADOS_DTE } from '@minimarket/contracts/dte';
import type { z } from 'zod';
import {
  documentoConVenta,
  documentoDeTienda,
  documentosEmitidosPorDia,
  documentosPorEstado,
  listarDocumentos,
  reintentarDocumento,
} from '../../data/documento-dte.js';
import type { DocumentoDte as DocumentoRow } from '../../generated/prisma/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { localAUtc } from '../../lib/tiempo.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import { createConfiguracionDte, type DepsBoletas } from './configuracion.js';
import { notaCredito, notasCreditoDeVenta } from './nota-credito.js';

type DocumentosQuery = z.output<typeof documentosQuerySchema>;

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

export function createBoletasService(deps: DepsBoletas) {
  const { db, acceso } = deps;

  return {
    ...createConfiguracionDte(deps),

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
