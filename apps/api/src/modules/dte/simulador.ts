// The local stand-in for the boleta provider (docs/boleta.md «El simulador»): an HTTP server that
// speaks the contract openfactura.ts speaks (POST /v2/dte/document, GET …/status and …/xml), checks
// each document against SII's schemas and OpenFactura's rules (esquema-sii.ts) and refuses it as
// OpenFactura does, assigns folios from a fake CAF, stamps a TED signed with a throwaway key, honours
// Idempotency-Key as OpenFactura documents it (a repeated key: 400 OF-06 with the first document's
// token, for 24 hours), and can be told to be slow, down, rate-limited, to refuse, to accept with
// repairs or to lose its answer.
// Its state lives in memory: it is a fake of an outside service, not part of our database. The
// default run and every test use it; nothing reaches outside the machine.
import type http from 'node:http';
import { CODIGOS_FALLA, type CodigoFalla, validarDteSii } from './esquema-sii.js';
import { type Respuesta, servir } from './simulador-http.js';
import { crearRegistro } from './simulador-registro.js';
import { crearTimbrador, xmlDe } from './simulador-timbre.js';

export { RANGO_CAF } from './simulador-timbre.js';

/** The api key the stand-in accepts unless told another one (the demo shop's configuration uses it). */
export const API_KEY_SIMULADOR = 'simulador-boletas-local';
/** Status queries a document answers 'Pendiente' before its final state. */
export const CONSULTAS_EN_PROCESO = 1;
/** How long OpenFactura remembers an Idempotency-Key: 24 hours (its «Idempotencia» section). */
export const RECUERDA_CLAVE_MS = 24 * 60 * 60_000;

export type ModoSimulador =
  | { tipo: 'normal' }
  | { tipo: 'lento'; ms: number }
  | { tipo: 'caido' }
  | { tipo: 'limite'; retryAfterS: number }
  | { tipo: 'rechazo'; motivo: string }
  | { tipo: 'reparos'; motivo: string }
  | { tipo: 'perder_respuesta' };

export interface Registro {
  token: string;
  claveIdempotencia: string;
  rut: string;
  tipo: 39 | 41 | 61;
  folio: number;
  fecha: string;
  total: number;
  ted: string;
  /** The `dte` object as received. */
  dte: DteRecibido;
  consultas: number;
  estadoFinal: { estado: 'aceptado' | 'reparos' | 'rechazado'; motivo: string | null } | null;
}

export interface SimuladorDte {
  url: string;
  fijarModo(modo: ModoSimulador): void;
  emitidos(): readonly Registro[];
  cerrar(): Promise<void>;
}

export interface OpcionesSimulador {
  port?: number;
  host?: '127.0.0.1';
  apiKey?: string;
  /** How long a key is remembered (RECUERDA_CLAVE_MS, as OpenFactura); after that it issues a new document. */
  recuerdaClaveMs?: number;
}

/** The `dte` of a request, as received (validarDteSii has checked it before anything reads it). */
export interface DteRecibido {
  Encabezado?: {
    IdDoc?: { TipoDTE?: unknown; Folio?: unknown; FchEmis?: unknown };
    Emisor?: { RUTEmisor?: unknown; RznSocEmisor?: unknown; RznSoc?: unknown };
    Receptor?: { RUTRecep?: unknown; RznSocRecep?: unknown };
    Totales?: { MntNeto?: unknown; IVA?: unknown; MntExe?: unknown; MntTotal?: unknown };
  };
  Detalle?: { NmbItem?: unknown; MontoItem?: unknown; IndExe?: unknown }[];
  Referencia?: { TpoDocRef?: unknown; FolioRef?: unknown; CodRef?: unknown }[];
}

/** OpenFactura's `message` for each code the checker answers with (its «Errores de emisión» table). */
const MENSAJE_OF: Record<CodigoFalla, string> = {
  'OF-02': 'Faltan campos obligatorios en el dte',
  'OF-05': 'Tipo DTE no soportado',
  'OF-08': 'Validación de Esquema',
  'OF-09': 'Validación de Relaciones',
  'OF-10': 'Validación de Campos',
};

const RUTA_DOCUMENTO = '/v2/dte/document';

/**
 * Why a body is not a document SII and OpenFactura would take: 400 with OpenFactura's error, the code
 * of the most basic problem found (a missing field before a schema error, before a reference, before
 * a value) and every problem in `details`, field by field. Null when there is none.
 */
function rechazoDeEsquema(dte: unknown): Respuesta | null {
  const fallas = validarDteSii(dte);
  if (fallas.length === 0) return null;
  const code = CODIGOS_FALLA.find((c) => fallas.some((f) => f.codigo === c))!;
  return {
    status: 400,
    cuerpo: { error: { message: MENSAJE_OF[code], code, details: fallas.map(({ field, issue }) => ({ field, issue })) } },
  };
}

const noEncontrada: Respuesta = { status: 404, cuerpo: { message: 'Not Found' } };
const noAutorizado: Respuesta = {
  status: 401,
  cuerpo: {
    statusCode: 401,
    message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
  },
};
const noEncontrado: Respuesta = { status: 404, cuerpo: { error: { message: 'Documento no encontrado', code: 'OF-20' } } };

/** 429 as OpenFactura's gateway says it, with how long to wait. */
const limiteExcedido = (retryAfterS: number): Respuesta => ({
  status: 429,
  cuerpo: { statusCode: 429, message: `Rate limit is exceeded. Try again in ${retryAfterS} seconds.` },
  cabeceras: { 'retry-after': String(retryAfterS) },
});

/** Status of a document, advancing it: 'Pendiente' for the first queries, then final (decided by the mode at that moment). */
function estadoDe(r: Registro, modo: ModoSimulador): Respuesta {
  r.consultas += 1;
  if (!r.estadoFinal && r.consultas > CONSULTAS_EN_PROCESO) {
    r.estadoFinal =
      modo.tipo === 'rechazo'
        ? { estado: 'rechazado', motivo: modo.motivo }
        : modo.tipo === 'reparos'
          ? { estado: 'reparos', motivo: modo.motivo }
          : { estado: 'aceptado', motivo: null };
  }
  const palabra = !r.estadoFinal
    ? 'Pendiente'
    : { aceptado: 'Aceptado', reparos: 'Aceptado con Reparo', rechazado: 'Rechazado' }[r.estadoFinal.estado];
  return { status: 200, cuerpo: { estado: palabra, token: r.token, ...(r.estadoFinal?.motivo ? { motivo: r.estadoFinal.motivo } : {}) } };
}

/** The answer to an issued document: its token and what the request asked for in `response`. */
function respuestaEmision(r: Registro, pide: unknown): Respuesta {
  const quiere = new Set(Array.isArray(pide) ? pide : []);
  return {
    status: 200,
    cuerpo: {
      TOKEN: r.token,
      ...(quiere.has('FOLIO') ? { FOLIO: r.folio } : {}),
      // OpenFactura's TIMBRE is a PNG of the barcode; the stand-in's is a stand-in of one.
      ...(quiere.has('TIMBRE') ? { TIMBRE: Buffer.from(`PNG simulado del timbre ${r.tipo} ${r.folio}`).toString('base64') } : {}),
      ...(quiere.has('XML') ? { XML: xmlDe(r) } : {}),
      ...(quiere.has('RESOLUCION') ? { RESOLUCION: { fecha: '2026-01-02', numero: 0 } } : {}),
      ...(quiere.has('PDF') ? { PDF: Buffer.from(`%PDF-1.4 simulado ${r.tipo} ${r.folio}`).toString('base64') } : {}),
    },
  };
}

export async function crearSimuladorDte(opciones: OpcionesSimulador = {}): Promise<SimuladorDte> {
  const { port = 0, host = '127.0.0.1', apiKey = API_KEY_SIMULADOR, recuerdaClaveMs = RECUERDA_CLAVE_MS } = opciones;
  let modo: ModoSimulador = { tipo: 'normal' };
  const emitidos = crearRegistro(crearTimbrador());
  const esperas = new Set<NodeJS.Timeout>();

  const esperar = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        esperas.delete(t);
        resolve();
      }, ms);
      esperas.add(t);
    });

  /** The tests' and the developer's handles: set the mode, list what was issued. */
  function atenderControl(req: http.IncomingMessage, ruta: string, texto: string): Respuesta {
    if (ruta === '/__simulador/modo' && req.method === 'POST') {
      const nuevo = leerModo(texto);
      if (!nuevo) return { status: 400, cuerpo: { message: 'Modo no válido' } };
      modo = nuevo;
      return { status: 200, cuerpo: { modo } };
    }
    if (ruta === '/__simulador/emitidos' && req.method === 'GET') {
      return { status: 200, cuerpo: emitidos.registros.map(({ dte: _dte, ...r }) => r) };
    }
    return noEncontrada;
  }

  /** GET …/{token}/{status|xml} or …/{rut}/{tipo}/{folio}/{status|xml}. */
  function atenderConsulta(ruta: string): Respuesta {
    const partes = ruta.slice(RUTA_DOCUMENTO.length + 1).split('/');
    const valor = partes.at(-1);
    const r = emitidos.buscar(partes);
    if (!r) return noEncontrado;
    if (valor === 'status') return estadoDe(r, modo);
    if (valor === 'xml') return { status: 200, cuerpo: { xml: xmlDe(r), token: r.token } };
    return noEncontrado;
  }

  /** POST /v2/dte/document: a document checked, refused or issued, with OpenFactura's Idempotency-Key rules. */
  function atenderEmision(req: http.IncomingMessage, texto: string): Respuesta | 'perder' {
    let cuerpo: { response?: unknown; dte?: DteRecibido };
    try {
      cuerpo = JSON.parse(texto) as typeof cuerpo;
    } catch {
      return { status: 400, cuerpo: { error: { message: 'Datos de entrada incorrectos', code: 'OF-20' } } };
    }
    const clave = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : '';
    const previo = clave ? emitidos.deClave(clave) : undefined;
    // OpenFactura: a key sent again within 24 hours is OF-06 with the token of the document it gave,
    // whatever the body says now (the first document stands; the client reads it back by token).
    if (previo && Date.now() - previo.desde < recuerdaClaveMs) {
      if (modo.tipo === 'perder_respuesta') return 'perder';
      return {
        status: 400,
        cuerpo: { error: { message: 'Este DTE ya fue emitido (Idempotency-Key)', code: 'OF-06', token: previo.registro.token } },
      };
    }

    const rechazo = rechazoDeEsquema(cuerpo.dte);
    if (rechazo) return rechazo;
    if (modo.tipo === 'rechazo') {
      return {
        status: 400,
        cuerpo: { error: { message: 'Validación de Campos', code: 'OF-10', details: [{ field: 'dte', issue: modo.motivo }] } },
      };
    }
    if (emitidos.sinFolios(cuerpo.dte!)) return { status: 400, cuerpo: { error: { message: 'Validación de Folios', code: 'OF-07' } } };

    const registro = emitidos.emitir(clave, cuerpo.dte!);
    const respuesta = respuestaEmision(registro, cuerpo.response);
    if (clave) emitidos.recordarClave(clave, registro);
    // The document is stored and its folio spent; only the answer is lost on the way back.
    return modo.tipo === 'perder_respuesta' ? 'perder' : respuesta;
  }

  async function atender(req: http.IncomingMessage, texto: string): Promise<Respuesta | 'perder'> {
    const ruta = new URL(req.url ?? '/', 'http://simulador').pathname;
    if (ruta.startsWith('/__simulador/')) return atenderControl(req, ruta, texto);
    if (!ruta.startsWith(RUTA_DOCUMENTO)) return noEncontrada;
    if (modo.tipo === 'caido') return { status: 503, cuerpo: { message: 'Service Unavailable' } };
    if (req.headers.apikey !== apiKey) return noAutorizado;
    if (modo.tipo === 'limite') return limiteExcedido(modo.retryAfterS);
    if (modo.tipo === 'lento') await esperar(modo.ms);
    if (req.method === 'GET') return atenderConsulta(ruta);
    if (req.method !== 'POST' || ruta !== RUTA_DOCUMENTO) return noEncontrada;
    return atenderEmision(req, texto);
  }

  const servidor = await servir(atender, port, host);

  return {
    url: servidor.url,
    fijarModo(nuevo) {
      modo = nuevo;
    },
    emitidos: () => emitidos.registros,
    cerrar: () => {
      for (const t of esperas) clearTimeout(t);
      esperas.clear();
      return servidor.cerrar();
    },
  };
}

/** A mode sent over HTTP (POST /__simulador/modo), or null when it is not one. */
export function leerModo(texto: string): ModoSimulador | null {
  let m: unknown;
  try {
    m = JSON.parse(texto);
  } catch {
    return null;
  }
  if (!m || typeof m !== 'object') return null;
  const o = m as Record<string, unknown>;
  const entero = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
  const texto1 = (v: unknown) => typeof v === 'string' && v.trim().length > 0;
  switch (o.tipo) {
    case 'normal':
    case 'caido':
    case 'perder_respuesta':
      return { tipo: o.tipo };
    case 'lento':
      return entero(o.ms) ? { tipo: 'lento', ms: o.ms as number } : null;
    case 'limite':
      return entero(o.retryAfterS) ? { tipo: 'limite', retryAfterS: o.retryAfterS as number } : null;
    case 'rechazo':
    case 'reparos':
      return texto1(o.motivo) ? { tipo: o.tipo, motivo: o.motivo as string } : null;
    default:
      return null;
  }
}
