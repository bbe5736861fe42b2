export { NotificacionesPage as NotificacionesRoute } from '../../features/notificaciones/components/notificaciones-page';
