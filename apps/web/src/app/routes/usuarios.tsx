import { SectionLayout } from '../../components/ui/section-layout';
import { GestionMinimarketPage } from '../../features/administracion/components/gestion-minimarket-page';
import { GestionUsuariosPage } from '../../features/administracion/components/gestion-usuarios-page';

export function UsuariosLayout() {
  return (
    <SectionLayout
      titulo="Administración"
      pestanas={[
        { to: '/usuarios/gestion-usuarios', label: 'Gestión de usuarios' },
        { to: '/usuarios/estadistica-usuarios', label: 'Estadística de usuarios' },
        { to: '/usuarios/gestion-minimarket', label: 'Gestión de minimarket' },
      ]}
    />
  );
}

export const GestionUsuariosRoute = GestionUsuariosPage;
export const GestionMinimarketRoute = GestionMinimarketPage;
