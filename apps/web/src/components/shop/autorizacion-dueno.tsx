// «Autorización del dueño» (docs/cajeros.md): one hook and one dialog for every action a cashier needs
// the owner's PIN for. A screen wraps its call in `ejecutar`; when the server answers
// REQUIERE_AUTORIZACION the dialog shows why and a PIN pad, and the same call goes again with the PIN
// (lib/autorizacion.ts). Cancelar leaves everything as it was.
import type { Autorizacion } from '@minimarket/contracts/cajeros';
import { ShieldCheck } from 'lucide-react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { PinPad } from '../ui/pin-pad';
import { conAutorizacion, type PedidoPin } from '../../lib/autorizacion';

export function AutorizacionDialog({
  pedido,
  procesando,
  intento,
  onPin,
  onCancelar,
}: {
  pedido: PedidoPin | null;
  procesando: boolean;
  /** Grows with each refused PIN: the pad clears for the next try. */
  intento: number;
  onPin: (pin: string) => void;
  onCancelar: () => void;
}) {
  return (
    <Dialog
      abierto={pedido !== null}
      onCerrar={onCancelar}
      titulo="Autorización del dueño"
      descripcion={
        pedido && (
          <span className="flex items-start gap-2" data-testid="detalle-autorizacion">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-marca-700" aria-hidden="true" />
            {pedido.detalle}
          </span>
        )
      }
    >
      {pedido &&
        (pedido.sinPinDueno ? (
          <div className="space-y-4">
            <Alert tipo="error">{pedido.error}</Alert>
            <div className="flex justify-end">
              <Button variante="contorno" onClick={onCancelar}>
                Cerrar
              </Button>
            </div>
          </div>
        ) : (
          <PinPad
            etiqueta="PIN del dueño"
            textoEnviar="Autorizar"
            procesando={procesando}
            error={pedido.error ? { texto: pedido.error, intento } : null}
            onEnviar={onPin}
            onCancelar={onCancelar}
          />
        ))}
    </Dialog>
  );
}

/**
 * `ejecutar(accion)`: runs `accion()`; if the owner's approval is needed, asks for the PIN and runs
 * `accion({ pin })`. Resolves with the action's answer, or undefined when the PIN was cancelled
 * (nothing changed); any other error is thrown as it came. Render `dialogo` once in the screen.
 */
export function useAutorizacionDueno(): {
  ejecutar: <T>(accion: (autorizacion?: Autorizacion) => Promise<T>) => Promise<T | undefined>;
  dialogo: ReactNode;
} {
  const [pedido, setPedido] = useState<PedidoPin | null>(null);
  const [procesando, setProcesando] = useState(false);
  const [intento, setIntento] = useState(0);
  const responder = useRef<((pin: string | null) => void) | null>(null);

  const pedirPin = useCallback(
    (p: PedidoPin) =>
      new Promise<string | null>((resolve) => {
        responder.current = resolve;
        setProcesando(false);
        setPedido(p);
        if (p.error) setIntento((i) => i + 1);
      }),
    [],
  );

  const responderCon = (pin: string | null) => {
    const r = responder.current;
    responder.current = null;
    if (pin !== null) setProcesando(true);
    r?.(pin);
  };

  const ejecutar = useCallback(
    async <T,>(accion: (autorizacion?: Autorizacion) => Promise<T>) => {
      try {
        return await conAutorizacion(accion, pedirPin);
      } finally {
        responder.current = null;
        setPedido(null);
        setProcesando(false);
      }
    },
    [pedirPin],
  );

  const dialogo = (
    <AutorizacionDialog
      pedido={pedido}
      procesando={procesando}
      intento={intento}
      onPin={(pin) => responderCon(pin)}
      onCancelar={() => responderCon(null)}
    />
  );
  return { ejecutar, dialogo };
}
