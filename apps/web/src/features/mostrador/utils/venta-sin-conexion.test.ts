import { describe, expect, it } from 'vitest';
import { cuerpoSinConexion, fechaConZona } from './venta-sin-conexion';

describe('fecha_venta of a sale made on the device', () => {
  it('is the device time to the second, with its UTC offset', () => {
    const ahora = new Date('2026-11-25T19:52:03.456Z');
    const texto = fechaConZona(ahora);
    expect(texto).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(Date.parse(texto)).toBe(Date.parse('2026-11-25T19:52:03Z'));
  });
});

describe('the body of a sale made on the device', () => {
  const venta = { id_minimarket: 3, total: 1990, metodo_pago: 'Efectivo' as const, detalles: [] };

  it('names its seller and the last contact with the server, for any session of the shop to send it later', () => {
    const cuerpo = cuerpoSinConexion(venta, {
      fecha: new Date('2026-11-25T19:52:03Z'),
      referencia: 'CK7Q2-0042',
      idVendedor: 41,
      ultimoContacto: '2026-11-25T16:40:00-03:00',
    });
    expect(cuerpo).toMatchObject({
      origen: 'offline',
      referencia_local: 'CK7Q2-0042',
      id_vendedor: 41,
      ultimo_contacto: '2026-11-25T16:40:00-03:00',
    });
  });

  it('leaves out what the device does not know (the server then takes the caller, and flags nothing)', () => {
    const cuerpo = cuerpoSinConexion(venta, { fecha: new Date(), referencia: 'C1-0001', idVendedor: null, ultimoContacto: null });
    expect(cuerpo).not.toHaveProperty('id_vendedor');
    expect(cuerpo).not.toHaveProperty('ultimo_contacto');
  });
});
