// One row of the boleta outbox sent to its provider, or asked about (emisor.ts takes the rows and
// says why a document is sent once; docs/boleta.md «La cola»). What the provider answered is written
// back to the row; a row that cannot go yet is held with the reason, and nothing is sent.
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
import {
  documentoDeTienda,
  type DocumentoTomado as Fila,
  esperarTienda,
  registrarEnvio,
  renovarArriendo,
  type ResultadoEnvio,
} from '../../data/documento-dte.js';
import { emisorDeTienda } from '../../data/emisor-dte.js';
import { ErrorProveedor, type ProveedorDte } from '../dte/proveedor.js';
import { API_KEY_SIMULADOR } from '../dte/simulador.js';
import type { Cifrado } from './cifrado.js';
import { documentoParaProveedor, type Referencia } from './documento.js';

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
/** Backoff of a failed send: 2 s, 4 s, 8 s … up to 10 minutes. */
const ESPERA_BASE_MS = 2_000;
const ESPERA_MAXIMA_MS = 10 * 60_000;
/** SII's answer is asked for after 5 s, then less and less often (same cap). */
const CONSULTA_BASE_MS = 5_000;
/** A nota de crédito whose boleta has no folio yet looks again after this. */
const ESPERA_REFERENCIA_MS = 10_000;
const ESPERA_CREDENCIALES_MS = 5 * 60_000;

/** Exponential backoff with ±20 % jitter, so replicas and shops do not retry in step. */
export function espera(intentos: number, baseMs = ESPERA_BASE_MS): number {
  const ms = Math.min(ESPERA_MAXIMA_MS, baseMs * 2 ** Math.max(0, intentos - 1));
  return Math.round(ms * (0.8 + Math.random() * 0.4));
}

type Emisor = NonNullable<Awaited<ReturnType<typeof emisorDeTienda>>>;
/** The provider a row goes to (or was issued by), and the key it is called with. */
interface Destino {
  nombre: NombreProveedor;
  proveedor: ProveedorDte;
  apiKey: string;
}

export interface ConfigEnvio {
  db: Db;
  log: FastifyBaseLogger;
  cifrado: Cifrado;
  proveedores: Record<NombreProveedor, ProveedorDte>;
  timeoutMs: number;
  /** env.ts simuladorDtePermitido: false in production unless DTE_PERMITIR_SIMULADOR. */
  simuladorPermitido: boolean;
}

/** What sending a row needs: the configuration, a result written back, the row's lease for one call. */
interface Envio extends ConfigEnvio {
  registrar: (fila: Fila, resultado: ResultadoEnvio, esperaMs: number) => Promise<unknown>;
  arrendarLlamada: (fila: Fila) => Promise<AbortSignal | null>;
}

/**
 * Where the row goes and with which key; null when it is held (written with the reason). A document
 * already issued is asked about where it was issued, whatever the shop's provider is now (the folio
 * and token are that provider's): `de_prueba` says which of the two it was. One still to send goes
 * to the shop's provider.
 */
async function destinoDe(e: Envio, fila: Fila, emisor: Emisor): Promise<Destino | null> {
  const nombre: NombreProveedor =
    fila.estado === 'en_proceso' ? (fila.de_prueba ? 'simulador' : 'openfactura') : (emisor.proveedor as NombreProveedor);
  if (nombre === 'simulador' && !e.simuladorPermitido) {
    // Held, not failed: once the owner picks OpenFactura (or the operator allows the stand-in) it goes.
    await e.registrar(fila, { motivo: MOTIVO_SIMULADOR_DESACTIVADO }, ESPERA_CREDENCIALES_MS);
    return null;
  }
  // The stand-in has one key for everyone; a real provider's is the shop's own, stored encrypted
  // and bound to the shop (cifrado.ts): one that does not decrypt here is to be typed again.
  if (nombre === 'simulador') return { nombre, proveedor: e.proveedores[nombre], apiKey: API_KEY_SIMULADOR };
  if (!emisor.api_key_cifrada) {
    await e.registrar(fila, { motivo: MENSAJE_EMISOR_INCOMPLETO }, ESPERA_CREDENCIALES_MS);
    return null;
  }
  try {
    return { nombre, proveedor: e.proveedores[nombre], apiKey: e.cifrado.descifrar(emisor.api_key_cifrada, fila.id_minimarket) };
  } catch {
    await e.registrar(fila, { motivo: MENSAJE_API_KEY_ILEGIBLE }, ESPERA_CREDENCIALES_MS);
    return null;
  }
}

/** An issued document's state at SII, asked again later until it is final. */
async function consultar(e: Envio, fila: Fila, emisor: Emisor, { proveedor, apiKey }: Destino) {
  const signal = await e.arrendarLlamada(fila);
  if (!signal) return;
  const estado = await proveedor.consultar(
    { tipo: fila.tipo as 39 | 41 | 61, folio: fila.folio!, rut_emisor: emisor.rut, token: fila.token },
    { apiKey, signal },
  );
  const final = estado.estado !== 'en_proceso';
  await e.registrar(fila, { estado: estado.estado, motivo: estado.motivo }, final ? 0 : espera(fila.intentos, CONSULTA_BASE_MS));
}

/**
 * A nota de crédito's boleta: its folio, date and total; null when the nota waits (the boleta has no
 * folio yet, or the shop no Acteco) or cannot go (the boleta was rejected), written with the reason.
 */
async function referenciaDe(e: Envio, fila: Fila, emisor: Emisor): Promise<Referencia | null> {
  const ref = await documentoDeTienda(e.db, fila.id_minimarket, fila.id_documento_ref!);
  if (!ref?.folio) {
    if (ref?.estado === 'rechazado') {
      await e.registrar(fila, { estado: 'rechazado', motivo: 'La boleta que corrige fue rechazada: no hay nada que anular.' }, 0);
    } else {
      await e.registrar(fila, { intentos: fila.intentos - 1 }, ESPERA_REFERENCIA_MS);
    }
    return null;
  }
  if (emisor.acteco === null) {
    // Held, not failed: once the owner writes the Acteco it goes, with its own key.
    await e.registrar(fila, { motivo: MOTIVO_NOTA_SIN_ACTECO, intentos: fila.intentos - 1 }, ESPERA_CREDENCIALES_MS);
    return null;
  }
  return { tipo: ref.tipo, folio: ref.folio, creado_en: ref.creado_en, total: ref.total };
}

/** A document sent with the row's key: the provider gives one folio per key, however often it is sent. */
async function emitir(e: Envio, fila: Fila, emisor: Emisor, { nombre, proveedor, apiKey }: Destino) {
  const referencia = fila.tipo === 61 ? await referenciaDe(e, fila, emisor) : null;
  if (fila.tipo === 61 && !referencia) return;
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
  const signal = await e.arrendarLlamada(fila);
  if (!signal) return;
  const emitido = await proveedor.emitir(documento, { claveIdempotencia: fila.clave, apiKey, signal });
  await e.registrar(
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
}

async function fallo(e: Envio, fila: Fila, err: unknown) {
  if (!(err instanceof ErrorProveedor)) {
    // A network error, a timeout, a bug: a temporary failure, never a lost document.
    e.log.warn({ err: err instanceof Error ? err.message : String(err), documento: String(fila.id_documento) }, 'boleta: envío fallido');
    await e.registrar(fila, { motivo: 'El proveedor no respondió. Se reintentará.' }, espera(fila.intentos));
    return;
  }
  switch (err.clase) {
    case 'rechazo':
      await e.registrar(fila, { estado: 'rechazado', motivo: err.message }, 0);
      return;
    case 'limite': {
      // 429: every row of the shop waits what the provider asked (the same credentials).
      const ms = err.reintentarEnMs ?? espera(fila.intentos);
      await e.registrar(fila, { motivo: err.message }, ms);
      await esperarTienda(e.db, fila.id_minimarket, ms);
      return;
    }
    case 'credenciales':
      await e.registrar(fila, { motivo: err.message }, ESPERA_CREDENCIALES_MS);
      return;
    default:
      await e.registrar(fila, { motivo: err.message }, espera(fila.intentos));
  }
}

export function createEnvioDocumento(config: ConfigEnvio) {
  const { db, log, timeoutMs } = config;
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

  const e: Envio = { ...config, registrar, arrendarLlamada };

  return async function procesar(fila: Fila): Promise<void> {
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
    const destino = await destinoDe(e, fila, emisor);
    if (!destino) return;
    try {
      if (fila.estado === 'en_proceso') await consultar(e, fila, emisor, destino);
      else await emitir(e, fila, emisor, destino);
    } catch (err) {
      await fallo(e, fila, err);
    }
  };
}
