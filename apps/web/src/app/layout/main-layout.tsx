import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ChatPanel, type EstadoChat } from '../../features/ayuda/components/chat-panel';
import { ID_PREGUNTA_BADITO, RUTA_BADITO } from '../../lib/app-info';
import { useAuth } from '../../lib/auth';
import { useMediaQuery } from '../../hooks/use-media-query';
import { useSinConexion } from '../../lib/offline/conexion';
import { useAvisoVentasEnviadas, useEnvioOutbox } from '../../lib/offline/use-outbox';
import { puede } from '../../lib/permisos';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { useEventosSoporte } from '../../lib/soporte';
import { RequireRole } from '../require-role';
import { Footer } from './footer';
import { DentroDelMarco } from './marco';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

/** Below this width the sidebar starts folded and folds again after choosing a link (spec §9). */
const ANCHO_AUTOCOLAPSO = 768;
const consultaAngosta = `(max-width: ${ANCHO_AUTOCOLAPSO - 0.02}px)`;

function esAngosta(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(consultaAngosta).matches;
}

const avisarEnvio = (texto: string) => toast.success(texto, { duration: 4000 });

function Shell() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  // Badito's page is Badito: the floating panel would be a second one beside it.
  const enBadito = pathname === RUTA_BADITO;
  const [colapsado, setColapsado] = useState(esAngosta);
  // On a narrow screen the open menu floats over the page as a modal (sidebar.tsx): the page behind is inert.
  const angosta = useMediaQuery(consultaAngosta);
  const menuModal = angosta && !colapsado;
  const cerrarMenu = useCallback(() => setColapsado(true), []);
  const [chat, setChat] = useState<EstadoChat>('cerrado');
  // One live support stream per tab: new answers, unread counts and the bell update without a reload.
  // Not for a cashier: support is the owner's (the server refuses them the stream).
  useEventosSoporte(Boolean(user) && puede(user?.rol ?? 'cajero', 'soporte'));
  // The outbox of sales made without a connection is sent from any screen, not only the counter.
  useEnvioOutbox(Boolean(user));
  useAvisoVentasEnviadas(avisarEnvio);
  const sinConexion = useSinConexion();
  // Only the counter works without a connection (and the receipts of its sales); elsewhere say so.
  const funcionaSinConexion = pathname === '/pos/nueva-venta';

  useEffect(() => {
    const media = window.matchMedia(consultaAngosta);
    const alCambiar = (e: MediaQueryListEvent) => {
      if (e.matches) setColapsado(true);
    };
    media.addEventListener('change', alCambiar);
    return () => media.removeEventListener('change', alCambiar);
  }, []);

  const alNavegar = useCallback(() => {
    if (esAngosta()) setColapsado(true);
  }, []);

  if (!user) return null;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#contenido"
        className="sr-only z-[60] rounded-md bg-white px-3 py-2 text-sm font-medium text-marca-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Saltar al contenido
      </a>
      <TopBar
        sidebarColapsado={colapsado}
        onToggleSidebar={() => setColapsado((v) => !v)}
        chatAbierto={enBadito || chat !== 'cerrado'}
        // The help button toggles the panel, and reopening it always shows it full size; on
        // Badito's page it takes you to the page's own question field instead.
        onToggleChat={() =>
          enBadito ? document.getElementById(ID_PREGUNTA_BADITO)?.focus() : setChat((c) => (c === 'cerrado' ? 'abierto' : 'cerrado'))
        }
      />
      <div className="flex flex-1">
        <Sidebar colapsado={colapsado} rol={user.rol} modal={menuModal} onNavegar={alNavegar} onCerrar={cerrarMenu} />
        <div className="flex min-w-0 flex-1 flex-col" inert={menuModal}>
          <main id="contenido" tabIndex={-1} className="flex-1 px-4 pt-4 pb-24 focus:outline-none md:px-6 md:pt-6 print:p-0">
            {sinConexion && !funcionaSinConexion && (
              <Alert tipo="aviso" className="mb-4 print:hidden">
                <span data-testid="aviso-sin-conexion">
                  Sin conexión: esta pantalla necesita internet. La caja (POS → Nueva venta) sigue vendiendo sin conexión.
                </span>
              </Alert>
            )}
            <DentroDelMarco value={true}>
              <Outlet />
            </DentroDelMarco>
          </main>
          <Footer />
        </div>
      </div>
      {!enBadito && <ChatPanel estado={chat} onCambiar={setChat} />}
    </div>
  );
}

export function MainLayout() {
  const { user } = useAuth();
  return (
    <RequireRole>
      {/* Keyed by the person: after «Cambiar cajero» every screen mounts again and asks with their session. */}
      <Shell key={user?.id_usuario ?? 0} />
    </RequireRole>
  );
}
