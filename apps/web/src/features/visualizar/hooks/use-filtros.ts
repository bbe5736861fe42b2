// The one place a Visualizar page gets its filters from: the URL's search params, read with the
// checks of utils/filtros.ts. Changing a filter replaces the history entry (a filter is not a page
// the back button should step through) and keeps any other param of the page.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { FiltrosAnalitica } from '../../../lib/analitica';
import { hoyEnSantiago } from '../../../utils/format';
import { escribirFiltros, leerFiltros } from '../utils/filtros';

export function useFiltros() {
  const [parametros, setParametros] = useSearchParams();
  const hoy = hoyEnSantiago();
  const clave = parametros.toString();
  // Memoised on the string so the filters object (part of query keys) keeps its identity per URL.
  const filtros = useMemo(() => leerFiltros(new URLSearchParams(clave), hoy), [clave, hoy]);

  const cambiar = useCallback(
    (cambios: Partial<FiltrosAnalitica>) =>
      setParametros((actuales) => escribirFiltros(actuales, { ...leerFiltros(actuales, hoy), ...cambios }), { replace: true }),
    [setParametros, hoy],
  );

  return { filtros, cambiar, hoy };
}
