// The shop the POS, uploads and settings work on. A pyme works on its own (the first of
// GET /users/me's minimarkets); an administrador owns none and picks one from the list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { api, apiPage } from './api-client';
import { useAuth } from './auth';
import { RAIZ } from './query-keys';

const SELECCION_KEY = 'minimarketSeleccionado';
/**
 * Shops listed in the administrador's selector (spec §9: the lookup takes 100 records). A
 * literal rather than the contract's MAX_PAGE_SIZE so the app shell does not pull zod into
 * the first download.
 */
const LIMITE_TIENDAS = 100;

export const tiendaKeys = {
  all: RAIZ.minimarkets,
  opcionesAdmin: () => [...tiendaKeys.all, 'opciones-admin'] as const,
  detalle: (id: number) => [...tiendaKeys.all, 'detalle', id] as const,
};

export const opcionesTiendaAdminQueryOptions = () =>
  queryOptions({
    queryKey: tiendaKeys.opcionesAdmin(),
    queryFn: () => apiPage('GET /minimarkets/', { query: { skip: 0, limit: LIMITE_TIENDAS } }),
    staleTime: 60_000,
  });

export const minimarketQueryOptions = (id: number) =>
  queryOptions({
    queryKey: tiendaKeys.detalle(id),
    queryFn: () => api('GET /minimarkets/:id', { params: { id } }),
    staleTime: 60_000,
  });

interface OpcionTienda {
  id_minimarket: number;
  nombre_minimarket: string;
}

interface CurrentShopValue {
  idMinimarket: number | null;
  nombre: string | null;
  opciones: OpcionTienda[];
  /** The administrador may switch shops; a pyme sees only theirs. */
  puedeElegir: boolean;
  cargando: boolean;
  /** The administrador's shop list could not be loaded (not the same as "there are none"). */
  errorAlVerificar: boolean;
  reintentar: () => void;
  seleccionar: (id: number) => void;
  /** Units at or below which a product counts as low stock, once the shop has loaded. */
  umbralStockBajo: number | null;
  /** Idle minutes after which the shared till asks for a PIN again, once the shop has loaded. */
  minutosBloqueoCaja: number | null;
}

const CurrentShopContext = createContext<CurrentShopValue | null>(null);

function leerSeleccion(): number | null {
  try {
    const v = Number(window.localStorage.getItem(SELECCION_KEY));
    return Number.isInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

export function CurrentShopProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const esAdmin = user?.rol === 'administrador';
  const adminQuery = useQuery({ ...opcionesTiendaAdminQueryOptions(), enabled: esAdmin });
  const [elegida, setElegida] = useState<number | null>(leerSeleccion);

  const opciones: OpcionTienda[] = useMemo(() => {
    if (!user) return [];
    if (esAdmin)
      return (adminQuery.data?.items ?? []).map(({ id_minimarket, nombre_minimarket }) => ({ id_minimarket, nombre_minimarket }));
    return user.minimarkets;
  }, [user, esAdmin, adminQuery.data]);

  const actual = opciones.find((o) => o.id_minimarket === elegida) ?? opciones[0] ?? null;
  const detalle = useQuery({
    ...minimarketQueryOptions(actual?.id_minimarket ?? 0),
    enabled: actual !== null,
  });

  const seleccionar = useCallback((id: number) => {
    setElegida(id);
    try {
      window.localStorage.setItem(SELECCION_KEY, String(id));
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, []);

  const { isPending: adminCargando, isError: adminError, refetch: adminRefetch } = adminQuery;
  const value = useMemo<CurrentShopValue>(
    () => ({
      idMinimarket: actual?.id_minimarket ?? null,
      nombre: actual?.nombre_minimarket ?? null,
      opciones,
      puedeElegir: esAdmin,
      cargando: esAdmin ? adminCargando && !adminError : false,
      errorAlVerificar: esAdmin && adminError,
      reintentar: () => void adminRefetch(),
      seleccionar,
      umbralStockBajo: detalle.data?.umbral_stock_bajo ?? null,
      minutosBloqueoCaja: detalle.data?.minutos_bloqueo_caja ?? null,
    }),
    [actual, opciones, esAdmin, adminCargando, adminError, adminRefetch, seleccionar, detalle.data],
  );

  return <CurrentShopContext.Provider value={value}>{children}</CurrentShopContext.Provider>;
}

export function useCurrentShop(): CurrentShopValue {
  const value = useContext(CurrentShopContext);
  if (!value) throw new Error('useCurrentShop debe usarse dentro de CurrentShopProvider');
  return value;
}
