// «Ajustar stock» as a dialog, for Inventario's rows and Nueva venta's «Corregir stock».
export { AjusteStockDialog } from './components/ajuste-stock-dialog';
