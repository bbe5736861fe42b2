// OpenFactura's (Haulmer) REST API as a ProveedorDte (docs/boleta.md «El proveedor», with the
// sources). One request per call, no retries here: the outbox's worker owns retries and backoff,
// and it needs each failure sorted (ErrorProveedor.clase) to decide. The api key travels only in
// the `apikey` header; every text that comes back is scrubbed of it before it reaches an error.
import {
  MENSAJE_DTE_CONFLICTO_IDEMPOTENCIA,
  MENSAJE_DTE_CREDENCIALES,
  MENSAJE_DTE_LIMITE,
  MENSAJE_DTE_RESPUESTA_INVALIDA,
  MENSAJE_DTE_TEMPORAL,
  MENSAJE_DTE_TIEMPO_AGOTADO,
  mensajeDteRechazado,
  montosDte,
  TASA_IVA_PORCENTAJE,
  textoLatin1,
} from '@minimarket/contracts/dte';
import { montoPorPeso } from '@minimarket/contracts/granel';
import {
  ErrorProveedor,
  RUT_RECEPTOR_GENERICO,
  type DocumentoDte,
  type Emitido,
  type EstadoDte,
  type EstadoProveedor,
  type LineaDte,
  type ProveedorDte,
} from './proveedor.js';

/** When a 429 names no wait: OpenFactura allows 3 requests a second and 100 a minute. */
export const ESPERA_LIMITE_POR_DEFECTO_MS = 10_000;
/** OF-23 is a temporary block of boletas on the provider's side (folios being corrected, a pending SII matter). */
export const ESPERA_BLOQUEO_BOLETAS_MS = 15 * 60_000;
/** Longest provider text we carry into a message. */
const MAX_TEXTO_PROVEEDOR = 300;

// SII's field lengths (EnvioBOLETA_v11.xsd and DTE_v10.xsd): longer text is cut, not refused.
const LARGO = { nombreItem: 80, razonSocial: 100, giro: 80, direccion: 70, comuna: 20, razonRef: 90 } as const;

/** A text field as it leaves: in ISO-8859-1 (textoLatin1: the document's encoding), then cut to SII's length. */
const texto = (s: string, largo: number) => textoLatin1(s).slice(0, largo).trimEnd();

/**
 * OpenFactura's error codes (its «Errores de emisión» table), in the owner's words. The ones that
 * are the provider's own trouble (a database, a temporary block) are retried, not shown as a refusal.
 */
const MOTIVO_OF: Record<string, string> = {
  'OF-01': 'faltan datos obligatorios',
  'OF-02': 'faltan campos obligatorios en el documento',
  'OF-03': 'la cuenta no tiene permiso para emitir este documento',
  'OF-04': 'la firma electrónica de la empresa no es válida o está vencida',
  'OF-05': 'el tipo de documento no está habilitado para la empresa',
  'OF-07': 'no hay folios disponibles; revisa si la empresa tiene situaciones pendientes con el SII',
  'OF-08': 'el documento no cumple el formato del SII',
  'OF-09': 'la referencia a otro documento no es válida',
  'OF-10': 'hay campos con valores no válidos',
  'OF-11': 'no se pudo generar el PDF',
  'OF-12': 'no se pudo generar el XML del documento',
  'OF-20': 'los datos enviados no son correctos',
};
const OF_TEMPORALES = new Set(['OF-13', 'OF-21', 'OF-22']);
const OF_IDEMPOTENCIA = 'OF-06';
const OF_BLOQUEO_BOLETAS = 'OF-23';

/** OpenFactura's status words (GET …/status) → ours. */
const ESTADO_OF: Record<string, EstadoProveedor> = {
  pendiente: 'en_proceso',
  aceptado: 'aceptado',
  'aceptado con reparo': 'reparos',
  'aceptado con reparos': 'reparos',
  rechazado: 'rechazado',
};

export interface OpcionesOpenFactura {
  /** https://api.haulmer.com in production, https://dev-api.haulmer.com for tests, or the stand-in's url. */
  baseUrl: string;
  /** Per request, body included. */
  timeoutMs: number;
}

/** Quantities leave integers only here: grams become kilos with up to 3 decimals (SII allows 6). */
export function cantidadSii(linea: Pick<LineaDte, 'cantidad' | 'unidad'>): number {
  if (linea.unidad === 'unidad') return linea.cantidad;
  const kilos = Math.trunc(linea.cantidad / 1000);
  return Number(`${kilos}.${String(linea.cantidad - kilos * 1000).padStart(3, '0')}`);
}

/** What precio × cantidad comes to before any discount: the line's list amount, to the peso (kg lines as the sale rounds them). */
const montoDeLista = (l: LineaDte) => (l.unidad === 'kg' ? montoPorPeso(l.precio_unitario, l.cantidad) : l.precio_unitario * l.cantidad);

/**
 * The lines, each element in the schemas' order (EnvioBOLETA_v11.xsd and DTE_v10.xsd's Detalle:
 * NroLinDet, IndExe, NmbItem, QtyItem, UnmdItem, PrcItem, DescuentoMonto, RecargoMonto, MontoItem).
 * A line with no price or no quantity (a $0 gift, what is left of a kg line) goes without QtyItem,
 * UnmdItem and PrcItem: both are Dec12_6Type, above 0 (minInclusive 0.000001); MontoItem stays.
 */
function detalle(lineas: readonly LineaDte[]) {
  return lineas.map((l, i) => {
    const conPrecio = l.precio_unitario > 0 && l.cantidad > 0;
    const lista = conPrecio ? montoDeLista(l) : l.monto;
    return {
      NroLinDet: i + 1,
      ...(l.exento ? { IndExe: 1 } : {}),
      NmbItem: texto(l.nombre, LARGO.nombreItem),
      ...(conPrecio ? { QtyItem: cantidadSii(l), ...(l.unidad === 'kg' ? { UnmdItem: 'KG' } : {}), PrcItem: l.precio_unitario } : {}),
      // SII: MontoItem = PrcItem × QtyItem − DescuentoMonto + RecargoMonto, all gross on a boleta.
      ...(lista > l.monto ? { DescuentoMonto: lista - l.monto } : {}),
      ...(lista < l.monto ? { RecargoMonto: l.monto - lista } : {}),
      MontoItem: l.monto,
    };
  });
}

/**
 * The JSON body of POST /v2/dte/document for one of our documents, every element in the order of
 * SII's schema (OpenFactura builds the XML in it) and every text in ISO-8859-1 (textoLatin1). A
 * boleta (39/41) follows SII's boleta format (RznSocEmisor, GiroEmisor, IndServicio 3, generic
 * receiver; EnvioBOLETA_v11.xsd); a nota de crédito (61) the general DTE format (RznSoc, GiroEmis,
 * the required Acteco; DTE_v10.xsd) with MntBruto 1, because our lines are gross, a receiver without
 * address (optional in a 61) and a Referencia to the boleta it credits. esquema-sii.ts checks them.
 */
export function cuerpoOpenFactura(doc: DocumentoDte) {
  const { neto, iva, exento, total } = montosDte(doc.lineas);
  const e = doc.emisor;
  const sucursal = e.codigo_sucursal ? { CdgSIISucur: e.codigo_sucursal } : {};
  const origen = { DirOrigen: texto(e.direccion, LARGO.direccion), CmnaOrigen: texto(e.comuna, LARGO.comuna) };
  const afectos = neto > 0 || iva > 0;
  // The issue's contract asks for FOLIO, TIMBRE and PDF. TIMBRE is a PNG of the PDF417, not the TED
  // text the receipt draws, so XML comes too (the TED is read from it) and RESOLUCION for the receipt.
  const response = ['FOLIO', 'TIMBRE', 'PDF', '80MM', 'XML', 'RESOLUCION'];

  if (doc.tipo === 61) {
    if (!doc.referencia) throw new RangeError('Una nota de crédito necesita la referencia a su boleta.');
    if (!e.acteco) throw new RangeError('Una nota de crédito necesita el Acteco del emisor.');
    const r = doc.referencia;
    return {
      response,
      dte: {
        Encabezado: {
          IdDoc: { TipoDTE: 61, Folio: 0, FchEmis: doc.fecha, MntBruto: 1 },
          Emisor: {
            RUTEmisor: e.rut,
            RznSoc: texto(e.razon_social, LARGO.razonSocial),
            GiroEmis: texto(e.giro, LARGO.giro),
            Acteco: e.acteco,
            ...sucursal,
            ...origen,
          },
          // RznSocRecep is required in a 61 (DTE_v10.xsd); the address is not, and a walk-in customer has none.
          Receptor: { RUTRecep: RUT_RECEPTOR_GENERICO, RznSocRecep: 'Consumidor final', GiroRecep: 'Particular' },
          Totales: {
            ...(afectos ? { MntNeto: neto } : {}),
            ...(exento > 0 ? { MntExe: exento } : {}),
            ...(afectos ? { TasaIVA: String(TASA_IVA_PORCENTAJE), IVA: iva } : {}),
            MntTotal: total,
          },
        },
        Detalle: detalle(doc.lineas),
        Referencia: [
          {
            NroLinRef: 1,
            TpoDocRef: String(r.tipo),
            FolioRef: String(r.folio),
            FchRef: r.fecha,
            CodRef: String(r.codigo),
            RazonRef: texto(r.razon, LARGO.razonRef),
          },
        ],
      },
    };
  }

  return {
    response,
    dte: {
      Encabezado: {
        IdDoc: { TipoDTE: doc.tipo, Folio: 0, FchEmis: doc.fecha, IndServicio: 3 },
        Emisor: {
          RUTEmisor: e.rut,
          RznSocEmisor: texto(e.razon_social, LARGO.razonSocial),
          GiroEmisor: texto(e.giro, LARGO.giro),
          ...sucursal,
          ...origen,
        },
        Receptor: { RUTRecep: RUT_RECEPTOR_GENERICO },
        Totales: {
          ...(doc.tipo === 39 && afectos ? { MntNeto: neto } : {}),
          ...(exento > 0 ? { MntExe: exento } : {}),
          ...(doc.tipo === 39 && afectos ? { IVA: iva } : {}),
          MntTotal: total,
          TotalPeriodo: total,
          VlrPagar: total,
        },
      },
      Detalle: detalle(doc.lineas),
    },
  };
}

/** The `<TED …>…</TED>` element inside a DTE's XML, or null. */
export function extraerTed(xml: string): string | null {
  const m = /<TED\b[\s\S]*?<\/TED>/.exec(xml);
  return m ? m[0] : null;
}

const extraerFolio = (xml: string): number | null => {
  const m = /<Folio>\s*(\d+)\s*<\/Folio>/.exec(xml);
  return m ? Number(m[1]) : null;
};

/** A key a header can carry: visible ASCII. Anything else (empty, a pasted line break) is the owner's to fix, not a network failure. */
const CLAVE_ENVIABLE = /^[\x21-\x7e]+$/;
const revisarClave = (apiKey: string) => {
  if (!CLAVE_ENVIABLE.test(apiKey)) throw new ErrorProveedor('credenciales', MENSAJE_DTE_CREDENCIALES, null);
};

/** OpenFactura's XML is ISO-8859-1, in base64. */
const xmlDesdeBase64 = (b64: string) => Buffer.from(b64, 'base64').toString('latin1');

export function createOpenFactura({ baseUrl, timeoutMs }: OpcionesOpenFactura): ProveedorDte {
  const raiz = `${baseUrl.replace(/\/$/, '')}/v2/dte/document`;

  /** One request; any failure to get an answer is an ErrorProveedor 'temporal'. */
  async function pedir(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<{ res: Response; cuerpo: unknown }> {
    const limite = AbortSignal.timeout(timeoutMs);
    try {
      const res = await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, limite]) : limite });
      const texto = await res.text();
      let cuerpo: unknown = null;
      try {
        cuerpo = texto ? JSON.parse(texto) : null;
      } catch {
        cuerpo = texto;
      }
      return { res, cuerpo };
    } catch {
      // No cause attached: a network error may carry the request, and the request carries the key.
      throw limite.aborted
        ? new ErrorProveedor('temporal', MENSAJE_DTE_TIEMPO_AGOTADO, null)
        : new ErrorProveedor('temporal', MENSAJE_DTE_TEMPORAL, null);
    }
  }

  /** A document the provider already holds, read back by its token (the answer to OF-06, a repeated key). */
  async function recuperar(token: string, apiKey: string, signal: AbortSignal | undefined): Promise<Emitido> {
    const { res, cuerpo } = await pedir(`${raiz}/${encodeURIComponent(token)}/xml`, { headers: { apikey: apiKey } }, signal);
    if (!res.ok) throw errorDeRespuesta(res, cuerpo, apiKey);
    const b64 = (cuerpo as { xml?: unknown } | null)?.xml;
    const xml = typeof b64 === 'string' ? xmlDesdeBase64(b64) : '';
    const folio = extraerFolio(xml);
    const ted = extraerTed(xml);
    if (folio === null || ted === null) throw new ErrorProveedor('temporal', MENSAJE_DTE_RESPUESTA_INVALIDA, null, `HTTP ${res.status}`);
    return { folio, ted, pdf: null, token, estado: 'en_proceso', motivo: null, resolucion: null };
  }

  return {
    async emitir(doc, { claveIdempotencia, apiKey, signal }) {
      revisarClave(apiKey);
      const { res, cuerpo } = await pedir(
        raiz,
        {
          method: 'POST',
          headers: { apikey: apiKey, 'Idempotency-Key': claveIdempotencia, 'content-type': 'application/json' },
          body: JSON.stringify(cuerpoOpenFactura(doc)),
        },
        signal,
      );
      if (!res.ok) {
        const error = errorOpenFactura(cuerpo);
        if (error?.code === OF_IDEMPOTENCIA && typeof error.token === 'string') return recuperar(error.token, apiKey, signal);
        throw errorDeRespuesta(res, cuerpo, apiKey);
      }
      const r = (cuerpo ?? {}) as {
        TOKEN?: unknown;
        FOLIO?: unknown;
        XML?: unknown;
        PDF?: unknown;
        WARNING?: unknown;
        RESOLUCION?: { fecha?: unknown; numero?: unknown };
      };
      const xml = typeof r.XML === 'string' ? xmlDesdeBase64(r.XML) : '';
      const folio = typeof r.FOLIO === 'number' && Number.isSafeInteger(r.FOLIO) ? r.FOLIO : extraerFolio(xml);
      const ted = extraerTed(xml);
      const token = typeof r.TOKEN === 'string' ? r.TOKEN : null;
      // Accepted but unreadable: the provider holds it, so the retry with the same key reads it back (OF-06).
      if (folio === null || ted === null) throw new ErrorProveedor('temporal', MENSAJE_DTE_RESPUESTA_INVALIDA, null, `HTTP ${res.status}`);
      const resolucion =
        r.RESOLUCION && typeof r.RESOLUCION.numero === 'number' && typeof r.RESOLUCION.fecha === 'string'
          ? { numero: r.RESOLUCION.numero, fecha: r.RESOLUCION.fecha }
          : null;
      return {
        folio,
        ted,
        pdf: typeof r.PDF === 'string' ? r.PDF : null,
        token,
        estado: 'en_proceso',
        motivo: typeof r.WARNING === 'string' ? textoProveedor(r.WARNING, apiKey) : null,
        resolucion,
      };
    },

    async consultar(ref, { apiKey, signal }) {
      revisarClave(apiKey);
      const url = ref.token
        ? `${raiz}/${encodeURIComponent(ref.token)}/status`
        : `${raiz}/${encodeURIComponent(ref.rut_emisor)}/${ref.tipo}/${ref.folio}/status`;
      const { res, cuerpo } = await pedir(url, { headers: { apikey: apiKey } }, signal);
      // Not found yet: a document just emitted may take a moment to be queryable. Polling goes on
      // with the worker's backoff; a refused query is never read as a rejected document.
      if (res.status === 404) throw new ErrorProveedor('temporal', MENSAJE_DTE_TEMPORAL, null, 'HTTP 404');
      if (!res.ok) throw errorDeRespuesta(res, cuerpo, apiKey);
      const c = (cuerpo ?? {}) as { estado?: unknown; status?: unknown; motivo?: unknown };
      const palabra = typeof c.estado === 'string' ? c.estado : typeof c.status === 'string' ? c.status : '';
      const estado = ESTADO_OF[palabra.trim().toLowerCase()];
      if (!estado) throw new ErrorProveedor('temporal', MENSAJE_DTE_RESPUESTA_INVALIDA, null, `HTTP ${res.status}`);
      // OpenFactura documents only the word; a reason, when a provider sends one, is carried along.
      const motivo = typeof c.motivo === 'string' && c.motivo.trim() ? textoProveedor(c.motivo, apiKey) : null;
      return { estado, motivo } satisfies EstadoDte;
    },
  };
}

interface ErrorOF {
  message?: unknown;
  code?: unknown;
  token?: unknown;
  details?: unknown;
}

const errorOpenFactura = (cuerpo: unknown): ErrorOF | null =>
  cuerpo && typeof cuerpo === 'object' && 'error' in cuerpo && cuerpo.error && typeof cuerpo.error === 'object'
    ? (cuerpo.error as ErrorOF)
    : null;

/** Provider text made safe to show and store: without the key, on one line, not too long. */
export function textoProveedor(texto: string, apiKey: string): string {
  const limpio = (apiKey ? texto.split(apiKey).join('[clave oculta]') : texto).replace(/\s+/g, ' ').trim();
  return limpio.length > MAX_TEXTO_PROVEEDOR ? `${limpio.slice(0, MAX_TEXTO_PROVEEDOR - 1)}…` : limpio;
}

/** Milliseconds to wait from a 429: the Retry-After header (seconds or a date), `retry_after`, or «Try again in X seconds». */
function esperaPedida(res: Response, cuerpo: unknown): number | null {
  const cabecera = res.headers.get('retry-after');
  if (cabecera) {
    if (/^\d+$/.test(cabecera.trim())) return Number(cabecera.trim()) * 1000;
    const fecha = Date.parse(cabecera);
    if (!Number.isNaN(fecha)) return Math.max(0, fecha - Date.now());
  }
  if (cuerpo && typeof cuerpo === 'object') {
    const c = cuerpo as { retry_after?: unknown; message?: unknown; error?: { retry_after?: unknown } };
    const segundos = c.retry_after ?? c.error?.retry_after;
    if (typeof segundos === 'number' && segundos >= 0) return Math.round(segundos * 1000);
    if (typeof c.message === 'string') {
      const m = /try again in (\d+) seconds?/i.exec(c.message);
      if (m) return Number(m[1]) * 1000;
    }
  }
  return null;
}

/** An HTTP answer that is not a success, sorted and worded. */
function errorDeRespuesta(res: Response, cuerpo: unknown, apiKey: string): ErrorProveedor {
  const http = `HTTP ${res.status}`;
  if (res.status === 401 || res.status === 403) return new ErrorProveedor('credenciales', MENSAJE_DTE_CREDENCIALES, null, http);
  if (res.status === 429)
    return new ErrorProveedor('limite', MENSAJE_DTE_LIMITE, esperaPedida(res, cuerpo) ?? ESPERA_LIMITE_POR_DEFECTO_MS, http);
  // OpenFactura answers a repeated key with 400 OF-06 and the first document's token (read back in
  // emitir). Without a token, or a 409 (not in its contract; a gateway's or another version's), the
  // key is spent on a document whose folio we cannot read: never retried by itself.
  if (res.status === 409) return new ErrorProveedor('rechazo', MENSAJE_DTE_CONFLICTO_IDEMPOTENCIA, null, http);
  if (res.status === 408 || res.status >= 500) return new ErrorProveedor('temporal', MENSAJE_DTE_TEMPORAL, esperaPedida(res, cuerpo), http);

  const error = errorOpenFactura(cuerpo);
  const codigo = typeof error?.code === 'string' ? error.code : null;
  if (codigo && OF_TEMPORALES.has(codigo)) return new ErrorProveedor('temporal', MENSAJE_DTE_TEMPORAL, null, codigo);
  if (codigo === OF_IDEMPOTENCIA) return new ErrorProveedor('rechazo', MENSAJE_DTE_CONFLICTO_IDEMPOTENCIA, null, codigo);
  if (codigo === OF_BLOQUEO_BOLETAS) {
    return new ErrorProveedor(
      'temporal',
      'El proveedor bloqueó por un rato la emisión de boletas de la empresa (folios en corrección o un trámite pendiente con el SII). Se reintentará solo.',
      ESPERA_BLOQUEO_BOLETAS_MS,
      codigo,
    );
  }
  // A refusal: our words for its code, then the provider's own, quoted, field by field.
  const propio =
    typeof error?.message === 'string'
      ? error.message
      : cuerpo && typeof cuerpo === 'object' && 'message' in cuerpo
        ? String(cuerpo.message)
        : '';
  const detalles = Array.isArray(error?.details)
    ? error.details
        .map((d: { field?: unknown; issue?: unknown }) => [d?.field, d?.issue].filter((x) => typeof x === 'string' && x).join(': '))
        .filter(Boolean)
        .join('; ')
    : '';
  const citado = [propio, detalles].filter(Boolean).join(' — ');
  const base = (codigo && MOTIVO_OF[codigo]) || (citado ? '' : `respondió con el estado ${res.status}`);
  const motivo = [base, citado ? `«${textoProveedor(citado, apiKey)}»` : ''].filter(Boolean).join(' ');
  return new ErrorProveedor('rechazo', mensajeDteRechazado(motivo), null, codigo ?? http);
}
