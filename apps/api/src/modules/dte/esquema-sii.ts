// SII's published schemas as rules over the JSON body OpenFactura takes (issue 32, docs/boleta.md
// «Lo que revisa el simulador»): OpenFactura's `dte` uses SII's element names, nesting and order, and
// turns it into the XML SII validates. A boleta (39/41) follows EnvioBOLETA_v11.xsd (BOLETADefType),
// a nota de crédito (61) DTE_v10.xsd (DTEDefType/Documento), with SiiTypes_v10.xsd's types
// (esquema-sii-documentos.ts and esquema-sii-tipos.ts); each rule names the element and the schema it
// comes from. Rules that are not in the XSD but in
// SII's format documents («Formato Documentos Tributarios Electrónicos» v2.2, «Formato Boletas
// Electrónicas» v4.2) or in OpenFactura's documented contract say so. The XSD files themselves are
// not in the repository (they came through the search tools; docs/boleta.md «Fuentes»).
//
// The local stand-in answers with these (simulador.ts, as OpenFactura's errors: OF-02 a missing
// field, OF-05 a type it does not issue, OF-08 the schema, OF-09 the reference, OF-10 a value), and
// esquema-sii.test.ts runs every document we build through them.
import { montosDte, superaTopeBoleta, TASA_IVA_PORCENTAJE, TOPE_BOLETA_PESOS, TOPE_BOLETA_UF } from '@minimarket/contracts/dte';
import { BOLETA, DTE, TIPOS_DOC_REF } from './esquema-sii-documentos.js';
import { type Elemento, lexico } from './esquema-sii-tipos.js';
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
