import { ShopSelector } from '../../components/shop/shop-selector';
import { RequiereTienda } from '../../components/shop/requiere-tienda';
import { SectionLayout } from '../../components/ui/section-layout';
import { CargarDatosPage } from '../../features/cargas/components/cargar-datos-page';

export function CargarLayout() {
  return (
    <SectionLayout
      titulo="Cargar Información"
      acciones={<ShopSelector />}
      pestanas={[{ to: '/cargar/cargar-datos', label: 'CARGAR DATOS' }]}
    />
  );
}

export function CargarDatosRoute() {
  return <RequiereTienda>{(id) => <CargarDatosPage key={id} idMinimarket={id} />}</RequiereTienda>;
}
