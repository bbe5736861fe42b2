import { describe, expect, it } from 'vitest';
import { formatClp } from '../../../utils/format';
import { altoPaginaMm, leerAnchoPapel, MARGEN_CORTE_MM, reglaPagina } from '../../../lib/papel';
import { filasTotales } from './comprobante';

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
