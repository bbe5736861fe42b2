// SII's published schemas as rules over the JSON body OpenFactura takes (issue 32, docs/boleta.md
// «Lo que revisa el simulador»): OpenFactura's `dte` uses SII's element names, nesting and order, and
// turns it into the XML SII validates. A boleta (39/41) follows EnvioBOLETA_v11.xsd (BOLETADefType),
// a nota de crédito (61) DTE_v10.xsd (DTEDefType/Documento), with SiiTypes_v10.xsd's types; each
// rule below names the element and the schema it comes from. Rules that are not in the XSD but in
// SII's format documents («Formato Documentos Tributarios Electrónicos» v2.2, «Formato Boletas
// Electrónicas» v4.2) or in OpenFactura's documented contract say so. The XSD files themselves are
// not in the repository (they came through the search tools; docs/boleta.md «Fuentes»).
//
// The local stand-in answers with these (simulador.ts, as OpenFactura's errors: OF-02 a missing
// field, OF-05 a type it does not issue, OF-08 the schema, OF-09 the reference, OF-10 a value), and
// esquema-sii.test.ts runs every document we build through them.
import {
  esTextoLatin1,
  montosDte,
  superaTopeBoleta,
  TASA_IVA_PORCENTAJE,
  TOPE_BOLETA_PESOS,
  TOPE_BOLETA_UF,
} from '@minimarket/contracts/dte';
import { computeRutDv } from '@minimarket/contracts/rut';
import { RUT_RECEPTOR_GENERICO } from './proveedor.js';

/** OpenFactura's error codes this checker answers with, the most basic first (simulador.ts picks the first present). */
export const CODIGOS_FALLA = ['OF-05', 'OF-02', 'OF-08', 'OF-09', 'OF-10'] as const;
export type CodigoFalla = (typeof CODIGOS_FALLA)[number];

/** One problem, as OpenFactura's `details` carry it (`field`, `issue`), with the code it belongs to. */
export interface FallaSii {
  field: string;
  issue: string;
  codigo: CodigoFalla;
}

/** A simple type's check on the element's text: null when it is fine, else why not. */
type Tipo = (valor: unknown) => string | null;

interface Elemento {
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
const lexico = (v: unknown): string | null => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v : null);

/** xs:string with maxLength (and minLength), in ISO-8859-1: both schemas are `encoding="ISO-8859-1"`. */
const cadena =
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
const entero =
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
const MONTO = entero({ min: 0 });
/** ValorType: integer (may be negative), totalDigits 18. */
const VALOR = entero({ min: -Number.MAX_SAFE_INTEGER });
/** MntImpType (DTE_v10 DescuentoMonto, RecargoMonto): positiveInteger, totalDigits 18. */
const MONTO_POSITIVO = entero({ min: 1 });

/**
 * Dec12_6Type (DTE_v10) / Dec5Type (EnvioBOLETA_v11), QtyItem and PrcItem: xs:decimal, fractionDigits
 * 6, minInclusive 0.000001, maxInclusive 999999999999.999999. So a price or a quantity of 0 is invalid:
 * a $0 line leaves both out.
 */
const DEC_12_6: Tipo = (v) => {
  const s = lexico(v);
  if (s === null || !/^\d+(\.\d+)?$/.test(s)) return `Debe ser un número decimal positivo : ${String(v)}`;
  const [ent, dec = ''] = s.split('.');
  if (dec.length > 6) return `A lo más 6 decimales : ${s}`;
  if (ent!.replace(/^0+(?=\d)/, '').length > 12) return `A lo más 12 enteros : ${s}`;
  if (Number(s) < 0.000001) return `Debe ser mayor que 0 : ${s}`;
  return null;
};

/** PctType: xs:decimal, 3 integers and 2 decimals, 0.01 to 999.99 (DTE_v10 TasaIVA). */
const PCT: Tipo = (v) => {
  const s = lexico(v);
  if (s === null || !/^\d{1,3}(\.\d{1,2})?$/.test(s) || Number(s) < 0.01) return `Porcentaje no válido : ${String(v)}`;
  return null;
};

/**
 * RUTType: xs:string 3..10, pattern `[0-9]+-([0-9]|K)` (no dots, upper-case K). The check digit is
 * the format documents' («con guión y dígito verificador»), not the XSD's.
 */
const RUT: Tipo = (v) => {
  const s = lexico(v);
  if (s === null || s.length < 3 || s.length > 10 || !/^[0-9]+-([0-9]|K)$/.test(s)) return `RUT no válido (99999999-X) : ${String(v)}`;
  const [cuerpo, dv] = s.split('-');
  if (computeRutDv(Number(cuerpo)) !== dv) return `Dígito verificador no válido : ${s}`;
  return null;
};

/** xs:date as AAAA-MM-DD, a real day, within the type's range (FechaType: 2000-01-01 to 2050-12-31). */
const fecha =
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

const enumeracion =
  (...valores: string[]): Tipo =>
  (v) => {
    const s = lexico(v);
    return s !== null && valores.includes(s) ? null : `Valor no permitido (${valores.join(', ')}) : ${String(v)}`;
  };

/**
 * The receptor's addresses, last in its sequence in both schemas and alike in both (SiiTypes_v10's
 * DireccType, maxLength 70; ComunaType and CiudadType, 20).
 */
const DIRECCIONES_RECEPTOR: Elemento[] = [
  { n: 'DirRecep', t: cadena(70) },
  { n: 'CmnaRecep', t: cadena(20) },
  { n: 'CiudadRecep', t: cadena(20) },
  { n: 'DirPostal', t: cadena(70) },
  { n: 'CmnaPostal', t: cadena(20) },
  { n: 'CiudadPostal', t: cadena(20) },
];

// ─── EnvioBOLETA_v11.xsd, BOLETADefType/Documento ────────────────────────────────────────────────

const BOLETA_ID_DOC: Elemento[] = [
  // DTEType (EnvioBOLETA_v11): 39 Boleta Electronica, 41 Boleta Exenta Electronica.
  { n: 'TipoDTE', req: true, t: enumeracion('39', '41') },
  // FolioType is positiveInteger (10 digits); OpenFactura takes 0 and gives the folio (checked below).
  { n: 'Folio', req: true, t: entero({ min: 0, digitos: 10 }) },
  // xs:date; «Formato Boletas» v4.2: between 2002-08-01 and 2050-12-31.
  { n: 'FchEmis', req: true, t: fecha('2002-08-01') },
  // IndServicio, required: 1, 2, 3 (Boleta de Ventas y Servicio) or 4.
  { n: 'IndServicio', req: true, t: entero({ min: 1, valores: [1, 2, 3, 4] }) },
  { n: 'IndMntNeto', t: entero({ valores: [2] }) },
  { n: 'PeriodoDesde', t: fecha() },
  { n: 'PeriodoHasta', t: fecha() },
  { n: 'FchVenc', t: fecha() },
  // Not in EnvioBOLETA_v11.xsd: «Formato Boletas» v4.2 (Law 21.713) adds MedioPago after FchVenc,
  // 1 Efectivo, 2 Pago electrónico, 3 Transferencia, 4 Cheque, 5 Otro; OpenFactura takes it in IdDoc.
  { n: 'MedioPago', t: entero({ min: 1, valores: [1, 2, 3, 4, 5] }) },
];

const BOLETA_EMISOR: Elemento[] = [
  { n: 'RUTEmisor', req: true, t: RUT },
  { n: 'RznSocEmisor', t: cadena(100) },
  { n: 'GiroEmisor', t: cadena(80) },
  { n: 'CdgSIISucur', t: entero({ min: 1, digitos: 9 }) },
  { n: 'DirOrigen', t: cadena(70) },
  { n: 'CmnaOrigen', t: cadena(20) },
  { n: 'CiudadOrigen', t: cadena(20) },
];

const BOLETA_RECEPTOR: Elemento[] = [
  { n: 'RUTRecep', req: true, t: RUT },
  { n: 'CdgIntRecep', t: cadena(20) },
  // maxLength 100 (40 before «Formato Boletas» v4.2; the XSD says 100).
  { n: 'RznSocRecep', t: cadena(100) },
  { n: 'Contacto', t: cadena(80) },
  ...DIRECCIONES_RECEPTOR,
];

const BOLETA_TOTALES: Elemento[] = [
  { n: 'MntNeto', t: MONTO },
  { n: 'MntExe', t: MONTO },
  { n: 'IVA', t: MONTO },
  // MntTotal: MontoType, required (nonNegativeInteger: MntTotal ≥ 0).
  { n: 'MntTotal', req: true, t: MONTO },
  { n: 'MontoNF', t: VALOR },
  { n: 'TotalPeriodo', t: VALOR },
  { n: 'SaldoAnterior', t: VALOR },
  { n: 'VlrPagar', t: VALOR },
];

const BOLETA_DETALLE: Elemento[] = [
  // NroLinDet: positiveInteger 1..1000.
  { n: 'NroLinDet', req: true, t: entero({ min: 1, max: 1000 }) },
  { n: 'CdgItem', rep: 5 },
  // IndExe: 1 exento o no afecto, 2 no facturable, 6.
  { n: 'IndExe', t: entero({ min: 1, valores: [1, 2, 6] }) },
  { n: 'ItemEspectaculo' },
  { n: 'RUTMandante', t: RUT },
  // NmbItem: required, maxLength 80.
  { n: 'NmbItem', req: true, t: cadena(80) },
  { n: 'InfoTicket' },
  { n: 'DscItem', t: cadena(1000) },
  // QtyItem, PrcItem: Dec5Type, minInclusive 0.000001.
  { n: 'QtyItem', t: DEC_12_6 },
  { n: 'UnmdItem', t: cadena(4) },
  { n: 'PrcItem', t: DEC_12_6 },
  { n: 'DescuentoPct' },
  // DescuentoMonto, RecargoMonto: nonNegativeInteger here (positiveInteger in DTE_v10).
  { n: 'DescuentoMonto', t: MONTO },
  { n: 'RecargoPct' },
  { n: 'RecargoMonto', t: MONTO },
  { n: 'MontoItem', req: true, t: MONTO },
];

const BOLETA: Elemento[] = [
  {
    n: 'Encabezado',
    req: true,
    hijos: [
      { n: 'IdDoc', req: true, hijos: BOLETA_ID_DOC },
      { n: 'Emisor', req: true, hijos: BOLETA_EMISOR },
      { n: 'Receptor', req: true, hijos: BOLETA_RECEPTOR },
      { n: 'RUTProvSW', t: RUT },
      { n: 'Totales', req: true, hijos: BOLETA_TOTALES },
    ],
  },
  // Detalle: minOccurs 0 in the XSD, maxOccurs 1000; OpenFactura requires it (its «dte» table).
  { n: 'Detalle', req: true, rep: 1000, hijos: BOLETA_DETALLE },
  { n: 'SubTotInfo', rep: 20 },
  { n: 'DscRcgGlobal', rep: 20 },
  { n: 'Referencia', rep: 40 },
  { n: 'GeoRefEmision' },
];

// ─── DTE_v10.xsd, DTEDefType/Documento (the 61) ──────────────────────────────────────────────────

const libres = (...nombres: string[]): Elemento[] => nombres.map((n) => ({ n }));

const DTE_ID_DOC: Elemento[] = [
  // DTEType (SiiTypes_v10): 33, 34, 46, 52, 56, 61; of those we issue only the 61.
  { n: 'TipoDTE', req: true, t: enumeracion('61') },
  { n: 'Folio', req: true, t: entero({ min: 0, digitos: 10 }) },
  // FechaType: 2000-01-01..2050-12-31 («Formato DTE» v2.2 narrows FchEmis to 2003-04-01).
  { n: 'FchEmis', req: true, t: fecha('2003-04-01') },
  { n: 'IndNoRebaja', t: entero({ min: 1, valores: [1] }) },
  ...libres('TipoDespacho', 'IndTraslado', 'TpoImpresion'),
  { n: 'IndServicio', t: entero({ min: 1, valores: [1, 2, 3] }) },
  // MntBruto: enumeration 1 («Monto de Lineas de Detalle Corresponde a Valores Brutos»).
  { n: 'MntBruto', t: entero({ valores: [1] }) },
  ...libres('TpoTranCompra', 'TpoTranVenta'),
  { n: 'FmaPago', t: entero({ min: 1, valores: [1, 2, 3] }) },
  ...libres('FmaPagExp', 'FchCancel', 'MntCancel', 'SaldoInsol', 'MntPagos', 'PeriodoDesde', 'PeriodoHasta'),
  // MedioPagoType: CH, LT, EF, PE, TC, CF, OT.
  { n: 'MedioPago', t: enumeracion('CH', 'LT', 'EF', 'PE', 'TC', 'CF', 'OT') },
  ...libres('TpoCtaPago', 'NumCtaPago', 'BcoPago', 'TermPagoCdg', 'TermPagoGlosa', 'TermPagoDias', 'FchVenc'),
];

const DTE_EMISOR: Elemento[] = [
  { n: 'RUTEmisor', req: true, t: RUT },
  // RznSoc: RznSocLargaType (maxLength 100), required.
  { n: 'RznSoc', req: true, t: cadena(100) },
  // GiroEmis: required, 1..80.
  { n: 'GiroEmis', req: true, t: cadena(80, 1) },
  { n: 'Telefono', rep: 2, t: cadena(20) },
  { n: 'CorreoEmisor', t: cadena(80) },
  // Acteco: minOccurs 1 (required), maxOccurs 4, positiveInteger totalDigits 6: 1..999999.
  { n: 'Acteco', req: true, rep: 4, t: entero({ min: 1, max: 999_999, digitos: 6 }) },
  { n: 'GuiaExport' },
  { n: 'Sucursal', t: cadena(20) },
  { n: 'CdgSIISucur', t: entero({ min: 1, digitos: 9 }) },
  // DirOrigen: maxLength 70 («Formato DTE» v2.2 says 60; the XSD, 70).
  { n: 'DirOrigen', t: cadena(70) },
  { n: 'CmnaOrigen', t: cadena(20) },
  { n: 'CiudadOrigen', t: cadena(20) },
  { n: 'CdgVendedor', t: cadena(60) },
  { n: 'IdAdicEmisor', t: cadena(20) },
];

const DTE_RECEPTOR: Elemento[] = [
  { n: 'RUTRecep', req: true, t: RUT },
  { n: 'CdgIntRecep', t: cadena(20) },
  // RznSocRecep: required in DTE_v10 (no minOccurs 0).
  { n: 'RznSocRecep', req: true, t: cadena(100) },
  { n: 'Extranjero' },
  { n: 'GiroRecep', t: cadena(40) },
  { n: 'Contacto', t: cadena(80) },
  { n: 'CorreoRecep', t: cadena(80) },
  // DirRecep, CmnaRecep: minOccurs 0 (and «Formato DTE» v2.2: optional, 3, in a 61).
  ...DIRECCIONES_RECEPTOR,
];

const DTE_TOTALES: Elemento[] = [
  { n: 'MntNeto', t: MONTO },
  { n: 'MntExe', t: MONTO },
  ...libres('MntBase', 'MntMargenCom'),
  { n: 'TasaIVA', t: PCT },
  { n: 'IVA', t: MONTO },
  ...libres('IVAProp', 'IVATerc'),
  { n: 'ImptoReten', rep: 20 },
  ...libres('IVANoRet', 'CredEC', 'GrntDep', 'Comisiones'),
  { n: 'MntTotal', req: true, t: MONTO },
  { n: 'MontoNF', t: VALOR },
  { n: 'MontoPeriodo', t: VALOR },
  { n: 'SaldoAnterior', t: VALOR },
  { n: 'VlrPagar', t: VALOR },
];

const DTE_DETALLE: Elemento[] = [
  // NroLinDet: positiveInteger, maxInclusive 99.
  { n: 'NroLinDet', req: true, t: entero({ min: 1, max: 99 }) },
  { n: 'CdgItem', rep: 5 },
  // IndExe: 1 to 6.
  { n: 'IndExe', t: entero({ min: 1, valores: [1, 2, 3, 4, 5, 6] }) },
  { n: 'Retenedor' },
  { n: 'NmbItem', req: true, t: cadena(80) },
  { n: 'DscItem', t: cadena(1000) },
  ...libres('QtyRef', 'UnmdRef', 'PrcRef'),
  // QtyItem, PrcItem: Dec12_6Type, minInclusive 0.000001.
  { n: 'QtyItem', t: DEC_12_6 },
  { n: 'Subcantidad', rep: 5 },
  ...libres('FchElabor', 'FchVencim'),
  { n: 'UnmdItem', t: cadena(4) },
  { n: 'PrcItem', t: DEC_12_6 },
  { n: 'OtrMnda' },
  { n: 'DescuentoPct' },
  { n: 'DescuentoMonto', t: MONTO_POSITIVO },
  { n: 'SubDscto', rep: 5 },
  { n: 'RecargoPct' },
  { n: 'RecargoMonto', t: MONTO_POSITIVO },
  { n: 'SubRecargo', rep: 5 },
  { n: 'CodImpAdic', rep: 2 },
  { n: 'MontoItem', req: true, t: MONTO },
];

/** «Formato DTE» v2.2, table 8.a: the tax documents a TpoDocRef may name (numeric values are validated). */
const TIPOS_DOC_REF = [30, 32, 33, 34, 35, 38, 39, 40, 41, 43, 45, 46, 50, 52, 55, 56, 60, 61, 103, 110, 111, 112];

const DTE_REFERENCIA: Elemento[] = [
  { n: 'NroLinRef', req: true, t: entero({ min: 1, max: 99 }) },
  // TpoDocRef: xs:string 1..3.
  { n: 'TpoDocRef', req: true, t: cadena(3, 1) },
  { n: 'IndGlobal', t: entero({ valores: [1] }) },
  // FolioRef: FolioRType, xs:string 1..18.
  { n: 'FolioRef', req: true, t: cadena(18, 1) },
  { n: 'RUTOtr', t: RUT },
  { n: 'FchRef', req: true, t: fecha('2002-08-01') },
  // CodRef: positiveInteger, 1 Anula Documento de Referencia, 2 Corrige Texto, 3 Corrige Montos.
  { n: 'CodRef', t: entero({ min: 1, valores: [1, 2, 3] }) },
  { n: 'RazonRef', t: cadena(90) },
];

const DTE: Elemento[] = [
  {
    n: 'Encabezado',
    req: true,
    hijos: [
      { n: 'IdDoc', req: true, hijos: DTE_ID_DOC },
      { n: 'Emisor', req: true, hijos: DTE_EMISOR },
      { n: 'RUTMandante', t: RUT },
      { n: 'Receptor', req: true, hijos: DTE_RECEPTOR },
      { n: 'RUTSolicita', t: RUT },
      { n: 'Transporte' },
      { n: 'Totales', req: true, hijos: DTE_TOTALES },
      { n: 'OtraMoneda' },
    ],
  },
  // Detalle: maxOccurs 60 (and «Formato DTE» v2.2: at least one line).
  { n: 'Detalle', req: true, rep: 60, hijos: DTE_DETALLE },
  { n: 'SubTotInfo', rep: 20 },
  { n: 'DscRcgGlobal', rep: 20 },
  { n: 'Referencia', rep: 40, hijos: DTE_REFERENCIA },
  { n: 'Comisiones', rep: 20 },
];

// ─── The walk ────────────────────────────────────────────────────────────────────────────────────

const esObjeto = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A sequence: only its elements, in the schema's order, the required ones present, each of its type. */
function secuencia(valor: unknown, elementos: Elemento[], donde: string, fallas: FallaSii[], campo: string) {
  const en = (issue: string) => (donde ? `${donde}: ${issue}` : issue);
  if (!esObjeto(valor)) {
    fallas.push({ field: campo, issue: en('Debe ser un grupo de campos'), codigo: 'OF-08' });
    return;
  }
  const orden = new Map(elementos.map((e, i) => [e.n, i]));
  let anterior: { n: string; i: number } | null = null;
  for (const clave of Object.keys(valor)) {
    const i = orden.get(clave);
    if (i === undefined) {
      fallas.push({ field: clave, issue: en(`No es un campo de ${campo} en el esquema del SII`), codigo: 'OF-08' });
      continue;
    }
    if (anterior && i < anterior.i) {
      fallas.push({ field: clave, issue: en(`Fuera de orden: en el esquema va antes que ${anterior.n}`), codigo: 'OF-08' });
    } else anterior = { n: clave, i };
  }
  for (const e of elementos) {
    const v = valor[e.n];
    if (v === undefined || v === null) {
      if (e.req) fallas.push({ field: e.n, issue: en('Requerido'), codigo: 'OF-02' });
      continue;
    }
    const rep = e.rep ?? 1;
    if (Array.isArray(v) && rep === 1) {
      fallas.push({ field: e.n, issue: en('No se repite'), codigo: 'OF-08' });
      continue;
    }
    const valores: unknown[] = Array.isArray(v) ? v : [v];
    if (valores.length === 0 && e.req) fallas.push({ field: e.n, issue: en('Requerido'), codigo: 'OF-02' });
    if (valores.length > rep) fallas.push({ field: e.n, issue: en(`A lo más ${rep} : ${valores.length}`), codigo: 'OF-08' });
    valores.forEach((x, k) => {
      const lugar = rep > 1 && e.hijos ? `${e.n === 'Detalle' ? 'línea' : e.n === 'Referencia' ? 'referencia' : e.n} ${k + 1}` : donde;
      if (e.hijos) secuencia(x, e.hijos, lugar, fallas, e.n);
      else if (e.t) {
        const problema = e.t(x);
        if (problema) fallas.push({ field: e.n, issue: lugar ? `${lugar}: ${problema}` : problema, codigo: 'OF-08' });
      }
    });
  }
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (esObjeto(v) ? v : {});
const num = (v: unknown): number | null => {
  const s = lexico(v);
  return s !== null && s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : null;
};

/**
 * Every rule this file knows that the `dte` of OpenFactura's body breaks, or an empty list. Never
 * throws, whatever it is given (the stand-in runs it on any request).
 */
export function validarDteSii(dte: unknown): FallaSii[] {
  const fallas: FallaSii[] = [];
  const tipo = num(obj(obj(obj(dte).Encabezado).IdDoc).TipoDTE);
  if (tipo !== 39 && tipo !== 41 && tipo !== 61) {
    fallas.push({ field: 'TipoDTE', issue: `Tipo no soportado : ${String(tipo)}`, codigo: 'OF-05' });
    return fallas;
  }
  const esBoleta = tipo !== 61;
  secuencia(dte, esBoleta ? BOLETA : DTE, '', fallas, 'dte');

  const enc = obj(obj(dte).Encabezado);
  const idDoc = obj(enc.IdDoc);
  const receptor = obj(enc.Receptor);
  const totales = obj(enc.Totales);
  const detalle = (Array.isArray(obj(dte).Detalle) ? (obj(dte).Detalle as unknown[]) : []).map(obj);

  // OpenFactura («IdDoc.Folio: debe ser 0»): it takes the folio from the shop's CAF.
  if (idDoc.Folio !== undefined && num(idDoc.Folio) !== 0) fallas.push({ field: 'Folio', issue: 'Debe ser 0', codigo: 'OF-10' });

  // «Formato DTE» v2.2 and «Formato Boletas»: NroLinDet is the line's sequential number, from 1.
  detalle.forEach((l, k) => {
    if (l.NroLinDet !== undefined && num(l.NroLinDet) !== k + 1)
      fallas.push({ field: 'NroLinDet', issue: `línea ${k + 1}: Debe ser ${k + 1} : ${String(l.NroLinDet)}`, codigo: 'OF-10' });
  });

  // Both formats: MontoItem = PrcItem × QtyItem − DescuentoMonto + RecargoMonto, to the peso.
  detalle.forEach((l, k) => {
    const [prc, qty, monto] = [num(l.PrcItem), num(l.QtyItem), num(l.MontoItem)];
    if (prc === null || qty === null || monto === null) return;
    const calculado = prc * qty - (num(l.DescuentoMonto) ?? 0) + (num(l.RecargoMonto) ?? 0);
    if (Math.abs(calculado - monto) > 0.5 + 1e-6)
      fallas.push({
        field: 'MontoItem',
        issue: `línea ${k + 1}: Monto erróneo : ${monto} (precio × cantidad da ${calculado})`,
        codigo: 'OF-10',
      });
  });

  // The totals from the lines, as SII computes them from gross lines: a boleta without IndMntNeto, a
  // 61 with MntBruto 1 (montosDte in contracts/dte.ts). Net lines: MntNeto is their sum, IVA 19 % of it.
  const lineas = detalle.map((l) => ({ monto: num(l.MontoItem), exento: num(l.IndExe) === 1 }));
  if (lineas.length > 0 && lineas.every((l) => l.monto !== null && Number.isSafeInteger(l.monto) && l.monto >= 0)) {
    const brutas = esBoleta ? idDoc.IndMntNeto === undefined : num(idDoc.MntBruto) === 1;
    const ls = lineas.map((l) => ({ monto: l.monto!, exento: l.exento }));
    let esperado = montosDte(ls);
    if (!brutas) {
      const neto = ls.filter((l) => !l.exento).reduce((s, l) => s + l.monto, 0);
      const iva = Math.round((neto * TASA_IVA_PORCENTAJE) / 100);
      esperado = { neto, iva, exento: esperado.exento, total: neto + iva + esperado.exento };
    }
    const comparar = (campo: 'MntNeto' | 'IVA' | 'MntExe' | 'MntTotal', valor: number) => {
      const recibido = totales[campo] ?? 0;
      if (num(recibido) !== valor) fallas.push({ field: campo, issue: `Monto erróneo : ${String(recibido)}`, codigo: 'OF-10' });
    };
    comparar('MntNeto', esperado.neto);
    comparar('IVA', esperado.iva);
    comparar('MntExe', esperado.exento);
    comparar('MntTotal', esperado.total);
  }

  if (esBoleta) {
    // «Formato Boletas»: a 41 is «no afecta o exenta»: MntNeto and IVA do not apply (0), every line exempt.
    if (tipo === 41 && detalle.some((l) => num(l.IndExe) !== 1))
      fallas.push({ field: 'IndExe', issue: 'Una boleta exenta solo lleva líneas exentas', codigo: 'OF-10' });
    // «Formato Boletas» v4.2 (Law 21.713): above 135 UF, MedioPago, the buyer's RUT and name.
    const total = num(totales.MntTotal);
    if (total !== null && superaTopeBoleta(total)) {
      const sobre = `Monto total sobre ${TOPE_BOLETA_UF} UF ($${TOPE_BOLETA_PESOS.toLocaleString('es-CL')})`;
      if (idDoc.MedioPago === undefined) fallas.push({ field: 'MedioPago', issue: `${sobre}: requerido`, codigo: 'OF-10' });
      if (receptor.RUTRecep === RUT_RECEPTOR_GENERICO)
        fallas.push({ field: 'RUTRecep', issue: `${sobre}: debe ser el RUT del comprador, no el genérico`, codigo: 'OF-10' });
      if (receptor.RznSocRecep === undefined) fallas.push({ field: 'RznSocRecep', issue: `${sobre}: requerido`, codigo: 'OF-10' });
    }
    return fallas;
  }

  // The 61. «Formato DTE» v2.2: the reference zone is mandatory (1) in a nota de crédito, and so is
  // CodRef; CodRef 1 (anula) and 2 (corrige texto) name a single document; a «fe de erratas» (2)
  // has every MontoItem 0. TpoDocRef, when numeric, is one of table 8.a's.
  const refs = (Array.isArray(obj(dte).Referencia) ? (obj(dte).Referencia as unknown[]) : []).map(obj);
  if (refs.length === 0)
    fallas.push({ field: 'Referencia', issue: 'Una nota de crédito debe referenciar el documento que corrige', codigo: 'OF-09' });
  refs.forEach((r, k) => {
    const cod = num(r.CodRef);
    if (r.CodRef === undefined)
      fallas.push({ field: 'CodRef', issue: `referencia ${k + 1}: Requerido en una nota de crédito`, codigo: 'OF-09' });
    if ((cod === 1 || cod === 2) && refs.length > 1)
      fallas.push({ field: 'CodRef', issue: `referencia ${k + 1}: Con CodRef ${cod} va una sola referencia`, codigo: 'OF-09' });
    if (cod === 2 && detalle.some((l) => num(l.MontoItem) !== 0))
      fallas.push({ field: 'MontoItem', issue: 'Con CodRef 2 (corrige texto) cada línea va en 0', codigo: 'OF-09' });
    const tpo = lexico(r.TpoDocRef);
    if (tpo !== null && /^\d{1,3}$/.test(tpo) && !TIPOS_DOC_REF.includes(Number(tpo)))
      fallas.push({ field: 'TpoDocRef', issue: `referencia ${k + 1}: Tipo de documento no válido : ${tpo}`, codigo: 'OF-09' });
  });
  return fallas;
}
