import { useState } from 'react';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useAuth } from '../../lib/auth';
import { mensajeVentasSinEnviar } from '../../lib/offline/outbox';
import { useEstadoOutbox } from '../../lib/offline/use-outbox';

/**
 * «Cerrar sesión», from the user menu or the locked till. With sales of this device still waiting to be
 * sent it asks first and says they stay (docs/offline.md): they go out when anyone of the shop signs in.
 */
export function useCerrarSesion(alSalir?: () => void) {
  const { logout } = useAuth();
  const { pendientes } = useEstadoOutbox();
  const [preguntando, setPreguntando] = useState(false);
  const salir = () => {
    setPreguntando(false);
    logout();
    alSalir?.();
  };
  const pedir = () => (pendientes > 0 ? setPreguntando(true) : salir());
  const dialogo = (
    <ConfirmDialog
      abierto={preguntando}
      titulo="¿Cerrar sesión?"
      textoConfirmar="Cerrar sesión"
      textoProcesando="Cerrando..."
      onCancelar={() => setPreguntando(false)}
      onConfirmar={salir}
    >
      <span data-testid="aviso-ventas-sin-enviar">{mensajeVentasSinEnviar(pendientes)}</span>
    </ConfirmDialog>
  );
  return { pedir, dialogo };
}
