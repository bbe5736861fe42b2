import { describe, expect, it } from 'vitest';
import { leerDetalleResultado } from '@minimarket/contracts/uploads';
import { extensionValida } from './resultado';

describe('upload helpers', () => {
  it('accepts only .csv, .xlsx and .xml', () => {
    expect(extensionValida('ventas.CSV')).toBe(true);
    expect(extensionValida('productos.xlsx')).toBe(true);
    expect(extensionValida('datos.xml')).toBe(true);
    expect(extensionValida('datos.xls')).toBe(false);
    expect(extensionValida('foto.png')).toBe(false);
  });
  it('reads the result JSON and its row count', () => {
    const texto = JSON.stringify({
      total_filas: 12,
      errores: 1,
      detalle_errores: [{ fila: 3, campo: 'precio_venta', mensaje: 'x' }],
      status: 'partial',
      message: 'Listo',
    });
    const r = leerDetalleResultado(texto);
    expect(r?.detalle_errores[0]?.fila).toBe(3);
    expect(r?.total_filas).toBe(12);
    // Counters the record does not have read as 0.
    expect(r?.productos_cargados).toBe(0);
  });
  it('says so when the result cannot be read', () => {
    expect(leerDetalleResultado('{no es json')).toBeNull();
    expect(leerDetalleResultado(JSON.stringify({ status: 'otro' }))).toBeNull();
    expect(leerDetalleResultado(null)).toBeNull();
  });
});
