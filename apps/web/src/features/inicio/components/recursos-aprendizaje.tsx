import { BookOpen, ScanBarcode, Settings2, Upload } from 'lucide-react';
import { Link } from 'react-router-dom';

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
      {RECURSOS.map(({ icono: Icono, titulo, texto, to }) => (
        <li key={to}>
          <Link to={to} className="flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-4 hover:border-marca-500 hover:shadow-sm">
            <span className="h-fit rounded-lg bg-marca-50 p-2 text-marca-700">
              <Icono className="size-5" aria-hidden="true" />
            </span>
            <span>
              <span className="block font-semibold text-slate-900">{titulo}</span>
              <span className="mt-0.5 block text-sm text-slate-600">{texto}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
