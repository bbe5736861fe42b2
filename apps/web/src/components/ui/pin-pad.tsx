import { Delete } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useMediaQuery } from '../../hooks/use-media-query';
import { cn } from '../../utils/cn';
import { Button } from './button';

/** A PIN is 4 to 6 digits (contracts/cajeros.ts PIN_MIN_DIGITOS / PIN_MAX_DIGITOS; literals: no zod in the app shell). */
export const PIN_MIN = 4;
export const PIN_MAX = 6;

const TECLAS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** What is typed on the pad, its checks and its focus: a refusal clears it and gives the field the focus again. */
function usePinPad({
  procesando,
  error,
  onEnviar,
  onCancelar,
  autoFocus,
}: {
  procesando: boolean;
  error?: { texto: string; intento: number } | null;
  onEnviar: (pin: string) => void;
  onCancelar?: () => void;
  autoFocus: boolean;
}) {
  const [pin, setPin] = useState('');
  const campo = useRef<HTMLInputElement>(null);
  const [aviso, setAviso] = useState<string | null>(null);

  // A refusal clears the pad for the next try (and the field has the focus again once enabled).
  const intento = error?.intento;
  const [intentoVisto, setIntentoVisto] = useState(intento);
  if (intento !== intentoVisto) {
    setIntentoVisto(intento);
    setPin('');
  }
  useEffect(() => {
    if (intento !== undefined && !procesando) campo.current?.focus();
  }, [intento, procesando]);

  useEffect(() => {
    if (autoFocus) campo.current?.focus();
  }, [autoFocus]);

  const escribir = (texto: string) => {
    setAviso(null);
    setPin(texto.replace(/\D/g, '').slice(0, PIN_MAX));
  };
  /** A key of the pad: the field keeps the focus, so the keyboard goes on typing into it. */
  const pulsar = (texto: string) => {
    escribir(texto);
    campo.current?.focus();
  };
  const enviar = (e?: FormEvent) => {
    e?.preventDefault();
    if (procesando) return;
    if (pin.length < PIN_MIN) {
      setAviso(`El PIN tiene de ${PIN_MIN} a ${PIN_MAX} dígitos.`);
      return;
    }
    onEnviar(pin);
  };
  const alTeclear = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape' && onCancelar) {
      e.preventDefault();
      onCancelar();
    }
  };

  return { pin, campo, mensaje: aviso ?? error?.texto ?? null, escribir, pulsar, enviar, alTeclear };
}

/** The keys 1–9, Borrar, 0 and the submit key. */
function TecladoPin({
  pin,
  pulsar,
  procesando,
  textoEnviar,
  oscuro,
}: {
  pin: string;
  pulsar: (texto: string) => void;
  procesando: boolean;
  textoEnviar: string;
  oscuro: boolean;
}) {
  const teclaClases = cn(
    'flex h-14 items-center justify-center rounded-xl text-2xl font-semibold transition-colors disabled:opacity-50',
    oscuro
      ? 'bg-white/10 text-white hover:bg-white/20 active:bg-white/30'
      : 'bg-slate-100 text-slate-900 hover:bg-slate-200 active:bg-slate-300',
  );
  return (
    <div className="grid grid-cols-3 gap-2" role="group" aria-label="Teclado del PIN">
      {TECLAS.map((d) => (
        <button key={d} type="button" className={teclaClases} disabled={procesando} onClick={() => pulsar(pin + d)}>
          {d}
        </button>
      ))}
      <button
        type="button"
        className={cn(teclaClases, 'text-base')}
        disabled={procesando || pin.length === 0}
        onClick={() => pulsar(pin.slice(0, -1))}
        aria-label="Borrar un dígito"
      >
        <Delete className="size-6" aria-hidden="true" />
      </button>
      <button type="button" className={teclaClases} disabled={procesando} onClick={() => pulsar(pin + '0')}>
        0
      </button>
      <button
        type="submit"
        className={cn(
          'flex h-14 items-center justify-center rounded-xl px-1 text-base font-semibold text-white disabled:opacity-50',
          'bg-marca-700 hover:bg-marca-800',
        )}
        disabled={procesando}
      >
        {textoEnviar}
      </button>
    </div>
  );
}

/**
 * The PIN pad of the shared till and of the owner's approval: big keys (56 px) for a finger, and a real
 * password field under them, so a keyboard types into it, Enter submits and Escape cancels, and a screen
 * reader hears a labelled field. On a touch screen the field asks for no on-screen keyboard (the keys
 * are the keyboard). Each refusal (`error` changing) clears what was typed.
 */
export function PinPad({
  etiqueta = 'PIN',
  textoEnviar = 'Entrar',
  procesando = false,
  error,
  onEnviar,
  onCancelar,
  autoFocus = true,
  oscuro = false,
}: {
  etiqueta?: string;
  textoEnviar?: string;
  procesando?: boolean;
  /** The last refusal in the server's words; a new one (or the same again, by `intento`) clears the pad. */
  error?: { texto: string; intento: number } | null;
  onEnviar: (pin: string) => void;
  onCancelar?: () => void;
  autoFocus?: boolean;
  /** White on dark (the locked till's full screen). */
  oscuro?: boolean;
}) {
  const { pin, campo, mensaje, escribir, pulsar, enviar, alTeclear } = usePinPad({ procesando, error, onEnviar, onCancelar, autoFocus });
  const id = useId();
  const tactil = useMediaQuery('(pointer: coarse)');

  return (
    <form onSubmit={enviar} noValidate className="mx-auto w-full max-w-xs space-y-4">
      <div className="space-y-1">
        <label htmlFor={id} className={cn('block text-center text-sm font-medium', oscuro ? 'text-slate-200' : 'text-slate-700')}>
          {etiqueta}
        </label>
        <input
          ref={campo}
          id={id}
          // Inside a Dialog the field takes the focus when it opens (components/ui/dialog.tsx).
          data-autofocus={autoFocus ? true : undefined}
          type="password"
          inputMode={tactil ? 'none' : 'numeric'}
          autoComplete="off"
          maxLength={PIN_MAX}
          value={pin}
          disabled={procesando}
          aria-invalid={Boolean(mensaje)}
          aria-describedby={mensaje ? `${id}-error` : undefined}
          onChange={(e) => escribir(e.target.value)}
          onKeyDown={alTeclear}
          className={cn(
            'block h-14 w-full rounded-xl border text-center font-mono text-3xl tracking-[0.5em]',
            oscuro ? 'border-white/30 bg-white/10 text-white' : 'border-slate-300 bg-white text-slate-900',
          )}
        />
        <p
          id={`${id}-error`}
          role="alert"
          className={cn('min-h-5 text-center text-sm font-medium', oscuro ? 'text-red-300' : 'text-red-700')}
        >
          {mensaje}
        </p>
      </div>
      <TecladoPin pin={pin} pulsar={pulsar} procesando={procesando} textoEnviar={textoEnviar} oscuro={oscuro} />
      {onCancelar && (
        <Button variante={oscuro ? 'secundario' : 'contorno'} className="w-full" onClick={onCancelar} disabled={procesando}>
          Cancelar
        </Button>
      )}
    </form>
  );
}
