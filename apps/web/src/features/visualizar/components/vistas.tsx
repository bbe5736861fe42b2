import { ArrowLeft, BarChart3, Box, FileText, Flame, LayoutDashboard, Layers, List, Sparkles, Table2, type LucideIcon } from 'lucide-react';
import { Link, Navigate } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LinkCard } from '../../../components/ui/link-card';

/** How to get data into these screens, said the same way everywhere. */
function ComoTenerDatos() {
  return (
    <>
      Se calculará con las ventas y el stock reales de tu minimarket. Para tener datos, registra ventas en el POS o carga tu historial de
      ventas en{' '}
      <Link to="/cargar/cargar-datos" className="font-medium text-marca-700 underline">
        Cargar Información
      </Link>
      .
    </>
  );
}

function Pronto({ icono, titulo, queVeras }: { icono: LucideIcon; titulo: string; queVeras: string }) {
  return (
    <EmptyState
      icono={icono}
      titulo={titulo}
      accion={
        <Link to="/cargar/cargar-datos" className={buttonClasses('contorno')}>
          Ir a Cargar Información
        </Link>
      }
    >
      <p>{queVeras}</p>
      <p className="mt-2">
        <ComoTenerDatos />
      </p>
    </EmptyState>
  );
}

export function RecomendacionesVista() {
  return (
    <Pronto
      icono={Sparkles}
      titulo="Las recomendaciones estarán disponibles pronto."
      queVeras="Aquí verás qué reponer según la velocidad de venta, tus productos más vendidos y su tendencia, los productos sin ventas en 30 días, los márgenes bajos o negativos y tus horas de mayor venta."
    />
  );
}

export function TarjetasVista() {
  return (
    <Pronto
      icono={Layers}
      titulo="Las tarjetas interactivas estarán disponibles pronto."
      queVeras="Cada tarjeta mostrará un indicador de tu minimarket por el frente y su explicación por el reverso (al hacer clic)."
    />
  );
}

export function CuboVista() {
  return (
    <Pronto
      icono={Box}
      titulo="El cubo 3D estará disponible pronto."
      queVeras="Podrás cruzar tus ventas por producto, categoría y período en una sola vista."
    />
  );
}

export const VISTAS_DATOS_BRUTOS = [
  { path: 'graficos', titulo: 'Gráficos', icono: BarChart3, texto: 'Ventas en el tiempo, por categoría y por método de pago.' },
  { path: 'tablas', titulo: 'Tablas', icono: Table2, texto: 'Las líneas de venta, ordenables y filtrables.' },
  { path: 'listas', titulo: 'Listas', icono: List, texto: 'Rankings de productos y categorías.' },
  { path: 'mapas-calor', titulo: 'Mapas de calor', icono: Flame, texto: 'Ventas por día de la semana y hora.' },
  { path: 'dashboards', titulo: 'Dashboards', icono: LayoutDashboard, texto: 'Indicadores clave para un rango de fechas.' },
  { path: 'informes', titulo: 'Informes', icono: FileText, texto: 'Un informe mensual para imprimir o descargar.' },
] as const;

export function DatosBrutosInicio() {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Elige cómo quieres ver tus datos. Cada vista tendrá filtros por fechas, categoría y método de pago, y exportación a CSV o Excel.
      </p>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {VISTAS_DATOS_BRUTOS.map(({ path, titulo, icono, texto }) => (
          <li key={path}>
            <LinkCard to={path} icono={icono} titulo={titulo} texto={texto} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function DatosBrutosDetalle({ vista }: { vista: string | undefined }) {
  const info = VISTAS_DATOS_BRUTOS.find((v) => v.path === vista);
  if (!info) return <Navigate to="/visualizar/datos-brutos" replace />;
  return (
    <Card className="space-y-4 p-5">
      <Link to="/visualizar/datos-brutos" className="inline-flex items-center gap-1 text-sm font-medium text-marca-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Volver a Datos en bruto
      </Link>
      <h2 className="text-xl font-semibold text-slate-900">{info.titulo}</h2>
      <Pronto icono={info.icono} titulo="Esta vista estará disponible pronto." queVeras={info.texto} />
    </Card>
  );
}
