import { describe, expect, it } from 'vitest';
import { formatClp } from '../../../utils/format';
import { altoPaginaMm, leerAnchoPapel, MARGEN_CORTE_MM, reglaPagina } from '../../../lib/papel';
import type { BoletaElectronica } from '@minimarket/contracts/boletas';
import {
  filasPago,
  boletaEmitida,
  boletaEnProceso,
  encabezadoDte,
  filasTotales,
  leyendaDePrueba,
  montosDelRecibo,
  REFRESCO_BOLETA_MS,
  refrescoComprobante,
  rutLegible,
} from './comprobante';

describe('leerAnchoPapel', () => {
  it('takes the two thermal widths and nothing else', () => {
    expect(leerAnchoPapel('58')).toBe(58);
    expect(leerAnchoPapel('80')).toBe(80);
    for (const otro of ['', null, undefined, '72', 'A4', '58mm']) expect(leerAnchoPapel(otro)).toBeNull();
  });
});

describe('altoPaginaMm', () => {
  it('turns CSS pixels (96 per inch) into whole millimetres plus the cutter margin', () => {
    expect(altoPaginaMm(96)).toBe(26 + MARGEN_CORTE_MM);
    expect(altoPaginaMm(0)).toBe(MARGEN_CORTE_MM);
  });

  it('makes the page rule', () => {
    expect(reglaPagina(58, 120)).toBe('@page { size: 58mm 120mm; margin: 0; }');
    expect(reglaPagina(80, null)).toBe('@page { size: 80mm 297mm; margin: 0; }');
  });
});

describe('filasTotales', () => {
  it('a cash sale shows neto, IVA, total, the cash received and the change', () => {
    const filas = filasTotales({
      neto: 3521,
      iva: 669,
      total: 4190,
      pagos: [{ metodo_pago: 'Efectivo', monto: 4190 }],
      monto_recibido: 5000,
      vuelto: 810,
      cliente: null,
    });
    expect(filas.map((f) => [f.etiqueta, f.valor])).toEqual([
      ['Neto', formatClp(3521)],
      ['IVA 19%', formatClp(669)],
      ['TOTAL', formatClp(4190)],
      ['Pago', 'Efectivo'],
      ['Recibido', formatClp(5000)],
      ['Vuelto', formatClp(810)],
    ]);
  });

  it('a card sale has no cash received nor change', () => {
    const filas = filasTotales({
      neto: 840,
      iva: 160,
      total: 1000,
      pagos: [{ metodo_pago: 'Tarjeta de Débito', monto: 1000 }],
      monto_recibido: null,
      vuelto: null,
      cliente: null,
    });
    expect(filas.map((f) => f.etiqueta)).toEqual(['Neto', 'IVA 19%', 'TOTAL', 'Pago']);
  });

  it('a sale on credit names its customer after the method', () => {
    const filas = filasTotales({
      neto: 840,
      iva: 160,
      total: 1000,
      pagos: [{ metodo_pago: 'Fiado', monto: 1000 }],
      monto_recibido: null,
      vuelto: null,
      cliente: 'Juana Pérez',
    });
    expect(filas.slice(-2).map((f) => [f.etiqueta, f.valor])).toEqual([
      ['Pago', 'Fiado'],
      ['Cliente', 'Juana Pérez'],
    ]);
  });

  it('a split sale lists every part, then the customer, the cash received and the change of the cash part', () => {
    const filas = filasTotales({
      neto: 8403,
      iva: 1597,
      total: 10_000,
      pagos: [
        { metodo_pago: 'Efectivo', monto: 3000 },
        { metodo_pago: 'Tarjeta de Débito', monto: 2000 },
        { metodo_pago: 'Fiado', monto: 5000 },
      ],
      monto_recibido: 5000,
      vuelto: 2000,
      cliente: 'Juana Pérez',
    });
    expect(filas.slice(3).map((f) => [f.etiqueta, f.valor])).toEqual([
      ['Pago', 'Dividido'],
      ['· Efectivo', formatClp(3000)],
      ['· Tarjeta de Débito', formatClp(2000)],
      ['· Fiado', formatClp(5000)],
      ['Cliente', 'Juana Pérez'],
      ['Recibido', formatClp(5000)],
      ['Vuelto', formatClp(2000)],
    ]);
  });
});

describe('filasTotales with an exempt part', () => {
  it('shows «Exento» between IVA and the total only when there is an exempt amount', () => {
    const base = {
      pagos: [{ metodo_pago: 'Tarjeta de Débito' as const, monto: 42_980 }],
      monto_recibido: null,
      vuelto: null,
      cliente: null,
    };
    // OpenFactura's own example: 39.990 taxed + 2.990 exempt.
    const conExento = filasTotales({ ...base, neto: 33_605, iva: 6385, exento: 2990, total: 42_980 });
    expect(conExento.map((f) => [f.etiqueta, f.valor])).toEqual([
      ['Neto', formatClp(33_605)],
      ['IVA 19%', formatClp(6385)],
      ['Exento', formatClp(2990)],
      ['TOTAL', formatClp(42_980)],
      ['Pago', 'Tarjeta de Débito'],
    ]);
    expect(filasTotales({ ...base, neto: 33_605, iva: 6385, exento: 0, total: 39_990 }).map((f) => f.etiqueta)).not.toContain('Exento');
    // An exempt boleta (41): nothing taxed, so no neto nor IVA rows.
    expect(filasTotales({ ...base, neto: 0, iva: 0, exento: 2990, total: 2990 }).map((f) => f.etiqueta)).toEqual([
      'Exento',
      'TOTAL',
      'Pago',
    ]);
  });
});

const electronica = (cambios: Partial<BoletaElectronica> = {}): BoletaElectronica => ({
  tipo: 39,
  estado: 'en_proceso',
  folio: 1234,
  ted: '<TED version="1.0"><DD><F>1234</F></DD></TED>',
  emisor: { rut: '76123456-0', razon_social: 'Comercial Don Pepe SpA', giro: 'Minimarket', direccion: 'Av. Matta 123', comuna: 'Santiago' },
  resolucion: { numero: 80, anio: 2014 },
  neto: 33_605,
  iva: 6385,
  exento: 2990,
  total: 42_980,
  de_prueba: false,
  ...cambios,
});

describe('the receipt of a sale with an electronic boleta', () => {
  it('prints the test legend across a boleta the stand-in issued, and nothing on any other', () => {
    expect(leyendaDePrueba({ de_prueba: true })).toBe('DOCUMENTO DE PRUEBA — NO VÁLIDO ANTE EL SII');
    expect(leyendaDePrueba({ de_prueba: false })).toBeNull();
  });

  it('titles a document by its type and folio; 41 is the exempt boleta, 61 the nota de crédito', () => {
    const texto = (t: { documento: string; numero: string }) => `${t.documento} ${t.numero}`;
    expect(texto(encabezadoDte(39, 1234))).toBe('BOLETA ELECTRÓNICA N° 1234');
    expect(texto(encabezadoDte(41, 7))).toBe('BOLETA EXENTA ELECTRÓNICA N° 7');
    expect(texto(encabezadoDte(61, 88))).toBe('NOTA DE CRÉDITO ELECTRÓNICA N° 88');
    expect(texto(encabezadoDte(61, null))).toBe('NOTA DE CRÉDITO ELECTRÓNICA (en proceso)');
  });

  it('is a boleta once it has a folio, «en proceso» before, neither when the shop issues none', () => {
    expect(boletaEmitida({ boleta_electronica: electronica() })?.folio).toBe(1234);
    expect(boletaEnProceso({ boleta_electronica: electronica() })).toBe(false);
    const sinFolio = { boleta_electronica: electronica({ folio: null, ted: null, estado: 'pendiente' }) };
    expect(boletaEmitida(sinFolio)).toBeNull();
    expect(boletaEnProceso(sinFolio)).toBe(true);
    expect(boletaEmitida({ boleta_electronica: null })).toBeNull();
    expect(boletaEnProceso({ boleta_electronica: null })).toBe(false);
  });

  it('prints the boleta’s own amounts once it has a folio, the sale’s before', () => {
    const venta = { neto: 36_118, iva: 6862, total: 42_980 };
    expect(montosDelRecibo({ ...venta, boleta_electronica: electronica() })).toEqual({
      neto: 33_605,
      iva: 6385,
      exento: 2990,
      total: 42_980,
    });
    expect(montosDelRecibo({ ...venta, boleta_electronica: electronica({ folio: null }) })).toEqual({ ...venta, exento: 0 });
    expect(montosDelRecibo({ ...venta, boleta_electronica: null })).toEqual({ ...venta, exento: 0 });
  });

  it('asks again every few seconds while the folio or the timbre is missing, and not otherwise', () => {
    expect(refrescoComprobante(undefined)).toBe(false);
    expect(refrescoComprobante({ boleta_electronica: null })).toBe(false);
    expect(refrescoComprobante({ boleta_electronica: electronica({ folio: null, ted: null, estado: 'pendiente' }) })).toBe(
      REFRESCO_BOLETA_MS,
    );
    expect(refrescoComprobante({ boleta_electronica: electronica({ ted: null }) })).toBe(REFRESCO_BOLETA_MS);
    expect(refrescoComprobante({ boleta_electronica: electronica() })).toBe(false);
    // Rejected: nothing changes until someone retries it in POS → BOLETAS.
    expect(refrescoComprobante({ boleta_electronica: electronica({ folio: null, ted: null, estado: 'rechazado' }) })).toBe(false);
  });

  it('writes the issuer’s RUT with dots, and leaves one it cannot read as it came', () => {
    expect(rutLegible('76123456-0')).toBe('76.123.456-0');
    expect(rutLegible('12345678-5')).toBe('12.345.678-5');
    expect(rutLegible('no-es-rut')).toBe('no-es-rut');
  });
});

describe('the cash rounding on the receipt (Ley 20.956)', () => {
  it('a cash sale of $3.147 paid with $5.000: the exact total, the rounding, what the cash paid, received and change', () => {
    const filas = filasTotales({
      neto: 2645,
      iva: 502,
      total: 3147,
      pagos: [{ metodo_pago: 'Efectivo', monto: 3147 }],
      redondeo: 3,
      monto_recibido: 5000,
      vuelto: 1850,
      cliente: null,
    });
    expect(filas.map((f) => [f.etiqueta, f.valor])).toEqual([
      ['Neto', formatClp(2645)],
      ['IVA 19%', formatClp(502)],
      ['TOTAL', formatClp(3147)],
      ['Pago', 'Efectivo'],
      ['Redondeo (Ley 20.956)', '+$3'],
      ['Efectivo pagado', formatClp(3150)],
      ['Recibido', formatClp(5000)],
      ['Vuelto', formatClp(1850)],
    ]);
  });

  it('a split rounds only its cash part; a provisional receipt works the rounding out from its parts', () => {
    const filas = filasPago({
      pagos: [
        { metodo_pago: 'Efectivo', monto: 2005 },
        { metodo_pago: 'Tarjeta de Débito', monto: 1142 },
      ],
      monto_recibido: 2000,
      vuelto: 0,
      cliente: null,
    });
    expect(filas.map((f) => [f.etiqueta, f.valor])).toEqual([
      ['Pago', 'Dividido'],
      ['· Efectivo', formatClp(2005)],
      ['· Tarjeta de Débito', formatClp(1142)],
      ['Redondeo (Ley 20.956)', formatClp(-5)],
      ['Efectivo pagado', formatClp(2000)],
      ['Recibido', formatClp(2000)],
      ['Vuelto', formatClp(0)],
    ]);
  });
});
