import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { esRechazoFinal, mensajeVentasSinEnviar, puedeEnviarla } from './outbox';

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

describe('the outbox: who may send a sale', () => {
  const venta = { id_minimarket: 7 };

  it('any session of the same shop, whoever made the sale', () => {
    expect(puedeEnviarla(venta, { minimarkets: [{ id_minimarket: 7 }] })).toBe(true);
    expect(puedeEnviarla(venta, { minimarkets: [{ id_minimarket: 2 }, { id_minimarket: 7 }] })).toBe(true);
  });

  it("not another shop's session, nor an unknown one (the server would refuse it for good)", () => {
    expect(puedeEnviarla(venta, { minimarkets: [{ id_minimarket: 8 }] })).toBe(false);
    expect(puedeEnviarla(venta, { minimarkets: [] })).toBe(false);
    expect(puedeEnviarla(venta, null)).toBe(false);
  });

  it('says what stays on the device at sign-out', () => {
    expect(mensajeVentasSinEnviar(1)).toBe(
      'Queda 1 venta sin enviar en este equipo: se enviará cuando alguien de la tienda vuelva a entrar.',
    );
    expect(mensajeVentasSinEnviar(3)).toBe(
      'Quedan 3 ventas sin enviar en este equipo: se enviarán cuando alguien de la tienda vuelva a entrar.',
    );
  });
});
