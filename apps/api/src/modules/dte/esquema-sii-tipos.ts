// SiiTypes_v10.xsd's simple types (and the XSDs' own restrictions), as checks on an element's text,
// and the shape of a schema's sequence of elements (esquema-sii.ts walks it; esquema-sii-documentos.ts
// writes the boleta's and the nota de crédito's).
import { esTextoLatin1 } from '@minimarket/contracts/dte';
import { computeRutDv } from '@minimarket/contracts/rut';

/** A simple type's check on the element's text: null when it is fine, else why not. */
export type Tipo = (valor: unknown) => string | null;

export interface Elemento {
  n: string;
  /** minOccurs ≥ 1. */
  req?: boolean;
  /** maxOccurs (1 when absent). */
  rep?: number;
  /** A simple type; or `hijos`, a sequence. Neither: allowed here, not checked (we never send it). */
  t?: Tipo;
  hijos?: Elemento[];
}

// ─── Simple types ────────────────────────────────────────────────────────────────────────────────

/** The element's text as the XML will carry it: a JSON number or string (OpenFactura takes either). */
export const lexico = (v: unknown): string | null =>
  typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v : null;

/** xs:string with maxLength (and minLength), in ISO-8859-1: both schemas are `encoding="ISO-8859-1"`. */
export const cadena =
  (max: number, min = 0): Tipo =>
  (v) => {
    const s = lexico(v);
    if (s === null) return 'Debe ser texto';
    if (!esTextoLatin1(s)) return 'Tiene caracteres fuera de ISO-8859-1 (la codificación del esquema del SII)';
    if (s.length > max) return `Largo máximo ${max} : ${s.length}`;
    if (s.length < min) return `Largo mínimo ${min} : ${s.length}`;
    return null;
  };

/** xs:integer family: nonNegativeInteger (min 0), positiveInteger (min 1), totalDigits, enumerations. */
export const entero =
  ({ min = 0, max, digitos = 18, valores }: { min?: number; max?: number; digitos?: number; valores?: number[] }): Tipo =>
  (v) => {
    const s = lexico(v);
    if (s === null || !/^-?\d+$/.test(s)) return `Debe ser un número entero : ${String(v)}`;
    const n = Number(s);
    if (s.replace('-', '').replace(/^0+(?=\d)/, '').length > digitos) return `A lo más ${digitos} dígitos : ${s}`;
    if (valores && !valores.includes(n)) return `Valor no permitido (${valores.join(', ')}) : ${s}`;
    if (n < min) return `Debe ser mayor o igual a ${min} : ${s}`;
    if (max !== undefined && n > max) return `Debe ser menor o igual a ${max} : ${s}`;
    return null;
  };

/** SiiTypes MontoType / EnvioBOLETA MontoType: nonNegativeInteger, totalDigits 18. */
export const MONTO = entero({ min: 0 });
/** ValorType: integer (may be negative), totalDigits 18. */
export const VALOR = entero({ min: -Number.MAX_SAFE_INTEGER });
/** MntImpType (DTE_v10 DescuentoMonto, RecargoMonto): positiveInteger, totalDigits 18. */
export const MONTO_POSITIVO = entero({ min: 1 });

/**
 * Dec12_6Type (DTE_v10) / Dec5Type (EnvioBOLETA_v11), QtyItem and PrcItem: xs:decimal, fractionDigits
 * 6, minInclusive 0.000001, maxInclusive 999999999999.999999. So a price or a quantity of 0 is invalid:
 * a $0 line leaves both out.
 */
export const DEC_12_6: Tipo = (v) => {
  const s = lexico(v);
  if (s === null || !/^\d+(\.\d+)?$/.test(s)) return `Debe ser un número decimal positivo : ${String(v)}`;
  const [ent, dec = ''] = s.split('.');
  if (dec.length > 6) return `A lo más 6 decimales : ${s}`;
  if (ent!.replace(/^0+(?=\d)/, '').length > 12) return `A lo más 12 enteros : ${s}`;
  if (Number(s) < 0.000001) return `Debe ser mayor que 0 : ${s}`;
  return null;
};

/** PctType: xs:decimal, 3 integers and 2 decimals, 0.01 to 999.99 (DTE_v10 TasaIVA). */
export const PCT: Tipo = (v) => {
  const s = lexico(v);
  if (s === null || !/^\d{1,3}(\.\d{1,2})?$/.test(s) || Number(s) < 0.01) return `Porcentaje no válido : ${String(v)}`;
  return null;
};

/**
 * RUTType: xs:string 3..10, pattern `[0-9]+-([0-9]|K)` (no dots, upper-case K). The check digit is
 * the format documents' («con guión y dígito verificador»), not the XSD's.
 */
export const RUT: Tipo = (v) => {
  const s = lexico(v);
  if (s === null || s.length < 3 || s.length > 10 || !/^[0-9]+-([0-9]|K)$/.test(s)) return `RUT no válido (99999999-X) : ${String(v)}`;
  const [cuerpo, dv] = s.split('-');
  if (computeRutDv(Number(cuerpo)) !== dv) return `Dígito verificador no válido : ${s}`;
  return null;
};

/** xs:date as AAAA-MM-DD, a real day, within the type's range (FechaType: 2000-01-01 to 2050-12-31). */
export const fecha =
  (desde = '2000-01-01', hasta = '2050-12-31'): Tipo =>
  (v) => {
    const s = lexico(v);
    const m = s === null ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
    if (!m) return `Fecha no válida (AAAA-MM-DD) : ${String(v)}`;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    if (d.toISOString().slice(0, 10) !== s) return `Fecha no válida : ${s}`;
    if (s! < desde || s! > hasta) return `Fecha fuera del rango ${desde} a ${hasta} : ${s}`;
    return null;
  };

export const enumeracion =
  (...valores: string[]): Tipo =>
  (v) => {
    const s = lexico(v);
    return s !== null && valores.includes(s) ? null : `Valor no permitido (${valores.join(', ')}) : ${String(v)}`;
  };
