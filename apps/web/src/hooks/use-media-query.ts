import { useCallback, useSyncExternalStore } from 'react';

/** Narrower than Tailwind's `sm` (640 px): a phone held upright, where lists become cards. */
export const CONSULTA_TELEFONO = '(max-width: 639.98px)';

/** Whether a media query matches now; the component renders again when that changes (a turned phone, a resized window). */
export function useMediaQuery(consulta: string): boolean {
  const suscribir = useCallback(
    (avisar: () => void) => {
      const media = window.matchMedia(consulta);
      media.addEventListener('change', avisar);
      return () => media.removeEventListener('change', avisar);
    },
    [consulta],
  );
  return useSyncExternalStore(suscribir, () => window.matchMedia(consulta).matches);
}

/** A phone-sized screen (CONSULTA_TELEFONO). */
export const useEsTelefono = () => useMediaQuery(CONSULTA_TELEFONO);
