import { Link } from 'react-router-dom';
import { RequiereTienda } from '../../components/shop/requiere-tienda';
import { Card } from '../../components/ui/card';
import { SectionLayout } from '../../components/ui/section-layout';
import { UltimoRespaldo } from '../../features/administracion/components/ultimo-respaldo';
import { CargasRecientes } from '../../features/cargas/components/cargas-recientes';
import { ConsejoDelDia } from '../../features/inicio/components/consejo-del-dia';
import { CuentasPorCobrar } from '../../features/inicio/components/cuentas-por-cobrar';
import { RecomendacionesDestacadas } from '../../features/inicio/components/recomendaciones-destacadas';
import { ArticulosAyuda, RecursosAprendizaje } from '../../features/inicio/components/recursos-aprendizaje';
import { UltimasNotificaciones } from '../../features/notificaciones/components/notificaciones-page';
import { AvisoPreparacion } from '../../features/visualizar/components/aviso-preparacion';
import { VentasHoy } from '../../features/ventas/components/ventas-hoy';
import { tituloPagina } from '../../lib/app-info';
import { useAuth } from '../../lib/auth';
import { useCurrentShop } from '../../lib/current-shop';
import { formatFecha } from '../../utils/format';

/** Inicio's updates are the shop's stock events; the other kinds stay in Notificaciones. */
const ALERTAS_STOCK = ['agotado', 'stock_bajo'] as const;
const SIN_ALERTAS = 'No hay alertas de stock. Te avisaremos aquí cuando un producto se agote o baje de tu umbral.';

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

function TituloTarjeta({ titulo, enlace }: { titulo: string; enlace?: { to: string; texto: string } }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <h2 className="text-lg font-semibold text-slate-900">{titulo}</h2>
      {enlace && (
        <Link to={enlace.to} className="text-sm font-medium text-marca-700 hover:underline">
          {enlace.texto}
        </Link>
      )}
    </div>
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
      {idMinimarket && <AvisoPreparacion idMinimarket={idMinimarket} />}
      <RecomendacionesDestacadas key={idMinimarket ?? 0} idMinimarket={idMinimarket} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card className="space-y-4 p-5">
          <TituloTarjeta titulo="Últimas actualizaciones" enlace={{ to: '/inicio/actualizaciones', texto: 'Ver todas' }} />
          {idMinimarket && (
            <section aria-labelledby="inicio-cargas">
              <h3 id="inicio-cargas" className="mb-1 text-sm font-semibold text-slate-700">
                Cargas recientes
              </h3>
              <CargasRecientes key={idMinimarket} idMinimarket={idMinimarket} cantidad={2} />
            </section>
          )}
          <section aria-labelledby="inicio-alertas">
            <h3 id="inicio-alertas" className="mb-1 text-sm font-semibold text-slate-700">
              Alertas de stock
            </h3>
            <UltimasNotificaciones cantidad={3} tipos={ALERTAS_STOCK} vacio={SIN_ALERTAS} />
          </section>
        </Card>
        <div className="space-y-4">
          {user?.rol === 'administrador' && <UltimoRespaldo />}
          {idMinimarket && <CuentasPorCobrar key={idMinimarket} idMinimarket={idMinimarket} />}
          <Card className="p-5">
            <TituloTarjeta titulo="Recursos para aprender" enlace={{ to: '/inicio/recursos', texto: 'Ver guías' }} />
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
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <title>{tituloPagina('Actualizaciones')}</title>
      <Card className="p-5">
        <TituloTarjeta titulo="Cargas recientes" enlace={{ to: '/cargar/cargar-datos', texto: 'Ver historial' }} />
        <p className="mt-1 text-sm text-slate-600">Los últimos archivos de productos y ventas que subiste, y cómo terminaron.</p>
        <div className="mt-3">
          <RequiereTienda>{(id) => <CargasRecientes key={id} idMinimarket={id} cantidad={10} />}</RequiereTienda>
        </div>
      </Card>
      <Card className="p-5">
        <TituloTarjeta titulo="Alertas de stock" enlace={{ to: '/notificaciones', texto: 'Ver notificaciones' }} />
        <p className="mt-1 text-sm text-slate-600">Productos agotados o bajo tu umbral de stock.</p>
        <div className="mt-3">
          <UltimasNotificaciones cantidad={10} tipos={ALERTAS_STOCK} vacio={SIN_ALERTAS} />
        </div>
      </Card>
    </div>
  );
}

export function Recursos() {
  return (
    <div className="space-y-4">
      <title>{tituloPagina('Recursos')}</title>
      <div>
        <h2 className="text-xl font-semibold text-slate-900">Recursos</h2>
        <p className="mt-1 text-sm text-slate-600">Guías cortas para sacar provecho de cada sección.</p>
      </div>
      <ArticulosAyuda />
    </div>
  );
}
