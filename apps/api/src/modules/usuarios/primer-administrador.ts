// A real deployment has no demo accounts: its first administrador comes from ADMIN_EMAIL and
// ADMIN_PASSWORD, created on a start that finds no administrador at all. Once there is one,
// those variables are ignored (they never reset anyone's password).
import { correoSchema, passwordSchema } from '@minimarket/contracts/comunes';
import type { Db } from '../../db/client.js';
import { crearUsuario, hayAdministrador } from '../../data/usuario.js';
import { hashPassword } from '../../lib/passwords.js';
import { LLAVES_BLOQUEO } from '../../lib/llaves-bloqueo.js';

export const NOMBRE_PRIMER_ADMINISTRADOR = 'Administrador';
/** Any constant: two replicas starting at once create one administrador, not two. */
const LOCK_PRIMER_ADMINISTRADOR = LLAVES_BLOQUEO.primerAdministrador;

export type ResultadoPrimerAdministrador = 'creado' | 'ya_habia';

export async function crearPrimerAdministrador(
  db: Db,
  datos: { correo: string; contrasena: string },
): Promise<ResultadoPrimerAdministrador> {
  const correo = correoSchema.safeParse(datos.correo);
  if (!correo.success) throw new Error(`ADMIN_EMAIL no es un correo válido: ${correo.error.issues[0]?.message}`);
  const contrasena = passwordSchema.safeParse(datos.contrasena);
  if (!contrasena.success) throw new Error(`ADMIN_PASSWORD no cumple la regla de contraseñas: ${contrasena.error.issues[0]?.message}`);
  const contrasena_hash = await hashPassword(contrasena.data);

  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_PRIMER_ADMINISTRADOR}::bigint)`;
    if (await hayAdministrador(tx)) return 'ya_habia';
    // The RUTs are the platform's own business, not a shop's: left blank, as the admin screen shows them.
    await crearUsuario(tx, {
      nombre: NOMBRE_PRIMER_ADMINISTRADOR,
      correo: correo.data,
      contrasena_hash,
      empresa: '',
      rut_usuario: '',
      rut_empresa: '',
      rol: 'administrador',
      estado: 'activo',
    });
    return 'creado';
  });
}
