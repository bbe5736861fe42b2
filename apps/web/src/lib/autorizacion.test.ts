import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { conAutorizacion, type PedidoPin } from './autorizacion';

const REQUIERE = new ApiError(
  403,
  'Anular una venta requiere la autorización del dueño: pídele que ingrese su PIN.',
  'REQUIERE_AUTORIZACION',
);
const INVALIDA = new ApiError(403, 'El PIN no es el del dueño de la tienda. No se hizo ningún cambio.', 'AUTORIZACION_INVALIDA');
const SIN_PIN = new ApiError(
  403,
  'El dueño de la tienda aún no tiene PIN: debe crearlo en Mi perfil para poder autorizar.',
  'DUENO_SIN_PIN',
);

/** A PIN dialog that answers these PINs in order (null: Cancelar) and keeps what it was shown. */
function dialogo(respuestas: Array<string | null>) {
  const vistos: PedidoPin[] = [];
  const pedirPin = vi.fn(async (p: PedidoPin) => {
    vistos.push(p);
    return respuestas.shift() ?? null;
  });
  return { pedirPin, vistos };
}

describe("the owner's approval: the same call again with the PIN", () => {
  it('an action that needs none goes through without asking', async () => {
    const { pedirPin } = dialogo([]);
    await expect(conAutorizacion(async () => 'hecho', pedirPin)).resolves.toBe('hecho');
    expect(pedirPin).not.toHaveBeenCalled();
  });

  it("asks with the server's words and retries with { pin }", async () => {
    const accion = vi.fn(async (a?: { pin: string }) => {
      if (!a) throw REQUIERE;
      return `anulada con ${a.pin}`;
    });
    const { pedirPin, vistos } = dialogo(['4321']);
    await expect(conAutorizacion(accion, pedirPin)).resolves.toBe('anulada con 4321');
    expect(vistos).toEqual([{ detalle: REQUIERE.detail, error: null, sinPinDueno: false }]);
    expect(accion).toHaveBeenLastCalledWith({ pin: '4321' });
  });

  it('a wrong PIN is said and asked again; the right one goes through', async () => {
    const accion = vi.fn(async (a?: { pin: string }) => {
      if (!a) throw REQUIERE;
      if (a.pin !== '4321') throw INVALIDA;
      return 'ok';
    });
    const { pedirPin, vistos } = dialogo(['1111', '4321']);
    await expect(conAutorizacion(accion, pedirPin)).resolves.toBe('ok');
    expect(vistos[1]).toEqual({ detalle: REQUIERE.detail, error: INVALIDA.detail, sinPinDueno: false });
    expect(accion).toHaveBeenCalledTimes(3);
  });

  it('cancel leaves nothing changed: no further call', async () => {
    const accion = vi.fn(async () => {
      throw REQUIERE;
    });
    const { pedirPin } = dialogo([null]);
    await expect(conAutorizacion(accion, pedirPin)).resolves.toBeUndefined();
    expect(accion).toHaveBeenCalledTimes(1);
  });

  it('an owner without a PIN is said as such', async () => {
    const accion = vi.fn(async (a?: { pin: string }) => {
      throw a ? SIN_PIN : REQUIERE;
    });
    const { pedirPin, vistos } = dialogo(['1234', null]);
    await expect(conAutorizacion(accion, pedirPin)).resolves.toBeUndefined();
    expect(vistos[1]).toMatchObject({ error: SIN_PIN.detail, sinPinDueno: true });
  });

  it('any other error comes out as it came, before or after the PIN', async () => {
    const otro = new ApiError(409, 'La venta ya está anulada.', 'SALE_ALREADY_VOIDED');
    await expect(conAutorizacion(async () => Promise.reject(otro), dialogo([]).pedirPin)).rejects.toBe(otro);
    const accion = async (a?: { pin: string }) => {
      throw a ? otro : REQUIERE;
    };
    await expect(conAutorizacion(accion, dialogo(['4321']).pedirPin)).rejects.toBe(otro);
  });
});
