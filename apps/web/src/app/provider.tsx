import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ApiError, esSesionTerminada } from '../lib/api-client';
import { AuthProvider, authKeys, useAuth } from '../lib/auth';
import { clearToken, getToken, marcarSesionExpirada } from '../lib/auth-token';
import { CurrentShopProvider } from '../lib/current-shop';

// Only signed-in screens show toasts, so the login page does not download them.
const AppToaster = lazy(() => import('./toaster'));
// The service worker's registration (workbox-window) loads after the first paint, outside the entry.
const ActualizacionDisponible = lazy(() => import('./actualizacion').then((m) => ({ default: m.ActualizacionDisponible })));

function ToasterConSesion() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

function crearQueryClient(): QueryClient {
  // A 401 from any call means the session ended (token expired, user deactivated): forget the
  // token and the user so the route guard sends them to the login page. Not a wrong PIN at the
  // shared till (401 PIN_INCORRECTO): that session goes on.
  const alExpirar = (error: unknown) => {
    if (esSesionTerminada(error) && getToken()) {
      clearToken();
      marcarSesionExpirada();
      client.setQueryData(authKeys.me, null);
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: alExpirar }),
    mutationCache: new MutationCache({ onError: alExpirar }),
    defaultOptions: {
      // Without a connection a request fails at once (the screens say so, the counter falls back
      // to the device's catalogue) instead of waiting paused for the browser to go online.
      mutations: { networkMode: 'always' },
      queries: {
        networkMode: 'always',
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (intentos, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && intentos < 2,
      },
    },
  });
  return client;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(crearQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <CurrentShopProvider>
          {children}
          <ToasterConSesion />
          <Suspense fallback={null}>
            <ActualizacionDisponible />
          </Suspense>
        </CurrentShopProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
