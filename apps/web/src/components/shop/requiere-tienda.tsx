import { Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentShop } from '../../lib/current-shop';
import { buttonClasses } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { Loading } from '../ui/loading';
import { RetryAlert } from '../ui/query-result';

export const MENSAJE_SIN_MINIMARKET = 'No se encontró un minimarket asignado a este usuario.';
export const MENSAJE_ERROR_VERIFICAR_MINIMARKET = 'Error al verificar el minimarket del usuario.';

/** Renders its children with the current shop's id, or explains why there is none. */
export function RequiereTienda({ children }: { children: (idMinimarket: number) => ReactNode }) {
  const { idMinimarket, cargando, puedeElegir, errorAlVerificar, reintentar } = useCurrentShop();
  if (cargando) return <Loading />;
  if (errorAlVerificar) return <RetryAlert onReintentar={reintentar}>{MENSAJE_ERROR_VERIFICAR_MINIMARKET}</RetryAlert>;
  if (!idMinimarket) {
    return puedeElegir ? (
      <EmptyState
        icono={Store}
        titulo="Todavía no hay minimarkets registrados."
        accion={
          <Link to="/usuarios/gestion-minimarket" className={buttonClasses('primario')}>
            Ir a Gestión de Minimarket
          </Link>
        }
      >
        Crea un minimarket y asígnalo a un usuario pyme para usar el punto de venta y las cargas.
      </EmptyState>
    ) : (
      <EmptyState icono={Store} titulo={MENSAJE_SIN_MINIMARKET}>
        Pide a un administrador que registre tu minimarket para usar el punto de venta y las cargas de datos.
      </EmptyState>
    );
  }
  return <>{children(idMinimarket)}</>;
}
