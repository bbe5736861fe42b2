// The owner's approval (issue 31, docs/cajeros.md «La autorización del dueño»): what a cashier may not do
// alone (a void, a return, a cash withdrawal, a fiado past the limit) answers 403 REQUIERE_AUTORIZACION;
// the same request goes again with the owner's PIN in its body (`autorizacion: { pin }`). This is the
// loop, with no screen of its own: components/shop/autorizacion-dueno.tsx asks for the PIN.
import { type Autorizacion, CODIGO_REQUIERE_AUTORIZACION } from '@minimarket/contracts/cajeros';
import { ApiError } from './api-client';

/** The PIN given was not the owner's (403): nothing changed, another try may go. */
export const CODIGO_AUTORIZACION_INVALIDA = 'AUTORIZACION_INVALIDA';
/** The owner has no PIN yet (403): no PIN typed here can approve; the owner sets one in Mi perfil. */
export const CODIGO_DUENO_SIN_PIN = 'DUENO_SIN_PIN';

export function requiereAutorizacion(e: unknown): e is ApiError {
  return e instanceof ApiError && e.status === 403 && e.code === CODIGO_REQUIERE_AUTORIZACION;
}

/** What the PIN dialog shows: why approval is needed (the server's words) and the last refusal, if any. */
export interface PedidoPin {
  detalle: string;
  /** The last refusal of a PIN, in the server's words. */
  error: string | null;
  /** The owner has no PIN: the dialog says so and offers only to close. */
  sinPinDueno: boolean;
}

/**
 * Runs `accion` as is; when it answers REQUIERE_AUTORIZACION, asks for the owner's PIN (`pedirPin`,
 * null when cancelled) and runs it again with `{ pin }` until it goes through, the PIN is cancelled,
 * or another error comes (thrown as it came). A refused PIN (AUTORIZACION_INVALIDA, DUENO_SIN_PIN)
 * asks again with the server's words. Resolves undefined when cancelled: nothing changed.
 */
export async function conAutorizacion<T>(
  accion: (autorizacion?: Autorizacion) => Promise<T>,
  pedirPin: (pedido: PedidoPin) => Promise<string | null>,
): Promise<T | undefined> {
  let detalle: string;
  try {
    return await accion();
  } catch (e) {
    if (!requiereAutorizacion(e)) throw e;
    detalle = e.detail;
  }
  let pedido: PedidoPin = { detalle, error: null, sinPinDueno: false };
  for (;;) {
    const pin = await pedirPin(pedido);
    if (pin === null) return undefined;
    try {
      return await accion({ pin });
    } catch (e) {
      if (e instanceof ApiError && (e.code === CODIGO_AUTORIZACION_INVALIDA || e.code === CODIGO_DUENO_SIN_PIN)) {
        pedido = { detalle, error: e.detail, sinPinDueno: e.code === CODIGO_DUENO_SIN_PIN };
        continue;
      }
      throw e;
    }
  }
}
