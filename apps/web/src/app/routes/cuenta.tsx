export { AuditoriaPage as AuditoriaRoute } from '../../features/cuenta/components/auditoria-page';
export { ConfiguracionPage as ConfiguracionRoute } from '../../features/cuenta/components/configuracion-page';
export { PerfilPage as PerfilRoute } from '../../features/cuenta/components/perfil-page';
