import type { Usuario } from '@minimarket/contracts/usuarios';
import type { Usuario as UsuarioRow } from '../../generated/prisma/client.js';

/** The wire shape: never the password hash. */
export function toUsuarioDto(u: UsuarioRow): Usuario {
  return {
    id_usuario: u.id_usuario,
    nombre: u.nombre,
    correo: u.correo,
    empresa: u.empresa,
    direccion: u.direccion,
    rut_usuario: u.rut_usuario,
    rut_empresa: u.rut_empresa,
    rol: u.rol as Usuario['rol'],
    descripcion: u.descripcion,
    estado: u.estado as Usuario['estado'],
    fecha_creacion: u.fecha_creacion.toISOString(),
  };
}
