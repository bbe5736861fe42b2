export { PaginaPedirEnlace as PedirEnlaceRoute } from '../../features/auth/components/pedir-enlace';
export { PaginaNuevaContrasena as NuevaContrasenaRoute } from '../../features/auth/components/nueva-contrasena';
