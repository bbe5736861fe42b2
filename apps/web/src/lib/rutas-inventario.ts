// Links into Inventario that land on one product (a notification, a recommendation). The inventory
// page reads the same parameters, so the link and the page cannot drift apart.
export const RUTA_INVENTARIO = '/pos/buscar-producto';
export const PARAM_PRODUCTO = 'producto';
export const PARAM_ACCION = 'accion';
/** Opens 'Agregar stock' for the linked product as soon as it has loaded. */
export const ACCION_AGREGAR_STOCK = 'agregar-stock';

export const rutaProductoInventario = (idProducto: number) => `${RUTA_INVENTARIO}?${PARAM_PRODUCTO}=${idProducto}`;
export const rutaAgregarStock = (idProducto: number) => `${rutaProductoInventario(idProducto)}&${PARAM_ACCION}=${ACCION_AGREGAR_STOCK}`;
