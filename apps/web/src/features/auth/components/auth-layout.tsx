import { BarChart3, Download, ShoppingBasket, SlidersHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { APP_NAME } from '../../../lib/app-info';

const VENTAJAS = [
  { icono: BarChart3, titulo: 'Visualización interactiva', texto: 'Gráficos de tus ventas, categorías y horarios para decidir mejor.' },
  { icono: SlidersHorizontal, titulo: 'Filtros avanzados', texto: 'Filtra por fechas, categorías y métodos de pago en segundos.' },
  { icono: Download, titulo: 'Exportación flexible', texto: 'Descarga tus datos en CSV o Excel cuando los necesites.' },
];

/** The public pages' frame: what the product offers beside the form. */
export function AuthLayout({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <div className="grid min-h-screen bg-slate-50 lg:grid-cols-2">
      <aside className="hidden flex-col justify-between bg-gradient-to-br from-marca-800 to-marca-900 p-12 text-white lg:flex">
        <p className="flex items-center gap-2 text-xl font-bold">
          <ShoppingBasket className="size-7" aria-hidden="true" /> {APP_NAME}
        </p>
        <div>
          <p className="text-3xl leading-tight font-bold">El día de tu minimarket, ordenado en un solo lugar.</p>
          <p className="mt-3 text-marca-100">Punto de venta, inventario, cargas de datos y análisis de tus ventas.</p>
          <ul className="mt-10 space-y-6">
            {VENTAJAS.map(({ icono: Icono, titulo: t, texto }) => (
              <li key={t} className="flex gap-4">
                <span className="rounded-lg bg-white/10 p-2.5">
                  <Icono className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-semibold">{t}</span>
                  <span className="block text-sm text-marca-100">{texto}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-xs text-marca-200">
          © {new Date().getFullYear()} {APP_NAME}
        </p>
      </aside>
      <main className="flex items-center justify-center px-4 py-10 sm:px-8">
        <div className="w-full max-w-md">
          <p className="mb-6 flex items-center justify-center gap-2 text-lg font-bold text-slate-900 lg:hidden">
            <ShoppingBasket className="size-6 text-marca-700" aria-hidden="true" /> {APP_NAME}
          </p>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-2xl font-bold text-slate-900">{titulo}</h1>
            <div className="mt-6">{children}</div>
          </div>
        </div>
      </main>
    </div>
  );
}
