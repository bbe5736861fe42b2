// The route table of spec §2. Every screen is a lazily loaded route module, so the login
// page downloads only what it needs (charts and the POS stay out of its chunk). The login
// itself is the one static route: it is the first page of nearly every visit, and loading it
// with the entry (modulepreloaded by the HTML) saves a phone two round trips before it paints.
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { Loading } from '../components/ui/loading';
import { RUTA_RECUPERAR } from '../features/auth/utils/paso-login';
import { ErrorPage, PaginaNoEncontrada } from './error-page';
import { LoginRoute } from './routes/auth';
import type { Rol } from '@minimarket/contracts/comunes';
import { rolesDeRutaPos, ROLES_DE_SECCION as R } from '../lib/permisos';
import { RedirigirAlInicio, RequireRole } from './require-role';

type Modulo = Record<string, unknown>;

/** A lazy route whose component is the named export of a route module. */
function lazy<M extends Modulo>(cargar: () => Promise<M>, nombre: keyof M & string): RouteObject['lazy'] {
  return async () => ({ Component: (await cargar())[nombre] as ComponentType });
}

/** A branch only these roles may enter; the section's own layout (tabs) sits under it. */
function soloPara(roles: readonly Rol[], path: string, layout: RouteObject['lazy'], children: RouteObject[]): RouteObject {
  return {
    path,
    element: (
      <RequireRole roles={roles}>
        <Outlet />
      </RequireRole>
    ),
    children: [{ lazy: layout, children }],
  };
}

/** A route only these roles may open, inside a branch open to more (a POS tab that is the owner's). */
function soloRoles(roles: readonly Rol[], children: RouteObject[]): RouteObject {
  return {
    element: (
      <RequireRole roles={roles}>
        <Outlet />
      </RequireRole>
    ),
    children,
  };
}

/** A POS tab's route, guarded by the roles its tab is shown to (lib/permisos.ts). */
function rutaPos(path: string, nombre: keyof Awaited<ReturnType<typeof pos>> & string): RouteObject {
  return soloRoles(rolesDeRutaPos(`/pos/${path}`), [{ path, lazy: lazy(pos, nombre) }]);
}

function Cargando() {
  return <Loading className="min-h-screen" />;
}

const inicio = () => import('./routes/inicio');
const pos = () => import('./routes/pos');
const visualizar = () => import('./routes/visualizar');
const usuarios = () => import('./routes/usuarios');
const chats = () => import('./routes/chats');
const cuenta = () => import('./routes/cuenta');
const recuperacion = () => import('./routes/recuperacion');

const rutas: RouteObject[] = [
  { path: '/inicio-sesion', Component: LoginRoute, errorElement: <ErrorPage /> },
  // The spec's path has an ñ: browsers send it percent-encoded, typed links may not; both land here.
  ...[RUTA_RECUPERAR, encodeURI(RUTA_RECUPERAR)].map((path): RouteObject => ({
    path,
    lazy: lazy(recuperacion, 'PedirEnlaceRoute'),
    errorElement: <ErrorPage />,
    HydrateFallback: Cargando,
  })),
  { path: '/reset-password', lazy: lazy(recuperacion, 'NuevaContrasenaRoute'), errorElement: <ErrorPage />, HydrateFallback: Cargando },
  // Everything behind a session stands under the shared till (docs/cajeros.md): its lock covers the
  // receipts too. Loaded with the first signed-in screen; the login page does not download it.
  {
    lazy: lazy(() => import('./layout/con-caja-compartida'), 'ConCajaCompartida'),
    errorElement: <ErrorPage />,
    HydrateFallback: Cargando,
    children: [
      // The printable receipt stands outside the app's layout: printed, it is the receipt and nothing else.
      {
        path: '/pos/comprobante/:id',
        element: (
          <RequireRole roles={R.comprobante}>
            <Outlet />
          </RequireRole>
        ),
        errorElement: <ErrorPage />,
        HydrateFallback: Cargando,
        children: [{ index: true, lazy: lazy(() => import('./routes/comprobante'), 'ComprobanteRoute') }],
      },
      // The customer's statement on the thermal roll, outside the layout like the receipt.
      {
        path: '/pos/clientes/:id/imprimir',
        element: (
          <RequireRole roles={R.comprobante}>
            <Outlet />
          </RequireRole>
        ),
        errorElement: <ErrorPage />,
        HydrateFallback: Cargando,
        children: [{ index: true, lazy: lazy(() => import('./routes/comprobante'), 'EstadoCuentaTermicoRoute') }],
      },
      {
        path: '/',
        lazy: lazy(() => import('./layout/main-layout'), 'MainLayout'),
        errorElement: <ErrorPage />,
        HydrateFallback: Cargando,
        children: [
          {
            errorElement: <ErrorPage />,
            children: [
              { index: true, element: <RedirigirAlInicio /> },
              soloPara(R.inicio, 'inicio', lazy(inicio, 'InicioLayout'), [
                { index: true, element: <Navigate to="inicio" replace /> },
                { path: 'inicio', lazy: lazy(inicio, 'InicioHome') },
                { path: 'actualizaciones', lazy: lazy(inicio, 'Actualizaciones') },
                { path: 'recursos', lazy: lazy(inicio, 'Recursos') },
              ]),
              { path: 'actualizaciones/*', element: <Navigate to="/inicio/actualizaciones" replace /> },
              { path: 'recursos/*', element: <Navigate to="/inicio/recursos" replace /> },
              soloRoles(R.notificaciones, [
                { path: 'notificaciones', lazy: lazy(() => import('./routes/notificaciones'), 'NotificacionesRoute') },
              ]),
              soloPara(R.pos, 'pos', lazy(pos, 'PosLayout'), [
                { index: true, element: <Navigate to="nueva-venta" replace /> },
                rutaPos('nueva-venta', 'NuevaVentaRoute'),
                rutaPos('nuevo-producto', 'NuevoProductoRoute'),
                rutaPos('buscar-producto', 'BuscarProductoRoute'),
                rutaPos('transacciones', 'TransaccionesRoute'),
                rutaPos('ajustes', 'AjustesRoute'),
                { path: 'mermas', element: <Navigate to="/pos/ajustes" replace /> },
                rutaPos('caja', 'CajaRoute'),
                rutaPos('clientes', 'ClientesRoute'),
                { path: 'clientes/:id', lazy: lazy(pos, 'ClienteRoute') },
                rutaPos('boletas', 'BoletasRoute'),
              ]),
              soloPara(R.visualizar, 'visualizar', lazy(visualizar, 'VisualizarLayout'), [
                { index: true, element: <Navigate to="recomendaciones" replace /> },
                { path: 'recomendaciones', lazy: lazy(visualizar, 'Recomendaciones') },
                { path: 'tarjetas', lazy: lazy(visualizar, 'Tarjetas') },
                { path: 'cubo', lazy: lazy(visualizar, 'Cubo') },
                {
                  path: 'datos-brutos',
                  children: [
                    { index: true, lazy: lazy(visualizar, 'DatosBrutos') },
                    { path: ':vista', lazy: lazy(visualizar, 'DatosBrutosVista') },
                  ],
                },
              ]),
              soloPara(
                R.cargar,
                'cargar',
                lazy(() => import('./routes/cargar'), 'CargarLayout'),
                [
                  { index: true, element: <Navigate to="cargar-datos" replace /> },
                  { path: 'cargar-datos', lazy: lazy(() => import('./routes/cargar'), 'CargarDatosRoute') },
                ],
              ),
              soloPara(R.usuarios, 'usuarios', lazy(usuarios, 'UsuariosLayout'), [
                { index: true, element: <Navigate to="gestion-usuarios" replace /> },
                { path: 'gestion-usuarios', lazy: lazy(usuarios, 'GestionUsuariosRoute') },
                { path: 'estadistica-usuarios', lazy: lazy(() => import('./routes/estadistica-usuarios'), 'EstadisticaUsuariosRoute') },
                { path: 'gestion-minimarket', lazy: lazy(usuarios, 'GestionMinimarketRoute') },
              ]),
              soloPara(R.ayuda, 'ayuda', lazy(chats, 'AyudaLayout'), [
                { index: true, element: <Navigate to="chatbot-badito" replace /> },
                { path: 'chatbot-badito', lazy: lazy(chats, 'ChatbotBaditoRoute') },
                soloRoles(R.soporte, [
                  { path: 'soporte', lazy: lazy(chats, 'MisConversacionesRoute') },
                  { path: 'soporte/:id', lazy: lazy(chats, 'ConversacionRoute') },
                ]),
              ]),
              soloPara(R.chats, 'chats', lazy(chats, 'ChatsLayout'), [
                { index: true, element: <Navigate to="gestion-chat" replace /> },
                { path: 'gestion-chat', lazy: lazy(chats, 'GestionChatRoute') },
                { path: 'chat/:id', lazy: lazy(chats, 'ChatDetalleRoute') },
              ]),
              soloRoles(R.perfil, [{ path: 'perfil', lazy: lazy(cuenta, 'PerfilRoute') }]),
              soloRoles(R.configuracion, [
                { path: 'configuracion', lazy: lazy(cuenta, 'ConfiguracionRoute') },
                { path: 'configuracion/auditoria', lazy: lazy(cuenta, 'AuditoriaRoute') },
              ]),
              { path: '*', element: <PaginaNoEncontrada /> },
            ],
          },
        ],
      },
    ],
  },
];

const router = createBrowserRouter(rutas);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
