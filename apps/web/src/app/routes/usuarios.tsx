import { SectionLayout } from '../../components/ui/section-layout';
import { GestionMinimarketPage } from '../../features/administracion/components/gestion-minimarket-page';
import { GestionUsuariosPage } from '../../features/administracion/components/gestion-usuarios-page';

export function UsuariosLayout() {
  return (
    <SectionLayout
      titulo="Administración"
      pestanas={[
        { to: '/usuarios/gestion-usuarios', label: 'GESTIÓN DE USUARIOS' },
        { to: '/usuarios/estadistica-usuarios', label: 'ESTADÍSTICA DE USUARIOS' },
        { to: '/usuarios/gestion-minimarket', label: 'GESTIÓN DE MINIMARKET' },
      ]}
    />
  );
}

export const GestionUsuariosRoute = GestionUsuariosPage;
export const GestionMinimarketRoute = GestionMinimarketPage;
