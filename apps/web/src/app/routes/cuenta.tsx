export { ConfiguracionPage as ConfiguracionRoute } from '../../features/cuenta/components/configuracion-page';
export { PerfilPage as PerfilRoute } from '../../features/cuenta/components/perfil-page';
