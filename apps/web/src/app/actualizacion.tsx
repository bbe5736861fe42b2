import { RefreshCw } from 'lucide-react';
import { useRegisterSW } from 'virtual:pwa-register/react';

/**
 * The service worker (vite.config.ts, Workbox) keeps the app's shell for working without a
 * connection. A new version is downloaded in the background and offered here; it takes over only
 * when the person presses «Actualizar» (the page reloads), so a sale in progress is never cut.
 */
export function ActualizacionDisponible() {
  const {
    needRefresh: [hayNueva, setHayNueva],
    updateServiceWorker,
  } = useRegisterSW({
    // Registered at once, not after the window's load event: on a first visit the shell is cached (and
    // a reload without a connection works) that much sooner.
    immediate: true,
    onRegisteredSW(_url, registro) {
      // Look for a new version every hour while the app stays open (a till is open all day).
      if (registro) window.setInterval(() => void registro.update().catch(() => {}), 60 * 60_000);
    },
  });
  if (!hayNueva) return null;
  return (
    <div
      role="status"
      className="fixed right-3 bottom-3 z-[70] flex max-w-[calc(100vw-1.5rem)] flex-wrap items-center gap-3 rounded-xl border border-marca-200 bg-white px-4 py-3 text-sm shadow-lg print:hidden"
    >
      <span className="font-medium text-slate-900">Hay una versión nueva</span>
      <button
        type="button"
        className="inline-flex items-center gap-1.5 rounded-lg bg-marca-700 px-3 py-1.5 font-medium text-white hover:bg-marca-800"
        onClick={() => void updateServiceWorker(true)}
      >
        <RefreshCw className="size-4" aria-hidden="true" /> Actualizar
      </button>
      <button type="button" className="rounded-lg px-2 py-1.5 text-slate-600 hover:bg-slate-100" onClick={() => setHayNueva(false)}>
        Más tarde
      </button>
    </div>
  );
}
