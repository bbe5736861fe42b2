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
import { esConexionPerdida } from '../../db/conexion-perdida.js';
import { tomarDocumentos } from '../../data/documento-dte.js';
import { arriendoMs, type ConfigEnvio, createEnvioDocumento } from './envio.js';

export { arriendoMs } from './envio.js';

/** Rows one round takes (each is one HTTP call). */
const LOTE = 10;

export interface ConfigEmisor extends ConfigEnvio {
  /** How often an idle replica looks for due rows (0: off; the tests call vaciar()). */
  intervaloMs: number;
}

export function createEmisorBoletas({ intervaloMs, ...envio }: ConfigEmisor) {
  const { db, log, timeoutMs } = envio;
  const procesar = createEnvioDocumento(envio);
  let reloj: NodeJS.Timeout | null = null;
  let enCurso: Promise<number> | null = null;
  let detenido = false;

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
