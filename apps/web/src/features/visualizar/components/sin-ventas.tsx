import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';

/**
 * What a page shows when the shop has no sales in the chosen range (or none at all): how to get
 * data, never a page of zeros dressed as figures.
 */
export function SinVentas({ titulo = 'No hay ventas en este rango.', conFiltros = true }: { titulo?: string; conFiltros?: boolean }) {
  return (
    <EmptyState
      icono={ShoppingCart}
      titulo={titulo}
      accion={
        <div className="flex flex-wrap justify-center gap-2">
          <Link to="/pos/nueva-venta" className={buttonClasses('primario')}>
            Registrar una venta
          </Link>
          <Link to="/cargar/cargar-datos" className={buttonClasses('contorno')}>
            Ir a Cargar Información
          </Link>
        </div>
      }
    >
      <p>
        Estas cifras se calculan con las ventas reales de tu minimarket. Para tener datos, registra ventas en el POS o carga tu historial de
        ventas en{' '}
        <Link to="/cargar/cargar-datos" className="font-medium text-marca-700 underline">
          Cargar Información
        </Link>
        .
      </p>
      {conFiltros && <p className="mt-2">Si ya tienes ventas, prueba con otro rango de fechas, categoría o método de pago.</p>}
    </EmptyState>
  );
}
