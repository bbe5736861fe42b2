import { ArrowLeft, BarChart3, FileText, Flame, LayoutDashboard, List, Table2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { LinkCard } from '../../../components/ui/link-card';
import { Loading } from '../../../components/ui/loading';

// Each view is its own chunk: recharts (Gráficos, Dashboards) and the report load only when opened.
const PAGINAS = {
  graficos: lazy(() => import('./datos-brutos/graficos-page')),
  tablas: lazy(() => import('./datos-brutos/tablas-page')),
  listas: lazy(() => import('./datos-brutos/listas-page')),
  'mapas-calor': lazy(() => import('./datos-brutos/mapa-calor-page')),
  dashboards: lazy(() => import('./datos-brutos/dashboards-page')),
  informes: lazy(() => import('./datos-brutos/informe-page')),
};

export const VISTAS_DATOS_BRUTOS = [
  { path: 'graficos', titulo: 'Gráficos', icono: BarChart3, texto: 'Ventas en el tiempo, por categoría y por método de pago.' },
  { path: 'tablas', titulo: 'Tablas', icono: Table2, texto: 'Las líneas de venta, ordenables y filtrables.' },
  { path: 'listas', titulo: 'Listas', icono: List, texto: 'Rankings de productos y categorías.' },
  { path: 'mapas-calor', titulo: 'Mapas de calor', icono: Flame, texto: 'Ventas por día de la semana y hora.' },
  { path: 'dashboards', titulo: 'Dashboards', icono: LayoutDashboard, texto: 'Indicadores clave para un rango de fechas.' },
  { path: 'informes', titulo: 'Informes', icono: FileText, texto: 'Un informe mensual para imprimir o descargar.' },
] as const;

export function DatosBrutosInicio() {
  // The filters travel with the links, so a range chosen in one view holds in the next.
  const { search } = useLocation();
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Elige cómo quieres ver tus datos. Cada vista tiene filtros por fechas, categoría y método de pago, y se descarga en CSV o Excel.
      </p>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {VISTAS_DATOS_BRUTOS.map(({ path, titulo, icono, texto }) => (
          <li key={path}>
            <LinkCard to={`${path}${search}`} icono={icono} titulo={titulo} texto={texto} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function DatosBrutosDetalle({ vista }: { vista: string | undefined }) {
  const { search } = useLocation();
  const info = VISTAS_DATOS_BRUTOS.find((v) => v.path === vista);
  if (!info) return <Navigate to="/visualizar/datos-brutos" replace />;
  const Pagina = PAGINAS[info.path];
  return (
    <div className="space-y-4">
      <div className="print:hidden">
        <Link
          to={`/visualizar/datos-brutos${search}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-marca-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Volver a Datos en bruto
        </Link>
        <h2 className="mt-1 text-xl font-semibold text-slate-900">{info.titulo}</h2>
        <p className="text-sm text-slate-600">{info.texto}</p>
      </div>
      <Suspense fallback={<Loading />}>
        <Pagina />
      </Suspense>
    </div>
  );
}
