// The seam between our outbox and an SII-authorised provider of electronic boletas (issue 23,
// docs/boleta.md «El proveedor»). The outbox's worker knows only this interface; openfactura.ts
// speaks one real provider's REST API and simulador.ts is the local stand-in with the same HTTP
// contract. Amounts are whole pesos; quantities of kg products are grams, as everywhere else.

export interface EmisorDte {
  rut: string;
  razon_social: string;
  giro: string;
  direccion: string;
  comuna: string;
  /** SII's code of the branch (CdgSIISucur); null for a shop without branches. */
  codigo_sucursal: string | null;
  /**
   * The issuer's economic activity code (Acteco, 1..999999). Boletas do not carry it; a nota de
   * crédito (61) follows SII's general DTE format, where it is required (DTE_v10.xsd, Emisor/Acteco,
   * minOccurs 1) and OpenFactura refuses the document without it: the worker holds a 61 until the
   * shop has one (docs/boleta.md «Acteco»). Null or absent: a 61 cannot be built.
   */
  acteco?: number | null;
}

export interface LineaDte {
  nombre: string;
  /** Units, or GRAMS when unidad is 'kg'. 0 (nothing left of it) goes without QtyItem and PrcItem. */
  cantidad: number;
  unidad: 'unidad' | 'kg';
  /** Gross pesos (IVA included): per unit, or per kilo for 'kg'. A $0 line goes without PrcItem (SII's is above 0). */
  precio_unitario: number;
  /** Gross pesos of the line, what the customer paid for it (a discount is precio × cantidad − monto). */
  monto: number;
  exento: boolean;
}

export interface ReferenciaDte {
  /** The boleta being credited. */
  tipo: 39 | 41;
  folio: number;
  /** YYYY-MM-DD, the referenced boleta's date. */
  fecha: string;
  /**
   * SII's CodRef: 1 voids the boleta (a void that credits all it charged), 3 corrects its amounts (a
   * return, and a void after returns, which credits only what was left).
   */
  codigo: 1 | 3;
  /** Why (RazonRef, up to 90 characters). */
  razon: string;
}

export interface DocumentoDte {
  tipo: 39 | 41 | 61;
  /** YYYY-MM-DD in Chile's time zone. */
  fecha: string;
  emisor: EmisorDte;
  lineas: LineaDte[];
  /** Required for a nota de crédito (61); absent for a boleta. */
  referencia?: ReferenciaDte;
}

export type EstadoProveedor = 'en_proceso' | 'aceptado' | 'reparos' | 'rechazado';

export interface Emitido {
  folio: number;
  /** The TED XML (`<TED version="1.0">…</TED>`), what the PDF417 on the receipt encodes. */
  ted: string;
  /** The provider's PDF, as it gives it (base64 for OpenFactura), or null when not asked for. */
  pdf: string | null;
  /** The provider's id of the document, to query its status; null if it has none. */
  token: string | null;
  estado: EstadoProveedor;
  /** A rejection's or repair's reason, or a provider warning; null when there is nothing to say. */
  motivo: string | null;
  /** The SII resolution the receipt prints («Res. {numero} de {año}»), when the provider tells it. */
  resolucion: { numero: number; fecha: string } | null;
}

export interface EstadoDte {
  estado: EstadoProveedor;
  motivo: string | null;
}

/**
 * What went wrong, sorted by what the worker should do:
 * - 'temporal': try again later (down, timeout, network, a 5xx, an answer we could not read);
 * - 'limite': the provider asked us to slow down (429): wait `reintentarEnMs`, then try again;
 * - 'rechazo': the document was refused; the same document will be refused again, the owner must act;
 * - 'credenciales': the api key was refused; nothing works until the owner fixes it.
 * `message` is the Spanish text for the owner. It NEVER contains the api key: every text that comes
 * from the provider is scrubbed of it before it gets here, and no `cause` is attached.
 */
export class ErrorProveedor extends Error {
  constructor(
    public readonly clase: 'temporal' | 'limite' | 'rechazo' | 'credenciales',
    mensajeEs: string,
    public readonly reintentarEnMs: number | null,
    /** The provider's code or HTTP status ('OF-10', 'HTTP 503'), for the logs; null when there was no answer. */
    public readonly codigo: string | null = null,
  ) {
    super(mensajeEs);
    this.name = 'ErrorProveedor';
  }
}

export interface OpcionesEmitir {
  /** The same key for every attempt of one document (the sale's or the return's id): the provider emits it once. */
  claveIdempotencia: string;
  apiKey: string;
  signal?: AbortSignal;
}

export interface RefConsulta {
  tipo: 39 | 41 | 61;
  folio: number;
  rut_emisor: string;
  token: string | null;
}

export interface ProveedorDte {
  emitir(doc: DocumentoDte, opts: OpcionesEmitir): Promise<Emitido>;
  consultar(ref: RefConsulta, opts: { apiKey: string; signal?: AbortSignal }): Promise<EstadoDte>;
}

/** The generic receiver SII allows on a boleta to a customer who gives no RUT. */
export const RUT_RECEPTOR_GENERICO = '66666666-6';
