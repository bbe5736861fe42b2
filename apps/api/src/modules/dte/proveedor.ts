// PLACEHOLDER of the provider interface (issue 23): the provider layer (openfactura.ts, simulador.ts)
// lands with its own version of this file, which replaces this one.
export interface EmisorDte {
  rut: string;
  razon_social: string;
  giro: string;
  direccion: string;
  comuna: string;
  codigo_sucursal: string | null;
}
export interface LineaDte {
  nombre: string;
  cantidad: number;
  unidad: 'unidad' | 'kg';
  precio_unitario: number;
  monto: number;
  exento: boolean;
}
export interface DocumentoDte {
  tipo: 39 | 41 | 61;
  fecha: string;
  emisor: EmisorDte;
  lineas: LineaDte[];
  referencia?: { tipo: 39 | 41; folio: number; fecha: string; codigo: 1 | 3; razon: string };
}
export interface Emitido {
  folio: number;
  ted: string;
  pdf: string | null;
  token: string | null;
  estado: 'en_proceso' | 'aceptado' | 'reparos' | 'rechazado';
  motivo: string | null;
}
export interface EstadoDte {
  estado: 'en_proceso' | 'aceptado' | 'reparos' | 'rechazado';
  motivo: string | null;
}
export class ErrorProveedor extends Error {
  constructor(
    public readonly clase: 'temporal' | 'limite' | 'rechazo' | 'credenciales',
    mensajeEs: string,
    public readonly reintentarEnMs: number | null,
  ) {
    super(mensajeEs);
  }
}
export interface ProveedorDte {
  emitir(doc: DocumentoDte, opts: { claveIdempotencia: string; apiKey: string; signal?: AbortSignal }): Promise<Emitido>;
  consultar(
    ref: { tipo: 39 | 41 | 61; folio: number; rut_emisor: string; token: string | null },
    opts: { apiKey: string; signal?: AbortSignal },
  ): Promise<EstadoDte>;
}
