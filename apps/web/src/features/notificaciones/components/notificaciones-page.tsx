import { useQuery } from '@tanstack/react-query';
import type { Notificacion } from '@minimarket/contracts/notificaciones';
import {
  AlertTriangle,
  BellOff,
  CheckCheck,
  FileWarning,
  CloudOff,
  MessageCircle,
  NotebookPen,
  PackageSearch,
  PackageX,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { RetryAlert } from '../../../components/ui/query-result';
import { mensajeDeError } from '../../../lib/api-client';
import { tituloPagina } from '../../../lib/app-info';
import { cn } from '../../../utils/cn';
import { formatFechaHora } from '../../../utils/format';
import { notificacionesQueryOptions, useMarcarLeida, useMarcarTodasLeidas } from '../api/notificaciones';

const ICONOS: Record<Notificacion['tipo'], LucideIcon> = {
  agotado: PackageX,
  stock_bajo: AlertTriangle,
  carga_con_errores: FileWarning,
  recomendaciones: Sparkles,
  soporte: MessageCircle,
  fiado_vencido: NotebookPen,
  // Sold while the till was offline (issue #22): a product to count, or a sale at old prices.
  faltante_offline: PackageSearch,
  venta_offline: CloudOff,
};

function NotificacionItem({ n, compacto }: { n: Notificacion; compacto?: boolean }) {
  const marcar = useMarcarLeida();
  const Icono = ICONOS[n.tipo] ?? Sparkles;
  return (
    <li className={cn('flex gap-3 px-4 py-3', !n.leida && 'bg-marca-50/60')}>
      <span
        className={cn(
          'h-fit rounded-lg p-2',
          n.tipo === 'agotado' || n.tipo === 'carga_con_errores'
            ? 'bg-red-50 text-red-700'
            : n.tipo === 'soporte'
              ? 'bg-marca-50 text-marca-700'
              : 'bg-amber-50 text-amber-800',
        )}
      >
        <Icono className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold text-slate-900">{n.titulo}</p>
          {!n.leida && <Badge color="azul">Sin leer</Badge>}
        </div>
        <p className="text-sm text-slate-700">{n.descripcion}</p>
        <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
          <time dateTime={n.fecha}>{formatFechaHora(n.fecha)}</time>
          {n.url_accion && (
            <Link
              to={n.url_accion}
              className="font-medium text-marca-700 hover:underline"
              onClick={() => !n.leida && marcar.mutate(n.id_notificacion)}
            >
              Ver detalle
            </Link>
          )}
          {!compacto && !n.leida && (
            <button
              type="button"
              className="font-medium text-marca-700 hover:underline disabled:text-slate-400"
              disabled={marcar.isPending}
              onClick={() =>
                marcar.mutate(n.id_notificacion, {
                  onError: (e) => toast.error(mensajeDeError(e, 'No se pudo marcar la notificación como leída.')),
                })
              }
            >
              Marcar como leída<span className="sr-only">: {n.titulo}</span>
            </button>
          )}
        </div>
      </div>
    </li>
  );
}

/** The latest few, for the home page. */
export function UltimasNotificaciones({
  cantidad = 3,
  tipos,
  vacio = 'No tienes notificaciones. Te avisaremos aquí cuando un producto se agote o una carga tenga errores.',
}: {
  cantidad?: number;
  /** Only these kinds (Inicio's stock alerts); all by default. */
  tipos?: readonly Notificacion['tipo'][];
  vacio?: string;
}) {
  const { data, isPending, isError } = useQuery(notificacionesQueryOptions());
  if (isPending) return <Loading />;
  if (isError) return <p className="text-sm text-slate-600">No se pudieron cargar las actualizaciones.</p>;
  const ultimas = data.notificaciones.filter((n) => !tipos || tipos.includes(n.tipo)).slice(0, cantidad);
  if (ultimas.length === 0) return <p className="text-sm text-slate-600">{vacio}</p>;
  return (
    <ul className="-mx-4 divide-y divide-slate-100">
      {ultimas.map((n) => (
        <NotificacionItem key={n.id_notificacion} n={n} compacto />
      ))}
    </ul>
  );
}

export function NotificacionesPage() {
  const { data, isPending, isError, error, refetch } = useQuery(notificacionesQueryOptions());
  const todas = useMarcarTodasLeidas();
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <title>{tituloPagina('Notificaciones')}</title>
      <PageHeader
        titulo="Notificaciones"
        descripcion={data ? `${data.total} en total · ${data.no_leidas} sin leer` : undefined}
        acciones={
          data && data.no_leidas > 0 ? (
            <Button
              variante="contorno"
              disabled={todas.isPending}
              onClick={() =>
                todas.mutate(undefined, {
                  onSuccess: () => toast.success('Todas las notificaciones quedaron como leídas.', { duration: 2000 }),
                  onError: (e) => toast.error(mensajeDeError(e, 'No se pudieron marcar las notificaciones.')),
                })
              }
            >
              <CheckCheck className="size-4" aria-hidden="true" /> Marcar todas como leídas
            </Button>
          ) : undefined
        }
      />
      {isPending && <Loading />}
      {isError && (
        <RetryAlert onReintentar={() => refetch()}>{mensajeDeError(error, 'No se pudieron cargar las notificaciones.')}</RetryAlert>
      )}
      {data &&
        (data.notificaciones.length === 0 ? (
          <EmptyState icono={BellOff} titulo="No tienes notificaciones">
            Te avisaremos aquí cuando un producto se agote o baje del umbral de stock, o cuando una carga de archivo termine con errores.
          </EmptyState>
        ) : (
          <Card className="overflow-hidden">
            <ul className="divide-y divide-slate-100">
              {data.notificaciones.map((n) => (
                <NotificacionItem key={n.id_notificacion} n={n} />
              ))}
            </ul>
          </Card>
        ))}
    </div>
  );
}
