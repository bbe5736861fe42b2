// The shared till's screens (docs/cajeros.md «La caja compartida»): the locked till, full screen, and
// «Cambiar cajero». Both take a PIN of anyone of the shop and make the session that person's
// (lib/caja-compartida/provider.tsx). Loaded only when shown (app/provider.tsx).
import { Lock, Store } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../ui/dialog';
import { PinPad } from '../ui/pin-pad';
import { mensajeDeError } from '../../lib/api-client';
import { useCajaCompartida } from '../../lib/caja-compartida/provider';
import { useCurrentShop } from '../../lib/current-shop';
import { useCerrarSesion } from './cerrar-sesion';

const MENSAJE_NO_SE_PUDO = 'No se pudo revisar el PIN. Inténtalo de nuevo.';

/** A PIN typed: the session becomes that person's; a refusal (wrong PIN, too many tries) in the server's words. */
function useEntradaPin() {
  const { entrar } = useCajaCompartida();
  const [error, setError] = useState<{ texto: string; intento: number } | null>(null);
  const [procesando, setProcesando] = useState(false);
  const enviar = async (pin: string) => {
    setProcesando(true);
    try {
      // No toast: it would sit over the top bar, where the new person's name already shows.
      await entrar(pin);
    } catch (e) {
      setError((anterior) => ({ texto: mensajeDeError(e, MENSAJE_NO_SE_PUDO), intento: (anterior?.intento ?? 0) + 1 }));
    } finally {
      setProcesando(false);
    }
  };
  return { enviar, error, procesando };
}

/**
 * «Caja bloqueada — ingresa tu PIN»: the whole screen, a modal <dialog> (everything else of the app is
 * inert, the focus stays here) that Escape does not close. Only the PIN pad and «Cerrar sesión».
 */
export function PantallaBloqueo() {
  const { bloqueo } = useCajaCompartida();
  const { nombre } = useCurrentShop();
  const { enviar, error, procesando } = useEntradaPin();
  const cerrarSesion = useCerrarSesion();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialogo = ref.current;
    if (dialogo && !dialogo.open) {
      dialogo.showModal();
      dialogo.querySelector<HTMLInputElement>('input')?.focus();
    }
  });

  return (
    <dialog
      ref={ref}
      aria-labelledby="titulo-caja-bloqueada"
      data-testid="caja-bloqueada"
      // Escape does not unlock: the browser's cancel is refused, and a close it forces reopens it.
      onCancel={(e) => {
        if (e.target === e.currentTarget) e.preventDefault();
      }}
      onClose={(e) => {
        if (e.target === e.currentTarget && e.currentTarget.isConnected) e.currentTarget.showModal();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-slate-900 p-0 text-white backdrop:bg-slate-900"
    >
      <div className="flex min-h-full flex-col items-center justify-center gap-5 px-4 py-8">
        <span className="rounded-full bg-white/10 p-4">
          <Lock className="size-8" aria-hidden="true" />
        </span>
        <div className="text-center">
          <h1 id="titulo-caja-bloqueada" className="text-2xl font-bold">
            Caja bloqueada — ingresa tu PIN
          </h1>
          {nombre && (
            <p className="mt-1 flex items-center justify-center gap-1.5 text-sm text-slate-300">
              <Store className="size-4" aria-hidden="true" /> {nombre}
            </p>
          )}
          {bloqueo?.aviso && (
            <p className="mt-3 rounded-lg bg-white/10 px-3 py-2 text-sm text-slate-100" data-testid="aviso-bloqueo">
              {bloqueo.aviso}
            </p>
          )}
        </div>
        <PinPad etiqueta="Tu PIN" textoEnviar="Entrar" oscuro procesando={procesando} error={error} onEnviar={(pin) => void enviar(pin)} />
        <button
          type="button"
          className="h-11 rounded-lg px-4 text-sm font-medium text-slate-100 underline-offset-4 hover:bg-white/10 hover:underline"
          onClick={cerrarSesion.pedir}
        >
          Cerrar sesión
        </button>
      </div>
      {cerrarSesion.dialogo}
    </dialog>
  );
}

/** «Cambiar cajero»: the PIN of whoever takes the till now; Escape or Cancelar leave it as it was. */
export function CambiarCajeroDialog() {
  const { cambiando, cerrarCambio } = useCajaCompartida();
  return (
    <Dialog abierto={cambiando} onCerrar={cerrarCambio} titulo="Cambiar cajero" descripcion="Ingresa el PIN de quien va a vender ahora.">
      {cambiando && <CambiarCajeroContenido onCancelar={cerrarCambio} />}
    </Dialog>
  );
}

function CambiarCajeroContenido({ onCancelar }: { onCancelar: () => void }) {
  const { enviar, error, procesando } = useEntradaPin();
  return (
    <PinPad
      etiqueta="PIN"
      textoEnviar="Entrar"
      procesando={procesando}
      error={error}
      onEnviar={(pin) => void enviar(pin)}
      onCancelar={onCancelar}
    />
  );
}
