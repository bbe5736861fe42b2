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

/**
 * What a sale moves, made, voided or returned: stock (products), the sales lists, every analytics figure,
 * the open shift's cash, a fiado customer's balance, and (with boletas) the documents queued for it.
 */
export const LO_QUE_MUEVE_UNA_VENTA = [RAIZ.productos, RAIZ.ventas, RAIZ.analitica, RAIZ.caja, RAIZ.clientes, RAIZ.boletas] as const;
