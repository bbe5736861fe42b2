/** Where CLIENTES lives in the POS area, and each customer's page under it. */
export const RUTA_CLIENTES = '/pos/clientes';
export const rutaCliente = (idCliente: number) => `${RUTA_CLIENTES}/${idCliente}`;
/** The statement on the counter's thermal roll (58 or 80 mm), outside the app's layout. */
export const rutaImpresionTermica = (idCliente: number) => `${rutaCliente(idCliente)}/imprimir`;
