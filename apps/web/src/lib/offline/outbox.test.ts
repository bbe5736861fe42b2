import { describe, expect, it } from 'vitest';
import { fechaConZona } from '../../features/pos/utils/venta-sin-conexion';
import { ApiError } from '../api-client';
import { esRechazoFinal } from './outbox';

describe("the outbox: which answers end a sale's wait", () => {
  it('a 4xx the same request would get again is final, with its reason kept', () => {
    expect(esRechazoFinal(new ApiError(409, 'La clave ya se usó para otra venta.', 'IDEMPOTENCY_KEY_REUSED'))).toBe(true);
    expect(esRechazoFinal(new ApiError(422, 'El total no cuadra.', 'VALIDATION_ERROR'))).toBe(true);
    expect(esRechazoFinal(new ApiError(403, 'No puedes vender en esta tienda.', 'FORBIDDEN'))).toBe(true);
  });

  it('no answer, a server error, an ended session or a throttle keep the sale waiting', () => {
    expect(esRechazoFinal(new ApiError(0, 'Error de conexión.', 'NETWORK_ERROR'))).toBe(false);
    expect(esRechazoFinal(new ApiError(500, 'Error del servidor.', 'INTERNAL'))).toBe(false);
    expect(esRechazoFinal(new ApiError(503, 'Error del servidor.', 'HTTP_503'))).toBe(false);
    expect(esRechazoFinal(new ApiError(401, 'La sesión expiró.', 'UNAUTHORIZED'))).toBe(false);
    expect(esRechazoFinal(new ApiError(429, 'Demasiadas solicitudes.', 'RATE_LIMITED'))).toBe(false);
    expect(esRechazoFinal(new ApiError(408, 'Tiempo agotado.', 'HTTP_408'))).toBe(false);
  });
});

describe('fecha_venta of a sale made on the device', () => {
  it('is the device time to the second, with its UTC offset', () => {
    const ahora = new Date('2026-11-25T19:52:03.456Z');
    const texto = fechaConZona(ahora);
    expect(texto).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(Date.parse(texto)).toBe(Date.parse('2026-11-25T19:52:03Z'));
  });
});
