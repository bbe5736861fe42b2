// The /chats list's search, sort, status and page as they live in the URL (?q=&orden=&estado=&pagina=).
// Anything the URL holds that is not a valid value falls back to the default instead of reaching the API.
import type { EstadoConversacion } from '@minimarket/contracts/soporte';

type Orden = 'reciente' | 'antiguo' | 'prioridad';

export interface FiltrosChats {
  q: string;
  orden: Orden;
  estado: EstadoConversacion | '';
  pagina: number;
}

const ORDENES: readonly string[] = ['reciente', 'antiguo', 'prioridad'];
const ESTADOS: readonly string[] = ['Activo', 'Pendiente', 'Resuelto'];

export function leerFiltrosChats(params: URLSearchParams): FiltrosChats {
  const orden = params.get('orden') ?? '';
  const estado = params.get('estado') ?? '';
  const pagina = Number(params.get('pagina'));
  return {
    q: (params.get('q') ?? '').trim(),
    orden: ORDENES.includes(orden) ? (orden as Orden) : 'reciente',
    estado: ESTADOS.includes(estado) ? (estado as EstadoConversacion) : '',
    pagina: Number.isInteger(pagina) && pagina >= 1 ? pagina : 1,
  };
}

/** 'Mostrando X de Y chats': X the rows on this page, Y every conversation that matches. */
export function textoMostrando(enPagina: number, total: number, formatear: (n: number) => string = String): string {
  return `Mostrando ${formatear(enPagina)} de ${formatear(total)} ${total === 1 ? 'chat' : 'chats'}`;
}
