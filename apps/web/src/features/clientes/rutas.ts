/** Where CLIENTES lives in the POS area, and each customer's page under it. */
export const RUTA_CLIENTES = '/pos/clientes';
export const rutaCliente = (idCliente: number) => `${RUTA_CLIENTES}/${idCliente}`;
