import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { minimarketQueryOptions } from '../../../lib/current-shop';
import { turnoActualQueryOptions } from '../../../lib/caja';
import { AbrirTurnoForm } from '../../caja';

export const MENSAJE_AVISO_CAJA = 'Este minimarket exige un turno de caja abierto para vender: abre la caja antes de cobrar.';
export const MENSAJE_SIN_CAJA =
  'No hay un turno de caja abierto: lo que cobres en efectivo no quedará en ninguna caja ni en su cuadratura.';
export const MENSAJE_EFECTIVO_SIN_CAJA = 'Sin caja abierta: este efectivo no quedará en ningún turno.';

/**
 * Whether the shop has a shift open: true, false, or undefined while it is not known yet. Nueva
 * venta asks once and again whenever the shift changes (opening it here or in CAJA).
 */
export function useCajaAbierta(idMinimarket: number): boolean | undefined {
  const turno = useQuery(turnoActualQueryOptions(idMinimarket));
  return turno.data === undefined ? undefined : turno.data !== null;
}

/** "Seguir sin caja", remembered for this browser tab and shop (a reload does not ask again). */
function useSinCajaAceptado(idMinimarket: number) {
  const clave = `sin-caja:${idMinimarket}`;
  const [aceptado, setAceptado] = useState(() => window.sessionStorage.getItem(clave) === '1');
  return [
    aceptado,
    () => {
      window.sessionStorage.setItem(clave, '1');
      setAceptado(true);
    },
  ] as const;
}

/**
 * No cash shift is open. When the shop demands one ("Exigir caja abierta", Configuración) the
 * cashier is told before building a cart, and when the server refused a sale for it anyway (the
 * setting or the shift changed on another device) its words are shown. When it does not, the
 * cashier is still told that cash would land in no till, and chooses: open it here, or go on
 * without one knowingly ("Seguir sin caja"). The API's behaviour is the same either way.
 */
export function AvisoCaja({
  idMinimarket,
  rechazo,
  soloSiBloquea = false,
}: {
  idMinimarket: number;
  rechazo: string | null;
  /**
   * On the payment screen: only when no sale can be made without the till. There the payment itself
   * says it, and only when it has a cash part (pago-panel.tsx, MENSAJE_EFECTIVO_SIN_CAJA): a card or
   * fiado payment puts no cash anywhere, so «lo que cobres en efectivo…» would be noise.
   */
  soloSiBloquea?: boolean;
}) {
  const tienda = useQuery(minimarketQueryOptions(idMinimarket));
  const abierta = useCajaAbierta(idMinimarket);
  const [aceptado, aceptar] = useSinCajaAceptado(idMinimarket);
  const [abriendo, setAbriendo] = useState(false);
  // Demanded (or refused by the server): the way to CAJA; otherwise the knowing "Seguir sin caja".
  const bloquea = tienda.data?.exigir_caja_abierta === true || rechazo !== null;
  if (abierta !== false || tienda.data === undefined || (!bloquea && (aceptado || soloSiBloquea))) return null;

  return (
    <>
      <Alert
        tipo="aviso"
        className="mb-4"
        accion={
          <span className="flex flex-wrap gap-2">
            <Button tamano="sm" onClick={() => setAbriendo(true)}>
              Abrir caja
            </Button>
            {bloquea ? (
              <Link to="/pos/caja" className={buttonClasses('contorno', 'sm')}>
                Ir a CAJA
              </Link>
            ) : (
              <Button variante="contorno" tamano="sm" onClick={aceptar}>
                Seguir sin caja
              </Button>
            )}
          </span>
        }
      >
        {bloquea ? (rechazo ?? MENSAJE_AVISO_CAJA) : <span data-testid="aviso-sin-caja">{MENSAJE_SIN_CAJA}</span>}
      </Alert>
      <Dialog abierto={abriendo} onCerrar={() => setAbriendo(false)} titulo="Abrir caja">
        <AbrirTurnoForm idMinimarket={idMinimarket} enDialogo onAbierto={() => setAbriendo(false)} />
      </Dialog>
    </>
  );
}
