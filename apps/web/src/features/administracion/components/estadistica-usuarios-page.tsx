import { useQuery } from '@tanstack/react-query';
import { ShieldCheck, Store, UserCheck, Users, UserX, type LucideIcon } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { RetryAlert } from '../../../components/ui/query-result';
import { mensajeDeError } from '../../../lib/api-client';
import { tituloPagina } from '../../../lib/app-info';
import { capitalizar, formatEntero, formatFecha, formatMes } from '../../../utils/format';
import { estadisticaUsuariosQueryOptions } from '../api/usuarios';

function Cifra({ icono: Icono, etiqueta, valor, detalle }: { icono: LucideIcon; etiqueta: string; valor: number; detalle?: string }) {
  return (
    <Card className="flex flex-col items-start gap-2 p-4 sm:flex-row sm:gap-3">
      <span className="rounded-lg bg-marca-50 p-2.5 text-marca-700">
        <Icono className="size-5" aria-hidden="true" />
      </span>
      <div>
        <p className="text-sm text-slate-600">{etiqueta}</p>
        <p className="text-2xl font-bold text-slate-900">{formatEntero(valor)}</p>
        {detalle && <p className="text-xs text-slate-600">{detalle}</p>}
      </div>
    </Card>
  );
}

function porcentaje(parte: number, total: number): string {
  return total > 0 ? `${Math.round((parte / total) * 100)} % del total` : '—';
}

export function EstadisticaUsuariosPage() {
  const { data, isPending, isError, error, refetch } = useQuery(estadisticaUsuariosQueryOptions());
  if (isPending) return <Loading />;
  if (isError) {
    return (
      <RetryAlert onReintentar={() => refetch()}>{mensajeDeError(error, 'No se pudieron cargar las estadísticas de usuarios.')}</RetryAlert>
    );
  }
  const serie = data.nuevos_por_mes.map((m) => ({ mes: formatMes(m.mes), cantidad: m.cantidad }));
  return (
    <div className="space-y-4">
      <title>{tituloPagina('Estadística de Usuarios')}</title>
      <h2 className="text-xl font-semibold text-slate-900">Estadística de Usuarios</h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Cifra icono={Users} etiqueta="Usuarios totales" valor={data.total} />
        <Cifra
          icono={UserCheck}
          etiqueta="Activos"
          valor={data.por_estado.activo}
          detalle={porcentaje(data.por_estado.activo, data.total)}
        />
        <Cifra
          icono={UserX}
          etiqueta="Inactivos"
          valor={data.por_estado.inactivo}
          detalle={porcentaje(data.por_estado.inactivo, data.total)}
        />
        <Cifra icono={ShieldCheck} etiqueta="Administradores" valor={data.por_rol.administrador} />
        <Cifra icono={Store} etiqueta="Pymes" valor={data.por_rol.pyme} />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Card className="p-4 sm:p-5 lg:col-span-2">
          <h3 className="font-semibold text-slate-900">Usuarios nuevos por mes</h3>
          {serie.length === 0 ? (
            <p className="py-10 text-center text-sm text-slate-600">Todavía no hay registros de usuarios nuevos.</p>
          ) : (
            <>
              <div
                className="mt-3 h-64"
                role="img"
                aria-label={`Usuarios nuevos por mes: ${serie.map((s) => `${s.mes}: ${s.cantidad}`).join(', ')}`}
              >
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={serie} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
                    <XAxis dataKey="mes" tick={{ fontSize: 12, fill: '#475569' }} />
                    <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} />
                    <Tooltip formatter={(v) => [formatEntero(Number(v)), 'Usuarios nuevos']} />
                    <Bar dataKey="cantidad" fill="#0f766e" radius={[4, 4, 0, 0]} />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            </>
          )}
        </Card>
        <Card className="p-4 sm:p-5">
          <h3 className="font-semibold text-slate-900">Últimos usuarios registrados</h3>
          {data.ultimos.length === 0 ? (
            <p className="py-6 text-sm text-slate-600">No hay usuarios registrados.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {data.ultimos.map((u) => (
                <li key={u.id_usuario} className="flex items-center justify-between gap-2 py-2.5">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">{u.nombre}</p>
                    <p className="truncate text-xs text-slate-600">
                      {u.correo} · {formatFecha(u.fecha_creacion)}
                    </p>
                  </div>
                  <Badge color={u.rol === 'administrador' ? 'azul' : 'morado'}>{capitalizar(u.rol)}</Badge>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
