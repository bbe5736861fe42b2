import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { CajaCompartidaProvider, useCajaCompartida } from '../../lib/caja-compartida/provider';

// The shared till's screens load the first time they are shown (a shared till preloads them).
const cargarPantallas = () => import('../../components/shop/caja-compartida');
const PantallaBloqueo = lazy(() => cargarPantallas().then((m) => ({ default: m.PantallaBloqueo })));
const CambiarCajeroDialog = lazy(() => cargarPantallas().then((m) => ({ default: m.CambiarCajeroDialog })));

/** The locked till over everything (also the receipt pages outside the layout), and «Cambiar cajero». */
function PantallasCajaCompartida() {
  const { bloqueo, cambiando, compartida } = useCajaCompartida();
  // A shared till has its lock screen ready before it is needed (no blank moment when it locks).
  useEffect(() => {
    if (compartida) void cargarPantallas();
  }, [compartida]);
  return (
    <Suspense fallback={null}>
      {bloqueo && <PantallaBloqueo />}
      {cambiando && !bloqueo && <CambiarCajeroDialog />}
    </Suspense>
  );
}

/** Every signed-in route stands under the shared till (docs/cajeros.md «La caja compartida»). */
export function ConCajaCompartida() {
  return (
    <CajaCompartidaProvider>
      <Outlet />
      <PantallasCajaCompartida />
    </CajaCompartidaProvider>
  );
}
