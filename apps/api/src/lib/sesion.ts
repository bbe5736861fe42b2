// Who is asking: the signed-in user of a request, as the auth plugin (plugins/app/auth.ts) reads
// it at every request and the services receive it. Here, below both, so a service never imports a
// plugin (docs/mapa.md, "Capas").
import type { Rol } from '@minimarket/contracts/comunes';

export interface UsuarioSesion {
  id_usuario: number;
  nombre: string;
  /** Null only for a cashier who enters by PIN alone. */
  correo: string | null;
  rol: Rol;
  /** A cashier's shop (rol 'cajero'); null for anyone else. */
  id_minimarket_cajero: number | null;
}
