// The boleta outbox's worker (issue 23, docs/boleta.md «La cola»): on every replica, it takes due
// rows of documento_dte under a lease (FOR UPDATE SKIP LOCKED: one replica per row), sends them to
// the shop's provider with the row's `clave` as the Idempotency-Key, and records what came back.
// A round takes its rows shop by shop, a share each (data/documento-dte.ts, docs/escalar.md): a
// shop with thousands of boletas due does not hold back the next shop's one.
//
// Exactly once: the provider gives one folio per key. A send whose answer is lost, a worker that dies
// after sending (its lease runs out and another replica takes the row), two replicas racing: each
// resend carries the same key, so the provider answers with the first folio. The lease token
// (`tomado_por`) makes a worker that lost its lease unable to write over the one that took it. The
// lease is renewed right before each call to the provider and outlasts that call's timeout
// (arriendoMs): a live worker's row is never taken by another replica mid-send, however long the
// round took before (issue 31).
//
// The local stand-in issues documents that look real and are not: each one is marked `de_prueba`.
// In production the stand-in is off unless the operator allowed it (DTE_PERMITIR_SIMULADOR): a shop
// whose provider is the stand-in keeps its documents pending, with the reason, and nothing is sent.
//
// Two documents are not sent as they are (issue 32, docs/boleta.md): a boleta above 135 UF, which SII
// takes only with the buyer's RUT and name (we issue to the generic receiver), is left rechazado with
// the reason; a nota de crédito of a shop without its Acteco (required in a 61) waits, with the reason,
// until the owner sets it.
//
// The provider's answers: a folio → 'en_proceso' (or SII's answer if it came with it), then polled
// until SII's final word; a rejection → 'rechazado' with the reason (the owner retries from the
// Boletas screen); a temporary failure → retried with exponential backoff; 429 → the whole shop waits
// what the provider asked; wrong credentials → retried slowly until the owner fixes them. A sale never
// waits for any of this: the receipt says «Boleta en proceso» meanwhile.
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  MENSAJE_API_KEY_ILEGIBLE,
  MENSAJE_EMISOR_INCOMPLETO,
  MOTIVO_NOTA_SIN_ACTECO,
  MOTIVO_SIMULADOR_DESACTIVADO,
  type ProveedorDte as NombreProveedor,
} from '@minimarket/contracts/boletas';
import { mensajeBoletaSobreTope, superaTopeBoleta } from '@minimarket/contracts/dte';
import type { Db } from '../../db/client.js';
import { esConexionPerdida } from '../../db/conexion-perdida.js';
import {
  documentoDeTienda,
  type DocumentoTomado as Fila,
  esperarTienda,
  registrarEnvio,
  renovarArriendo,
  type ResultadoEnvio,
  tomarDocumentos,
} from '../../data/documento-dte.js';
import { emisorDeTienda } from '../../data/emisor-dte.js';
import { ErrorProveedor, type ProveedorDte } from '../dte/proveedor.js';
import { API_KEY_SIMULADOR } from '../dte/simulador.js';
import type { Cifrado } from './cifrado.js';
import { documentoParaProveedor } from './documento.js';

/**
 * What a lease holds besides the provider's own time: the database reads before the call (the
 * issuer, a nota de crédito's boleta) and the write of its result after it.
 */
export const MARGEN_ARRIENDO_MS = 50_000;
/**
 * How long a row is this worker's: taken with the round, and renewed to this right before each call
 * to the provider, whose whole time (a send and the read-back of a repeated key, or a status query)
 * is bounded by `timeoutMs` (one AbortSignal per call). The round's rows are sent side by side; even if
 * they went one after another, or waited for a database connection, each renewal is made at its own
 * call. 60 s with the default DTE_TIMEOUT_MS (10 s); 170 s with the largest (120 s).
 */
export const arriendoMs = (timeoutMs: number) => timeoutMs + MARGEN_ARRIENDO_MS;
/** Rows one round takes (each is one HTTP call). */
const LOTE = 10;
/** Backoff of a failed send: 2 s, 4 s, 8 s … up to 10 minutes. */
const ESPERA_BASE_MS = 2_000;
const ESPERA_MAXIMA_MS = 10 * 60_000;
/** SII's answer is asked for after 5 s, then less and less often (same cap). */
const CONSULTA_BASE_MS = 5_000;
/** A nota de crédito whose boleta has no folio yet looks again after this. */
const ESPERA_REFERENCIA_MS = 10_000;
const ESPERA_CREDENCIALES_MS = 5 * 60_000;

export interface ConfigEmisor {
  db: Db;
  log: FastifyBaseLogger;
  cifrado: Cifrado;
  proveedores: Record<NombreProveedor, ProveedorDte>;
  /** How often an idle replica looks for due rows (0: off; the tests call vaciar()). */
  intervaloMs: number;
  timeoutMs: number;
  /** env.ts simuladorDtePermitido: false in production unless DTE_PERMITIR_SIMULADOR. */
  simuladorPermitido: boolean;
}

/** Exponential backoff with ±20 % jitter, so replicas and shops do not retry in step. */
export function espera(intentos: number, baseMs = ESPERA_BASE_MS): number {
  const ms = Math.min(ESPERA_MAXIMA_MS, baseMs * 2 ** Math.max(0, intentos - 1));
  return Math.round(ms * (0.8 + Math.random() * 0.4));
}

export function createEmisorBoletas({ db, log, cifrado, proveedores, intervaloMs, timeoutMs, simuladorPermitido }: ConfigEmisor) {
  let reloj: NodeJS.Timeout | null = null;
  let enCurso: Promise<number> | null = null;
  let detenido = false;

  const registrar = (fila: Fila, resultado: ResultadoEnvio, esperaMs: number) => registrarEnvio(db, fila, resultado, esperaMs);

  /**
   * The row's lease renewed for one call to the provider, and that call's time limit; null when the
   * row is no longer this worker's (another replica has it: nothing is sent from here).
   */
  async function arrendarLlamada(fila: Fila): Promise<AbortSignal | null> {
    if (!(await renovarArriendo(db, fila, arriendoMs(timeoutMs)))) {
      log.warn({ documento: String(fila.id_documento) }, 'boleta: el arriendo pasó a otra réplica; no se envía desde aquí');
      return null;
    }
    return AbortSignal.timeout(timeoutMs);
  }

  async function procesar(fila: Fila): Promise<void> {
    const emisor = await emisorDeTienda(db, fila.id_minimarket);
    if (!emisor) {
      await registrar(fila, { motivo: MENSAJE_EMISOR_INCOMPLETO }, ESPERA_CREDENCIALES_MS);
      return;
    }
    if (fila.estado === 'pendiente' && fila.tipo !== 61) {
      // SII takes a boleta above 135 UF only with the buyer's RUT and name: not sent, whatever the provider.
      const total = (fila.lineas as Array<{ monto: number }>).reduce((s, l) => s + l.monto, 0);
      if (superaTopeBoleta(total)) {
        await registrar(fila, { estado: 'rechazado', motivo: mensajeBoletaSobreTope(total) }, 0);
        return;
      }
    }
    // A document already issued is asked about where it was issued, whatever the shop's provider is
    // now (the folio and token are that provider's): `de_prueba` says which of the two it was. One still
    // to send goes to the shop's provider.
    const nombre: NombreProveedor =
      fila.estado === 'en_proceso' ? (fila.de_prueba ? 'simulador' : 'openfactura') : (emisor.proveedor as NombreProveedor);
    if (nombre === 'simulador' && !simuladorPermitido) {
      // Held, not failed: once the owner picks OpenFactura (or the operator allows the stand-in) it goes.
      await registrar(fila, { motivo: MOTIVO_SIMULADOR_DESACTIVADO }, ESPERA_CREDENCIALES_MS);
      return;
    }
    // The stand-in has one key for everyone; a real provider's is the shop's own, stored encrypted
    // and bound to the shop (cifrado.ts): one that does not decrypt here is to be typed again.
    let apiKey: string;
    if (nombre === 'simulador') apiKey = API_KEY_SIMULADOR;
    else if (!emisor.api_key_cifrada) {
      await registrar(fila, { motivo: MENSAJE_EMISOR_INCOMPLETO }, ESPERA_CREDENCIALES_MS);
      return;
    } else {
      try {
        apiKey = cifrado.descifrar(emisor.api_key_cifrada, fila.id_minimarket);
      } catch {
        await registrar(fila, { motivo: MENSAJE_API_KEY_ILEGIBLE }, ESPERA_CREDENCIALES_MS);
        return;
      }
    }
    const proveedor = proveedores[nombre];
    try {
      if (fila.estado === 'en_proceso') {
        const signal = await arrendarLlamada(fila);
        if (!signal) return;
        const estado = await proveedor.consultar(
          { tipo: fila.tipo as 39 | 41 | 61, folio: fila.folio!, rut_emisor: emisor.rut, token: fila.token },
          { apiKey, signal },
        );
        const final = estado.estado !== 'en_proceso';
        await registrar(fila, { estado: estado.estado, motivo: estado.motivo }, final ? 0 : espera(fila.intentos, CONSULTA_BASE_MS));
        return;
      }
      let referencia = null;
      if (fila.tipo === 61) {
        const ref = await documentoDeTienda(db, fila.id_minimarket, fila.id_documento_ref!);
        if (!ref?.folio) {
          if (ref?.estado === 'rechazado') {
            await registrar(fila, { estado: 'rechazado', motivo: 'La boleta que corrige fue rechazada: no hay nada que anular.' }, 0);
          } else {
            await registrar(fila, { intentos: fila.intentos - 1 }, ESPERA_REFERENCIA_MS);
          }
          return;
        }
        if (emisor.acteco === null) {
          // Held, not failed: once the owner writes the Acteco it goes, with its own key.
          await registrar(fila, { motivo: MOTIVO_NOTA_SIN_ACTECO, intentos: fila.intentos - 1 }, ESPERA_CREDENCIALES_MS);
          return;
        }
        referencia = { tipo: ref.tipo, folio: ref.folio, creado_en: ref.creado_en, total: ref.total };
      }
      const documento = documentoParaProveedor(
        fila,
        {
          rut: emisor.rut,
          razon_social: emisor.razon_social,
          giro: emisor.giro,
          direccion: emisor.direccion,
          comuna: emisor.comuna,
          codigo_sucursal: emisor.codigo_sucursal,
          acteco: emisor.acteco,
        },
        referencia,
      );
      const signal = await arrendarLlamada(fila);
      if (!signal) return;
      const emitido = await proveedor.emitir(documento, { claveIdempotencia: fila.clave, apiKey, signal });
      await registrar(
        fila,
        {
          estado: emitido.estado,
          folio: emitido.folio,
          ted: emitido.ted,
          pdf: emitido.pdf,
          token: emitido.token,
          motivo: emitido.motivo,
          emitido_en: new Date(),
          intentos: 0,
          de_prueba: nombre === 'simulador',
        },
        emitido.estado === 'en_proceso' ? CONSULTA_BASE_MS : 0,
      );
    } catch (err) {
      await fallo(fila, err);
    }
  }

  async function fallo(fila: Fila, err: unknown) {
    if (!(err instanceof ErrorProveedor)) {
      // A network error, a timeout, a bug: a temporary failure, never a lost document.
      log.warn({ err: err instanceof Error ? err.message : String(err), documento: String(fila.id_documento) }, 'boleta: envío fallido');
      await registrar(fila, { motivo: 'El proveedor no respondió. Se reintentará.' }, espera(fila.intentos));
      return;
    }
    switch (err.clase) {
      case 'rechazo':
        await registrar(fila, { estado: 'rechazado', motivo: err.message }, 0);
        return;
      case 'limite': {
        // 429: every row of the shop waits what the provider asked (the same credentials).
        const ms = err.reintentarEnMs ?? espera(fila.intentos);
        await registrar(fila, { motivo: err.message }, ms);
        await esperarTienda(db, fila.id_minimarket, ms);
        return;
      }
      case 'credenciales':
        await registrar(fila, { motivo: err.message }, ESPERA_CREDENCIALES_MS);
        return;
      default:
        await registrar(fila, { motivo: err.message }, espera(fila.intentos));
    }
  }

  /** One round: takes what is due and sends it. Resolves to how many rows it took. */
  async function ronda(): Promise<number> {
    const filas = await tomarDocumentos(db, crypto.randomUUID(), arriendoMs(timeoutMs), LOTE);
    // Each row on its own: one that fails to record (the database away) keeps its lease until it
    // runs out and is taken again; the others of the round finish and are written.
    const resultados = await Promise.allSettled(filas.map((f) => procesar(f)));
    for (const r of resultados) {
      if (r.status === 'rejected')
        log.warn({ err: r.reason instanceof Error ? r.reason.message : String(r.reason) }, 'boleta: resultado sin guardar');
    }
    return filas.length;
  }

  function programar(ms: number) {
    if (detenido || intervaloMs <= 0) return;
    reloj = setTimeout(() => {
      enCurso = ronda()
        .catch((err) => {
          // The database away (a restart, a failover): a warning, and the next round tries again.
          if (esConexionPerdida(err)) log.warn('boleta: la base de datos no responde; se reintentará');
          else log.error({ err }, 'boleta: ronda fallida');
          return 0;
        })
        .finally(() => (enCurso = null));
      // A full batch: more may be due at once.
      void enCurso.then((n) => programar(n === LOTE ? 0 : intervaloMs));
    }, ms);
  }

  return {
    iniciar() {
      detenido = false;
      programar(intervaloMs);
    },
    async detener() {
      detenido = true;
      if (reloj) clearTimeout(reloj);
      await enCurso;
    },
    ronda,
    /** Rounds until nothing is due (the tests' way to run the worker). */
    async vaciar(): Promise<void> {
      while ((await ronda()) > 0);
    },
  };
}

export type EmisorBoletas = ReturnType<typeof createEmisorBoletas>;
