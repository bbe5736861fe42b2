import {
  ESTADOS_CONVERSACION,
  PRIORIDADES,
  type ConversacionDetalle,
  type EstadoConversacion,
  type Prioridad,
} from '@minimarket/contracts/soporte';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, Mail, MessageSquareOff, Package, RotateCcw, Store, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { ComposerMensaje } from '../../../components/soporte/composer-mensaje';
import { HiloMensajes } from '../../../components/soporte/hilo-mensajes';
import { EstadoBadge, MarcaNoLeidos, PrioridadBadge } from '../../../components/soporte/insignias';
import { CabeceraConversacion, PaginaConversacion } from '../../../components/soporte/pagina-conversacion';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field, OpcionesTexto, Select } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { RetryAlert } from '../../../components/ui/query-result';
import { mensajeDeError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useCurrentShop } from '../../../lib/current-shop';
import { RUTA_INVENTARIO } from '../../../lib/rutas-inventario';
import { conversacionesQueryOptions, useActualizarConversacion, useEnviarMensaje } from '../../../lib/soporte';
import { formatFecha, formatFechaHora } from '../../../utils/format';

/** Earlier conversations of the same user shown beside the chat. */
const TAMANO_HISTORIAL = 10;

function Volver() {
  const { state } = useLocation() as { state: { volverA?: string } | null };
  return (
    <Link
      to={`/chats/gestion-chat${state?.volverA ?? ''}`}
      className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-marca-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> Volver a los chats
    </Link>
  );
}

function Dato({ icono: Icono, etiqueta, children }: { icono: typeof User; etiqueta: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1.5 text-xs text-slate-600">
        <Icono className="size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
        {etiqueta}
      </dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function AccionesRapidas({ c }: { c: ConversacionDetalle }) {
  const actualizar = useActualizarConversacion(c.id_conversacion);
  const { seleccionar } = useCurrentShop();
  const navigate = useNavigate();
  const cambiar = (cambios: { estado?: EstadoConversacion; prioridad?: Prioridad }, exito: string) =>
    actualizar.mutate(cambios, {
      onSuccess: () => toast.success(exito, { duration: 2000 }),
      onError: (e) => toast.error(mensajeDeError(e, 'No se pudo actualizar la conversación.')),
    });
  const resuelta = c.estado === 'Resuelto';
  return (
    <Card className="space-y-3 p-4">
      <h3 className="font-semibold text-slate-900">Acciones rápidas</h3>
      {resuelta ? (
        <Button
          variante="contorno"
          className="w-full"
          disabled={actualizar.isPending}
          onClick={() => cambiar({ estado: 'Activo' }, 'Conversación reabierta.')}
        >
          <RotateCcw className="size-4" aria-hidden="true" /> Reabrir conversación
        </Button>
      ) : (
        <Button
          className="w-full"
          disabled={actualizar.isPending}
          onClick={() => cambiar({ estado: 'Resuelto' }, 'Conversación marcada como resuelta.')}
        >
          <CheckCircle2 className="size-4" aria-hidden="true" /> Marcar como resuelto
        </Button>
      )}
      <div className="grid grid-cols-2 gap-3">
        <Field label="Prioridad">
          {(p) => (
            <Select
              {...p}
              value={c.prioridad}
              disabled={actualizar.isPending}
              onChange={(e) => cambiar({ prioridad: e.target.value as Prioridad }, `Prioridad cambiada a ${e.target.value.toLowerCase()}.`)}
            >
              <OpcionesTexto valores={PRIORIDADES} />
            </Select>
          )}
        </Field>
        <Field label="Estado">
          {(p) => (
            <Select
              {...p}
              value={c.estado}
              disabled={actualizar.isPending}
              onChange={(e) => cambiar({ estado: e.target.value as EstadoConversacion }, `Estado cambiado a ${e.target.value}.`)}
            >
              <OpcionesTexto valores={ESTADOS_CONVERSACION} />
            </Select>
          )}
        </Field>
      </div>
      <Button
        variante="contorno"
        className="w-full"
        onClick={() => {
          // The inventory shows the administrador's current shop: make it this one first.
          seleccionar(c.id_minimarket);
          navigate(RUTA_INVENTARIO);
        }}
      >
        <Package className="size-4" aria-hidden="true" /> Ver inventario de la tienda
      </Button>
    </Card>
  );
}

function Historial({ c }: { c: ConversacionDetalle }) {
  const consulta = useQuery(
    conversacionesQueryOptions({ pagina: 1, tamano: TAMANO_HISTORIAL, idUsuario: c.id_usuario, orden: 'reciente' }),
  );
  const otras = consulta.data?.items.filter((o) => o.id_conversacion !== c.id_conversacion) ?? [];
  return (
    <Card className="space-y-2 p-4">
      <h3 className="font-semibold text-slate-900">Consultas anteriores</h3>
      {consulta.isPending ? (
        <Loading />
      ) : consulta.isError ? (
        <RetryAlert onReintentar={() => consulta.refetch()}>No se pudo cargar el historial.</RetryAlert>
      ) : otras.length === 0 ? (
        <p className="text-sm text-slate-600">Es la primera consulta de {c.nombre_usuario}.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {otras.map((o) => (
            <li key={o.id_conversacion} className="py-2">
              <Link to={`/chats/chat/${o.id_conversacion}`} className="text-sm font-medium text-marca-800 hover:underline">
                {o.asunto}
              </Link>
              <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
                <EstadoBadge estado={o.estado} />
                <MarcaNoLeidos cantidad={o.no_leidos} />
                <time dateTime={o.fecha_creacion}>{formatFecha(o.fecha_creacion)}</time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Who wrote: name, shop (with its address) and e-mail. */
function DatosUsuario({ c }: { c: ConversacionDetalle }) {
  return (
    <Card className="p-4">
      <h3 className="mb-3 font-semibold text-slate-900">Usuario</h3>
      <dl className="space-y-3">
        <Dato icono={User} etiqueta="Nombre">
          {c.nombre_usuario}
        </Dato>
        <Dato icono={Store} etiqueta="Minimarket">
          {c.nombre_minimarket}
          {(c.comuna || c.direccion) && (
            <span className="block text-xs text-slate-600">{[c.direccion, c.comuna].filter(Boolean).join(', ')}</span>
          )}
        </Dato>
        <Dato icono={Mail} etiqueta="Correo de contacto">
          <a href={`mailto:${c.correo_usuario}`} className="text-marca-800 hover:underline">
            {c.correo_usuario}
          </a>
        </Dato>
      </dl>
    </Card>
  );
}

export function ChatDetallePage({ id }: { id: number }) {
  const { user } = useAuth();
  const enviar = useEnviarMensaje(id);
  return (
    <PaginaConversacion
      id={id}
      className="space-y-4"
      volver={<Volver />}
      inexistente={
        <EmptyState icono={MessageSquareOff} titulo={`La conversación #${id} no existe.`}>
          Puede que el enlace esté incompleto. Vuelve a la lista para elegir un chat.
        </EmptyState>
      }
    >
      {(c) => (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <Card className="flex min-w-0 flex-col overflow-hidden">
            <CabeceraConversacion asunto={c.asunto}>
              <PrioridadBadge prioridad={c.prioridad} />
              <EstadoBadge estado={c.estado} />
              <span>
                Chat #{c.id_conversacion} · abierto el <time dateTime={c.fecha_creacion}>{formatFechaHora(c.fecha_creacion)}</time>
              </span>
            </CabeceraConversacion>
            <HiloMensajes
              mensajes={c.mensajes}
              idUsuarioActual={user?.id_usuario ?? 0}
              etiqueta={`Mensajes con ${c.nombre_usuario}`}
              className="h-[min(28rem,60vh)]"
            />
            <ComposerMensaje
              etiqueta={`Respuesta para ${c.nombre_usuario}`}
              placeholder="Escribe tu respuesta..."
              enviar={(texto) => enviar.mutateAsync(texto)}
            />
          </Card>
          <div className="space-y-4">
            <DatosUsuario c={c} />
            <AccionesRapidas c={c} />
            <Historial c={c} />
          </div>
        </div>
      )}
    </PaginaConversacion>
  );
}
