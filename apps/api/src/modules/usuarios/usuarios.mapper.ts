import type { Usuario, UsuarioActual } from '@minimarket/contracts/usuarios';
import type { Usuario as UsuarioRow } from '../../generated/prisma/client.js';

/**
 * The wire shape of an account the administrators manage (an owner or an administrador, whose
 * fields are all set: CHECK usuario_cuenta_completa_check): never the password hash.
 */
export function toUsuarioDto(u: UsuarioRow): Usuario {
  return {
    id_usuario: u.id_usuario,
    nombre: u.nombre,
    correo: u.correo ?? '',
    empresa: u.empresa ?? '',
    direccion: u.direccion,
    rut_usuario: u.rut_usuario ?? '',
    rut_empresa: u.rut_empresa ?? '',
    rol: u.rol as Usuario['rol'],
    descripcion: u.descripcion,
    estado: u.estado as Usuario['estado'],
    fecha_creacion: u.fecha_creacion.toISOString(),
  };
}

/** GET /users/me: anyone's own account, a cashier's too (whose e-mail, company and RUTs may be null). */
export function toUsuarioActualDto(u: UsuarioRow, minimarkets: UsuarioActual['minimarkets'], tienePin: boolean): UsuarioActual {
  return {
    ...toUsuarioDto(u),
    rol: u.rol as UsuarioActual['rol'],
    correo: u.correo,
    empresa: u.empresa,
    rut_usuario: u.rut_usuario,
    rut_empresa: u.rut_empresa,
    minimarkets,
    tiene_pin: tienePin,
  };
}
