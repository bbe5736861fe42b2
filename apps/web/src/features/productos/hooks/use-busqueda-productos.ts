import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useClampedPage } from '../../../hooks/use-clamped-page';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { apiPage } from '../../../lib/api-client';
import { buscarProductosLocales } from '../../../lib/offline/catalogo';
import { esSinRespuesta, sinConexion } from '../../../lib/offline/conexion';
import { productosQueryOptions, type ProductosParams } from '../api/productos';
import { skipLimit } from '../../../lib/consultas';

/** How long the counter's search waits for the API before it reads the device's catalogue. */
const ESPERA_BUSQUEDA_MS = 4_000;

/**
 * A shop's products as a searchable, paged list: what is typed goes to the server once the
 * typing pauses, and a new term or category starts again at page 1.
 */
export function useBusquedaProductos({
  idMinimarket,
  tamano,
  categoria,
  ids,
  respaldoLocal = false,
}: {
  idMinimarket: number;
  tamano: number;
  categoria?: ProductosParams['category'];
  ids?: number[];
  /** The counter: with no answer from the API, search the device's catalogue instead. */
  respaldoLocal?: boolean;
}) {
  const [busqueda, setBusquedaTexto] = useState('');
  const [pagina, setPagina] = useState(1);
  const search = useDebouncedValue(busqueda.trim());
  const opciones = productosQueryOptions({ idMinimarket, pagina, tamano, search, category: categoria, ids });
  const consulta = useQuery(
    respaldoLocal
      ? {
          ...opciones,
          queryFn: async ({ signal }) => {
            const local = () => buscarProductosLocales(idMinimarket, search, pagina, tamano);
            if (sinConexion()) return local();
            try {
              return await apiPage('GET /productos/', {
                signal: AbortSignal.any([signal, AbortSignal.timeout(ESPERA_BUSQUEDA_MS)]),
                query: { id_minimarket: idMinimarket, ...skipLimit({ pagina, tamano }), search: search || undefined },
              });
            } catch (e) {
              if (signal.aborted || !esSinRespuesta(e)) throw e;
              return local();
            }
          },
        }
      : opciones,
  );
  const paginas = useClampedPage({ pagina, setPagina, total: consulta.data?.total, tamano, isFetching: consulta.isFetching });
  const setBusqueda = (texto: string) => {
    setBusquedaTexto(texto);
    setPagina(1);
  };
  return { busqueda, setBusqueda, pagina, setPagina, paginas, consulta };
}
