// Reading a barcode, for Nueva venta and Nuevo producto: the scanner gun from anywhere on the page, the
// field to type a code and «Escanear con la cámara».
export { EscanerPanel, type EstadoEscaneo } from './components/escaner-panel';
export { useBarcodeScanner } from './hooks/use-barcode-scanner';
