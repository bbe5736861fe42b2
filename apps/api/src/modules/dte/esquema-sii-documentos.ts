// The two documents we issue as SII's schemas write them (esquema-sii.ts says where each rule comes
// from): a boleta (39/41) by EnvioBOLETA_v11.xsd's BOLETADefType/Documento, a nota de crédito (61) by
// DTE_v10.xsd's DTEDefType/Documento, each element with its occurrences and its type.
import {
  cadena,
  DEC_12_6,
  entero,
  enumeracion,
  fecha,
  MONTO,
  MONTO_POSITIVO,
  PCT,
  RUT,
  VALOR,
  type Elemento,
} from './esquema-sii-tipos.js';

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

export const BOLETA: Elemento[] = [
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
export const TIPOS_DOC_REF = [30, 32, 33, 34, 35, 38, 39, 40, 41, 43, 45, 46, 50, 52, 55, 56, 60, 61, 103, 110, 111, 112];

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

export const DTE: Elemento[] = [
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
