import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Alert } from '../../../../components/ui/alert';
import { buttonClasses } from '../../../../components/ui/button';
import { minimarketQueryOptions } from '../../../../lib/current-shop';
import { turnoActualQueryOptions } from '../../api/caja';

export const MENSAJE_AVISO_CAJA = 'Este minimarket exige un turno de caja abierto para vender: abre la caja antes de cobrar.';

/**
 * The shop asks for an open shift to sell ("Exigir caja abierta", Configuración) and none is
 * open: said before the cashier builds a cart, with the way to CAJA. When the server refused a
 * sale for it anyway (the setting or the shift changed on another device), its words are shown.
 */
export function AvisoCaja({ idMinimarket, rechazo }: { idMinimarket: number; rechazo: string | null }) {
  const tienda = useQuery(minimarketQueryOptions(idMinimarket));
  const exige = tienda.data?.exigir_caja_abierta === true;
  const turno = useQuery({ ...turnoActualQueryOptions(idMinimarket), enabled: exige || rechazo !== null });
  // Unknown yet, or a shift is open: nothing to say.
  if (turno.data !== null || (!exige && !rechazo)) return null;
  return (
    <Alert
      tipo="aviso"
      className="mb-4"
      accion={
        <Link to="/pos/caja" className={buttonClasses('primario', 'sm')}>
          Ir a CAJA
        </Link>
      }
    >
      {rechazo ?? MENSAJE_AVISO_CAJA}
    </Alert>
  );
}
