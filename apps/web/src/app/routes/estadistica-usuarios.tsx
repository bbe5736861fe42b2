// Its own module: recharts loads only when this tab is opened.
export { EstadisticaUsuariosPage as EstadisticaUsuariosRoute } from '../../features/administracion/components/estadistica-usuarios-page';
