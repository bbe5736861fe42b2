// Who sees what (issue 31, docs/cajeros.md): one table of the app's sections and POS tabs by role,
// read by the route guards, the sidebar, the POS tabs and the top bar, so a screen a role may not use
// is neither linked nor reachable. The server refuses the same things on its own (403 FORBIDDEN_ROLE);
// this table only keeps a cashier from seeing buttons that would fail.
// No zod here: the app shell (sidebar, guards) loads this with the first download.
import type { Rol } from '@minimarket/contracts/comunes';

/** Everyone with a session. */
export const TODOS_LOS_ROLES: readonly Rol[] = ['administrador', 'pyme', 'cajero'];
/** The shop's owners and the administrators: everything but the till is theirs. */
export const DUENOS_Y_ADMIN: readonly Rol[] = ['administrador', 'pyme'];
export const SOLO_ADMIN: readonly Rol[] = ['administrador'];

export type Seccion =
  | 'inicio'
  | 'pos'
  | 'visualizar'
  | 'cargar'
  | 'usuarios'
  | 'chats'
  | 'ayuda'
  | 'soporte'
  | 'notificaciones'
  | 'perfil'
  | 'configuracion'
  | 'comprobante';

export const ROLES_DE_SECCION: Record<Seccion, readonly Rol[]> = {
  inicio: DUENOS_Y_ADMIN,
  pos: TODOS_LOS_ROLES,
  visualizar: DUENOS_Y_ADMIN,
  cargar: DUENOS_Y_ADMIN,
  usuarios: SOLO_ADMIN,
  chats: SOLO_ADMIN,
  // Badito helps everyone; talking to support is the owner's (a cashier asks the owner).
  ayuda: TODOS_LOS_ROLES,
  soporte: DUENOS_Y_ADMIN,
  notificaciones: DUENOS_Y_ADMIN,
  perfil: DUENOS_Y_ADMIN,
  configuracion: DUENOS_Y_ADMIN,
  // The printed receipt and a customer's statement: a cashier prints them.
  comprobante: TODOS_LOS_ROLES,
};

export function puede(rol: Rol, seccion: Seccion): boolean {
  return ROLES_DE_SECCION[seccion].includes(rol);
}

/** Where a role lands on `/`: a cashier's home is the counter. */
export function rutaInicio(rol: Rol | undefined): string {
  return rol === 'cajero' ? '/pos/nueva-venta' : '/inicio';
}

export interface PestanaPos {
  to: string;
  label: string;
  roles: readonly Rol[];
}

/**
 * The POS tabs and who sees each. A cashier sells, looks products up (stock and sale prices, no
 * edits), prints and voids/returns with the owner's PIN, runs the till and takes abonos; creating
 * products, adjusting stock and the boletas are the owner's.
 */
export const PESTANAS_POS: readonly PestanaPos[] = [
  { to: '/pos/nueva-venta', label: 'NUEVA VENTA', roles: TODOS_LOS_ROLES },
  { to: '/pos/nuevo-producto', label: 'NUEVO PRODUCTO', roles: DUENOS_Y_ADMIN },
  { to: '/pos/buscar-producto', label: 'BUSCAR PRODUCTO', roles: TODOS_LOS_ROLES },
  { to: '/pos/transacciones', label: 'TRANSACCIONES', roles: TODOS_LOS_ROLES },
  // 'Mermas' is the word an owner looks for; the page is stock adjustments of every reason.
  { to: '/pos/ajustes', label: 'AJUSTES Y MERMAS', roles: DUENOS_Y_ADMIN },
  { to: '/pos/caja', label: 'CAJA', roles: TODOS_LOS_ROLES },
  // La libreta de fiado (issue #21): who owes what, each customer's statement and abonos.
  { to: '/pos/clientes', label: 'CLIENTES', roles: TODOS_LOS_ROLES },
  // The electronic boletas (issue #23): pending, rejected (retry) and issued by day.
  { to: '/pos/boletas', label: 'BOLETAS', roles: DUENOS_Y_ADMIN },
];

export function pestanasPos(rol: Rol): Array<{ to: string; label: string }> {
  return PESTANAS_POS.filter((p) => p.roles.includes(rol)).map(({ to, label }) => ({ to, label }));
}

/** The roles a POS path is for (its tab's), or everyone for a path without a tab (a customer's page). */
export function rolesDeRutaPos(ruta: string): readonly Rol[] {
  return PESTANAS_POS.find((p) => p.to === ruta)?.roles ?? TODOS_LOS_ROLES;
}

/** The person signs in and works at one shop's till: the PIN switch and the shared till's lock apply. */
export const esDeLaTienda = (rol: Rol | undefined) => rol === 'pyme' || rol === 'cajero';

/** The sidebar's sections, in its order; each role sees those it may enter. */
export const SECCIONES_MENU = ['inicio', 'pos', 'visualizar', 'cargar', 'usuarios', 'chats'] as const satisfies readonly Seccion[];
export type SeccionMenu = (typeof SECCIONES_MENU)[number];

export function seccionesDelMenu(rol: Rol): SeccionMenu[] {
  return SECCIONES_MENU.filter((s) => puede(rol, s));
}
