// What the other POS features use of a product (features reach each other only through their index.ts):
// the list and its search, the barcode lookup, and how a table shows a product and its stock.
export { buscarPorCodigo, productosQueryOptions, type ProductosParams } from './api/productos';
export { OpcionesCategoria } from './components/opciones-categoria';
export { ProductoCelda } from './components/producto-celda';
export { StockBadge } from './components/stock-badge';
export { useBusquedaProductos } from './hooks/use-busqueda-productos';
