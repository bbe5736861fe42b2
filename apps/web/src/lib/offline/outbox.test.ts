import { describe, expect, it } from 'vitest';
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
