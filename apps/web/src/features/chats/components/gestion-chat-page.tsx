import {
  ESTADOS_CONVERSACION,
  ORDENES_CONVERSACION,
  PAGE_SIZE_CHATS,
  type Conversacion,
  type EstadoConversacion,
} from '@minimarket/contracts/soporte';
import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { EstadoBadge, MarcaNoLeidos, PrioridadBadge } from '../../../components/soporte/insignias';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field, OpcionesTexto, Select } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { QueryResult } from '../../../components/ui/query-result';
import { SearchInput } from '../../../components/ui/search-input';
import { Table, Td, Th } from '../../../components/ui/table';
import { useClampedPage } from '../../../hooks/use-clamped-page';
import { conversacionesQueryOptions, type OrdenConversaciones } from '../../../lib/soporte';
import { cn } from '../../../utils/cn';
import { formatEntero, formatFechaHora } from '../../../utils/format';
import { useFiltrosChats, type FiltrosChatsUrl } from '../hooks/use-filtros-chats';
import { textoMostrando } from '../utils/filtros-chats';

const ETIQUETAS_ORDEN: Record<OrdenConversaciones, string> = {
  reciente: 'Más reciente',
  antiguo: 'Más antiguo',
  prioridad: 'Prioridad',
};

function BarraChats({ filtrosUrl }: { filtrosUrl: FiltrosChatsUrl }) {
  const { filtros, texto, setTexto, cambiar } = filtrosUrl;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
      <Field label="Buscar chats">
        {(p) => (
          <SearchInput
            {...p}
            aria-label="Buscar chats"
            placeholder="Asunto, usuario o minimarket..."
            value={texto}
            onChange={(e) => setTexto(e.target.value)}
          />
        )}
      </Field>
      <Field label="Ordenar por">
        {(p) => (
          <Select {...p} value={filtros.orden} onChange={(e) => cambiar({ orden: e.target.value as OrdenConversaciones })}>
            {ORDENES_CONVERSACION.map((o) => (
              <option key={o} value={o}>
                {ETIQUETAS_ORDEN[o]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Estado">
        {(p) => (
          <Select {...p} value={filtros.estado} onChange={(e) => cambiar({ estado: e.target.value as EstadoConversacion | '' })}>
            <option value="">Todos</option>
            <OpcionesTexto valores={ESTADOS_CONVERSACION} />
          </Select>
        )}
      </Field>
    </div>
  );
}

/** Why the list is empty: a search or a status that matches nothing, or no conversation yet. */
function SinChats({ conFiltros, onLimpiar }: { conFiltros: boolean; onLimpiar: () => void }) {
  if (!conFiltros)
    return (
      <EmptyState icono={Inbox} titulo="Todavía no hay conversaciones de soporte.">
        Aquí verás cada conversación que los usuarios abran desde «¿Necesitas Ayuda?» y las solicitudes de productos («Solicitar a
        soporte…») de la pantalla Nuevo producto.
      </EmptyState>
    );
  return (
    <EmptyState
      icono={Inbox}
      titulo="No hay chats que coincidan."
      accion={
        <button type="button" className="text-sm font-medium text-marca-700 hover:underline" onClick={onLimpiar}>
          Limpiar búsqueda
        </button>
      }
    >
      Prueba con otras palabras o con otro estado.
    </EmptyState>
  );
}

/** One conversation: the whole row opens it, and its subject is a link for the keyboard. */
function FilaChat({ c, volverA, onAbrir }: { c: Conversacion; volverA: string; onAbrir: (id: number) => void }) {
  const sinLeer = c.no_leidos > 0;
  return (
    <tr
      className={cn('cursor-pointer hover:bg-slate-50', sinLeer && 'bg-marca-50/60')}
      onClick={() => onAbrir(c.id_conversacion)}
      data-testid="fila-chat"
    >
      <Td className="align-top">
        <span className={cn('block text-slate-900', sinLeer ? 'font-semibold' : 'font-medium')}>{c.nombre_usuario}</span>
        <span className="block text-xs text-slate-600">{c.nombre_minimarket}</span>
      </Td>
      <Td className="max-w-[14rem] align-top sm:max-w-md">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`/chats/chat/${c.id_conversacion}`}
            state={{ volverA }}
            onClick={(e) => e.stopPropagation()}
            className={cn('text-marca-800 hover:underline', sinLeer ? 'font-semibold' : 'font-medium')}
          >
            {c.asunto}
          </Link>
          <MarcaNoLeidos cantidad={c.no_leidos} />
        </div>
        <p className="mt-0.5 truncate text-xs text-slate-600">{c.ultimo_mensaje}</p>
        <div className="mt-1 flex flex-wrap gap-1 sm:hidden">
          <PrioridadBadge prioridad={c.prioridad} />
          <EstadoBadge estado={c.estado} />
        </div>
        <p className="mt-1 text-xs text-slate-600 lg:hidden">{formatFechaHora(c.fecha_ultimo_mensaje)}</p>
      </Td>
      <Td className="hidden align-top md:table-cell">
        <PrioridadBadge prioridad={c.prioridad} />
      </Td>
      <Td className="hidden align-top sm:table-cell">
        <div className="flex flex-col items-start gap-1">
          <EstadoBadge estado={c.estado} />
          <span className="md:hidden">
            <PrioridadBadge prioridad={c.prioridad} />
          </span>
        </div>
      </Td>
      <Td className="hidden align-top whitespace-nowrap text-slate-700 lg:table-cell">
        <time dateTime={c.fecha_ultimo_mensaje}>{formatFechaHora(c.fecha_ultimo_mensaje)}</time>
      </Td>
    </tr>
  );
}

/** Every conversation with the shops, for administradores; filters live in the URL so 'Volver' comes back to them. */
export function GestionChatPage() {
  const filtrosUrl = useFiltrosChats();
  const { filtros, cambiar } = filtrosUrl;
  const navigate = useNavigate();
  const { search: busquedaUrl } = useLocation();

  const consulta = useQuery(
    conversacionesQueryOptions({
      pagina: filtros.pagina,
      tamano: PAGE_SIZE_CHATS,
      search: filtros.q,
      orden: filtros.orden,
      estado: filtros.estado || undefined,
    }),
  );
  const paginas = useClampedPage({
    pagina: filtros.pagina,
    setPagina: (pagina) => cambiar({ pagina }, true),
    total: consulta.data?.total,
    tamano: PAGE_SIZE_CHATS,
    isFetching: consulta.isFetching,
  });
  const abrir = (id: number) => navigate(`/chats/chat/${id}`, { state: { volverA: busquedaUrl } });

  return (
    <Card className="space-y-4 p-4 sm:p-5">
      <BarraChats filtrosUrl={filtrosUrl} />

      <QueryResult
        query={consulta}
        filas={(d) => d.items}
        error="No se pudieron cargar los chats. Inténtalo de nuevo."
        vacio={<SinChats conFiltros={filtros.q !== '' || filtros.estado !== ''} onLimpiar={filtrosUrl.limpiar} />}
      >
        {(chats) => (
          <Table caption="Chats de soporte">
            <thead>
              <tr>
                <Th>Usuario</Th>
                <Th>Consulta</Th>
                <Th className="hidden md:table-cell">Prioridad</Th>
                <Th className="hidden sm:table-cell">Estado</Th>
                <Th className="hidden lg:table-cell">Último mensaje</Th>
              </tr>
            </thead>
            <tbody>
              {chats.map((c) => (
                <FilaChat key={c.id_conversacion} c={c} volverA={busquedaUrl} onAbrir={abrir} />
              ))}
            </tbody>
          </Table>
        )}
      </QueryResult>

      {consulta.data && consulta.data.total > 0 && (
        <div className="flex flex-col gap-3 border-t border-slate-100 pt-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600" data-testid="mostrando-chats">
            {textoMostrando(consulta.data.items.length, consulta.data.total, formatEntero)}
          </p>
          <Pagination pagina={filtros.pagina} totalPaginas={paginas} onCambiar={(pagina) => cambiar({ pagina })} />
        </div>
      )}
    </Card>
  );
}
