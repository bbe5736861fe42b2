import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { leerFiltrosChats, type FiltrosChats } from '../utils/filtros-chats';

/**
 * The /chats list's filters, read from and written to the URL so 'Volver' comes back to them. A change
 * goes back to page 1; the search box writes the URL once typing pauses (replacing the entry: no
 * history step per word).
 */
export function useFiltrosChats() {
  const [params, setParams] = useSearchParams();
  const filtros = leerFiltrosChats(params);
  const [texto, setTexto] = useState(filtros.q);
  const buscado = useDebouncedValue(texto.trim(), 300);

  const cambiar = (cambios: Partial<FiltrosChats>, reemplazar = false) => {
    const siguiente = { ...filtros, pagina: 1, ...cambios };
    const nuevos = new URLSearchParams();
    if (siguiente.q) nuevos.set('q', siguiente.q);
    if (siguiente.orden !== 'reciente') nuevos.set('orden', siguiente.orden);
    if (siguiente.estado) nuevos.set('estado', siguiente.estado);
    if (siguiente.pagina > 1) nuevos.set('pagina', String(siguiente.pagina));
    setParams(nuevos, { replace: reemplazar });
  };

  useEffect(() => {
    if (buscado !== filtros.q) cambiar({ q: buscado }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new search should write the URL
  }, [buscado]);

  /** «Limpiar búsqueda»: the box and the status filter emptied. */
  const limpiar = () => {
    setTexto('');
    cambiar({ q: '', estado: '' });
  };

  return { filtros, texto, setTexto, cambiar, limpiar };
}
export type FiltrosChatsUrl = ReturnType<typeof useFiltrosChats>;
