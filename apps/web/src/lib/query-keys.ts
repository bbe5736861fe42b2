// The first element of every TanStack Query key, one per resource. Each feature builds its own
// keys under its root (features/*/api); a feature that changes another's data (an import changes
// products, sales and notifications) invalidates by root, without importing that feature.
export const RAIZ = {
  productos: ['productos'],
  ventas: ['ventas'],
  notificaciones: ['notificaciones'],
  cargas: ['cargas'],
  usuarios: ['usuarios'],
  minimarkets: ['minimarkets'],
  analitica: ['analitica'],
  soporte: ['soporte'],
  caja: ['caja'],
  clientes: ['clientes'],
  respaldos: ['respaldos'],
  boletas: ['boletas'],
  cajeros: ['cajeros'],
  auditoria: ['auditoria'],
} as const;
