export { RecuperarContrasenaPage as RecuperarContrasenaRoute } from '../../features/auth/components/recuperar-contrasena-page';
export { ResetPasswordPage as ResetPasswordRoute } from '../../features/auth/components/reset-password-page';
