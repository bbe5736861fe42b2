// The shared till (issue 31, docs/cajeros.md «La caja compartida»): on a device where the shop's people
// take turns, «Cambiar cajero» switches the session by PIN, and the till locks itself back to a PIN
// screen after the shop's idle minutes and right after a shift is closed. The state lives in
// localStorage (estado.ts): a reload keeps a locked till locked, and each device locks on its own.
// The screens (the PIN screen, the switch dialog) read this context; app/provider.tsx mounts them.
import type { UsuarioActual } from '@minimarket/contracts/usuarios';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authKeys, useAuth } from '../auth';
import { useCurrentShop } from '../current-shop';
import { esDeLaTienda } from '../permisos';
import { entrarConPin } from './entrar';
import {
  type Bloqueo,
  CLAVES_CAJA,
  guardarActividad,
  guardarBloqueo,
  leerActividad,
  leerBloqueo,
  leerCompartida,
  marcarCompartida,
} from './estado';
import { debeBloquearse, debeRegistrarActividad, esCajaCompartida, msHastaBloqueo } from './inactividad';

/** What counts as someone at the till: a touch or click, a key (a scanner types keys), the wheel. */
const EVENTOS_ACTIVIDAD = ['pointerdown', 'keydown', 'wheel'] as const;

interface CajaCompartidaValue {
  /** «Cambiar cajero» applies: someone of a shop (an owner or a cashier) is signed in with a shop. */
  disponible: boolean;
  /** This device is a shared till (it locks itself). */
  compartida: boolean;
  bloqueo: Bloqueo | null;
  /** Locks a shared till now (a no-op elsewhere); `aviso` is said above the PIN pad. */
  bloquear: (aviso?: string) => void;
  /** The PIN of anyone of the shop: the session becomes theirs, the device a shared till, the lock lifts. */
  entrar: (pin: string) => Promise<UsuarioActual>;
  cambiando: boolean;
  abrirCambio: () => void;
  cerrarCambio: () => void;
}

const CajaCompartidaContext = createContext<CajaCompartidaValue | null>(null);

export function CajaCompartidaProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { idMinimarket, minutosBloqueoCaja } = useCurrentShop();
  const queryClient = useQueryClient();
  const [marcada, setMarcada] = useState(leerCompartida);
  const [bloqueo, setBloqueo] = useState<Bloqueo | null>(leerBloqueo);
  const [cambiando, setCambiando] = useState(false);
  // A session begins, ends or changes person: read what this device keeps again (a logout or a
  // password login cleared it; a PIN switch wrote it).
  const persona = user?.id_usuario ?? null;
  const [personaLeida, setPersonaLeida] = useState(persona);
  if (persona !== personaLeida) {
    setPersonaLeida(persona);
    setMarcada(leerCompartida());
    setBloqueo(leerBloqueo());
    setCambiando(false);
  }
  const disponible = esDeLaTienda(user?.rol) && idMinimarket !== null;
  const compartida = disponible && esCajaCompartida(user?.rol, marcada);
  // Without a session there is no till to lock (the login page is the lock).
  const bloqueoVigente = user ? bloqueo : null;

  const bloquear = useCallback(
    (aviso?: string) => {
      if (!compartida) return;
      const nuevo = { desde: new Date().toISOString(), aviso: aviso ?? null };
      guardarBloqueo(nuevo);
      setBloqueo(nuevo);
      setCambiando(false);
    },
    [compartida],
  );

  const entrar = useCallback(
    async (pin: string) => {
      if (idMinimarket === null) throw new Error('Sin tienda.');
      const usuario = await entrarConPin(queryClient, idMinimarket, pin);
      marcarCompartida();
      setMarcada(true);
      guardarBloqueo(null);
      setBloqueo(null);
      guardarActividad(Date.now());
      setCambiando(false);
      return usuario;
    },
    [queryClient, idMinimarket],
  );

  // Another tab of this browser locked, unlocked or ended the session: this one follows.
  useEffect(() => {
    const alCambiar = (e: StorageEvent) => {
      if (e.key === null || CLAVES_CAJA.has(e.key)) {
        setMarcada(leerCompartida());
        const antes = bloqueo;
        const ahora = leerBloqueo();
        setBloqueo(ahora);
        // Unlocked there, perhaps by someone else: this tab asks who is signed in now.
        if (antes && !ahora) void queryClient.invalidateQueries({ queryKey: authKeys.me });
      }
    };
    window.addEventListener('storage', alCambiar);
    return () => window.removeEventListener('storage', alCambiar);
  }, [bloqueo, queryClient]);

  // The idle timer: every input moves the last activity; a timer set for the remaining minutes
  // checks again when it fires (an input meanwhile only pushes the deadline).
  const ultima = useRef(0);
  useEffect(() => {
    if (!compartida || bloqueoVigente || minutosBloqueoCaja === null) return;
    ultima.current = leerActividad(Date.now());
    let temporizador = 0;
    const revisar = () => {
      // Another tab of this till may have had the input meanwhile.
      const ultimaActividad = Math.max(ultima.current, leerActividad(Date.now()));
      const ahora = Date.now();
      if (debeBloquearse({ compartida, bloqueada: false, ultimaActividad, minutos: minutosBloqueoCaja }, ahora)) {
        bloquear();
        return;
      }
      temporizador = window.setTimeout(revisar, msHastaBloqueo(ultimaActividad, ahora, minutosBloqueoCaja));
    };
    const alUsar = () => {
      const ahora = Date.now();
      if (!debeRegistrarActividad(ultima.current, ahora)) return;
      ultima.current = ahora;
      guardarActividad(ahora);
    };
    for (const evento of EVENTOS_ACTIVIDAD) window.addEventListener(evento, alUsar, { capture: true, passive: true });
    revisar();
    return () => {
      window.clearTimeout(temporizador);
      for (const evento of EVENTOS_ACTIVIDAD) window.removeEventListener(evento, alUsar, { capture: true });
    };
  }, [compartida, bloqueoVigente, minutosBloqueoCaja, bloquear]);

  const value = useMemo<CajaCompartidaValue>(
    () => ({
      disponible,
      compartida,
      bloqueo: bloqueoVigente,
      bloquear,
      entrar,
      cambiando,
      abrirCambio: () => setCambiando(true),
      cerrarCambio: () => setCambiando(false),
    }),
    [disponible, compartida, bloqueoVigente, bloquear, entrar, cambiando],
  );
  return <CajaCompartidaContext.Provider value={value}>{children}</CajaCompartidaContext.Provider>;
}

export function useCajaCompartida(): CajaCompartidaValue {
  const value = useContext(CajaCompartidaContext);
  if (!value) throw new Error('useCajaCompartida debe usarse dentro de CajaCompartidaProvider');
  return value;
}
