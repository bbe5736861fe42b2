import { useState } from 'react';

/**
 * The search, the filters and the page of a management list. A new search, a filter change
 * or Limpiar búsqueda goes back to page 1, where the new results start.
 */
export function useBusquedaGestion<F extends Record<string, string>>(sinFiltros: F) {
  const [termino, setTermino] = useState('');
  const [filtros, setFiltros] = useState<F>(sinFiltros);
  const [pagina, setPagina] = useState(1);
  return {
    termino,
    filtros,
    pagina,
    setPagina,
    filtrosActivos: Object.values(filtros).filter(Boolean).length,
    buscar: (nuevo: string) => {
      setTermino(nuevo);
      setPagina(1);
    },
    filtrar: (cambios: Partial<F>) => {
      setFiltros((actuales) => ({ ...actuales, ...cambios }));
      setPagina(1);
    },
    limpiar: () => {
      setTermino('');
      setFiltros(sinFiltros);
      setPagina(1);
    },
  };
}
export type BusquedaGestion = Pick<
  ReturnType<typeof useBusquedaGestion>,
  'termino' | 'filtrosActivos' | 'pagina' | 'setPagina' | 'buscar' | 'limpiar'
>;
