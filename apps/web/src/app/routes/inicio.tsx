import { Card } from '../../components/ui/card';
import { SectionLayout } from '../../components/ui/section-layout';
import { ConsejoDelDia, RecomendacionesDestacadas } from '../../features/inicio/components/recomendaciones-destacadas';
import { RecursosAprendizaje } from '../../features/inicio/components/recursos-aprendizaje';
import { UltimasNotificaciones } from '../../features/notificaciones/components/notificaciones-page';
import { VentasHoy } from '../../features/pos/components/ventas-hoy';
import { Link } from 'react-router-dom';
import { tituloPagina } from '../../lib/app-info';
import { useAuth } from '../../lib/auth';
import { useCurrentShop } from '../../lib/current-shop';
import { formatFecha } from '../../utils/format';

export function InicioLayout() {
  return (
    <SectionLayout
      titulo="Inicio"
      pestanas={[
        { to: '/inicio/inicio', label: 'INICIO' },
        { to: '/inicio/actualizaciones', label: 'ACTUALIZACIONES' },
        { to: '/inicio/recursos', label: 'RECURSOS' },
      ]}
    />
  );
}

export function InicioHome() {
  const { user } = useAuth();
  const { idMinimarket, nombre } = useCurrentShop();
  const primerNombre = user?.nombre.split(' ')[0] ?? '';
  return (
    <div className="space-y-4">
      <title>{tituloPagina('Inicio')}</title>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <Card className="bg-gradient-to-br from-marca-700 to-marca-900 p-5 text-white md:col-span-2">
          <p className="text-sm text-marca-100">{formatFecha(new Date())}</p>
          <h2 className="mt-1 text-2xl font-bold">¡Hola, {primerNombre}!</h2>
          <p className="mt-1 text-marca-100">{nombre ? `Estás trabajando en ${nombre}.` : 'Todavía no tienes un minimarket asignado.'}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Link to="/pos/nueva-venta" className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-marca-800 hover:bg-marca-50">
              Nueva venta
            </Link>
            <Link
              to="/cargar/cargar-datos"
              className="rounded-lg border border-white/40 px-4 py-2 text-sm font-semibold text-white hover:bg-white/10"
            >
              Cargar información
            </Link>
          </div>
        </Card>
        {idMinimarket ? <VentasHoy key={idMinimarket} idMinimarket={idMinimarket} /> : <ConsejoDelDia />}
      </div>
      <RecomendacionesDestacadas />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card className="p-5">
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-lg font-semibold text-slate-900">Últimas actualizaciones</h2>
            <Link to="/notificaciones" className="text-sm font-medium text-marca-700 hover:underline">
              Ver todas
            </Link>
          </div>
          <div className="mt-3">
            <UltimasNotificaciones />
          </div>
        </Card>
        <div className="space-y-4">
          <Card className="p-5">
            <h2 className="text-lg font-semibold text-slate-900">Recursos para aprender</h2>
            <div className="mt-3">
              <RecursosAprendizaje />
            </div>
          </Card>
          {idMinimarket ? <ConsejoDelDia /> : null}
        </div>
      </div>
    </div>
  );
}

export function Actualizaciones() {
  return (
    <Card className="p-5">
      <title>{tituloPagina('Actualizaciones')}</title>
      <h2 className="text-xl font-semibold text-slate-900">Actualizaciones</h2>
      <p className="mt-1 text-sm text-slate-600">
        Lo último que pasó en tu minimarket: productos agotados, stock bajo y cargas con errores.
      </p>
      <div className="mt-4">
        <UltimasNotificaciones cantidad={10} />
      </div>
    </Card>
  );
}

export function Recursos() {
  return (
    <Card className="p-5">
      <title>{tituloPagina('Recursos')}</title>
      <h2 className="text-xl font-semibold text-slate-900">Recursos</h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">Guías cortas para sacar provecho de cada sección.</p>
      <RecursosAprendizaje />
    </Card>
  );
}
