import { BookOpen, ScanBarcode, Settings2, Upload } from 'lucide-react';
import { LinkCard } from '../../../components/ui/link-card';

const RECURSOS = [
  {
    icono: Upload,
    titulo: 'Carga tu inventario desde Excel',
    texto: 'Descarga la plantilla, completa tus productos y súbela en Cargar Información.',
    to: '/cargar/cargar-datos',
  },
  {
    icono: ScanBarcode,
    titulo: 'Vende con el lector de código de barras',
    texto: 'En Nueva venta, escanea el producto y se agrega solo al carrito.',
    to: '/pos/nueva-venta',
  },
  {
    icono: Settings2,
    titulo: 'Define tu umbral de stock bajo',
    texto: 'Recibe avisos cuando un producto baje de la cantidad que elijas.',
    to: '/configuracion',
  },
  {
    icono: BookOpen,
    titulo: 'Revisa tus ventas pasadas',
    texto: 'Busca una venta por número o por rango de fechas en Transacciones.',
    to: '/pos/transacciones',
  },
];

/** Short how-to guides that link to the screens where each thing is done. */
export function RecursosAprendizaje() {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {RECURSOS.map(({ icono, titulo, texto, to }) => (
        <li key={to}>
          <LinkCard to={to} icono={icono} titulo={titulo} texto={texto} />
        </li>
      ))}
    </ul>
  );
}
