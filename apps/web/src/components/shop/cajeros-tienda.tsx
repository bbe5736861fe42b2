// «Cajeros» (issue 31, docs/cajeros.md): the people who sell at a shop's till, for its owner (in
// Configuración) and for an administrator (Gestión de minimarket → Cajeros). Create, rename, change the
// PIN, deactivate or reactivate, and delete one that never sold (the server says when it did: then
// «Desactivar», so its history keeps its name).
import type { Cajero } from '@minimarket/contracts/cajeros';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Power, Trash2, UserPlus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { EmptyState } from '../ui/empty-state';
import { QueryResult } from '../ui/query-result';
import { TablaOTarjetas } from '../ui/tabla-o-tarjetas';
import { ApiError, mensajeDeError } from '../../lib/api-client';
import { cajerosQueryOptions, CODIGO_CAJERO_CON_HISTORIAL, useActualizarCajero, useEliminarCajero } from '../../lib/cajeros';
import { CajeroDialog } from './cajero-form';

/** Deleting a cashier: asked first; a cashier with history cannot go, and the dialog offers «Desactivar». */
function EliminarCajeroDialog({ idMinimarket, cajero, onCerrar }: { idMinimarket: number; cajero: Cajero | null; onCerrar: () => void }) {
  const eliminar = useEliminarCajero(idMinimarket);
  const actualizar = useActualizarCajero(idMinimarket);
  const [conHistorial, setConHistorial] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cerrar = () => {
    setConHistorial(null);
    setError(null);
    onCerrar();
  };
  if (!cajero) return null;
  const borrar = async () => {
    setError(null);
    try {
      await eliminar.mutateAsync(cajero.id_usuario);
      toast.success(`Cajero «${cajero.nombre}» eliminado.`, { duration: 2000 });
      cerrar();
    } catch (e) {
      if (e instanceof ApiError && e.code === CODIGO_CAJERO_CON_HISTORIAL) setConHistorial(e.detail);
      else setError(mensajeDeError(e, 'No se pudo eliminar el cajero.'));
    }
  };
  const desactivar = async () => {
    setError(null);
    try {
      await actualizar.mutateAsync({ idUsuario: cajero.id_usuario, cambios: { activo: false } });
      toast.success(`Cajero «${cajero.nombre}» desactivado.`, { duration: 2000 });
      cerrar();
    } catch (e) {
      setError(mensajeDeError(e, 'No se pudo desactivar el cajero.'));
    }
  };
  return (
    <Dialog
      abierto
      onCerrar={cerrar}
      titulo={`Eliminar a ${cajero.nombre}`}
      pie={
        <>
          <Button variante="contorno" onClick={cerrar}>
            Cancelar
          </Button>
          {conHistorial ? (
            cajero.activo && (
              <Button onClick={() => void desactivar()} disabled={actualizar.isPending}>
                {actualizar.isPending ? 'Desactivando...' : 'Desactivar'}
              </Button>
            )
          ) : (
            <Button variante="peligro" onClick={() => void borrar()} disabled={eliminar.isPending}>
              {eliminar.isPending ? 'Eliminando...' : 'Eliminar'}
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-3 text-sm">
        {conHistorial ? (
          <Alert tipo="aviso">{conHistorial}</Alert>
        ) : (
          <p>
            ¿Eliminar a «{cajero.nombre}»? Ya no podrá entrar a la caja. Solo se puede eliminar a quien nunca vendió ni movió caja o stock.
          </p>
        )}
        {error && <Alert tipo="error">{error}</Alert>}
      </div>
    </Dialog>
  );
}

export function CajerosTienda({ idMinimarket, nombreTienda }: { idMinimarket: number; nombreTienda: string }) {
  const consulta = useQuery(cajerosQueryOptions(idMinimarket));
  const actualizar = useActualizarCajero(idMinimarket);
  const [editando, setEditando] = useState<Cajero | 'nuevo' | null>(null);
  const [eliminando, setEliminando] = useState<Cajero | null>(null);

  const cambiarActivo = (c: Cajero) =>
    actualizar.mutate(
      { idUsuario: c.id_usuario, cambios: { activo: !c.activo } },
      {
        onSuccess: (nuevo) => toast.success(`Cajero «${nuevo.nombre}» ${nuevo.activo ? 'reactivado' : 'desactivado'}.`, { duration: 2000 }),
        onError: (e) => toast.error(mensajeDeError(e, 'No se pudo cambiar el cajero.')),
      },
    );

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          Quienes venden en la caja de {nombreTienda}. Cada uno entra con su PIN en «Cambiar cajero»; anular, devolver, retirar efectivo o
          fiar sobre el límite les pide el PIN del dueño.
        </p>
        <Button onClick={() => setEditando('nuevo')}>
          <UserPlus className="size-4" aria-hidden="true" /> Nuevo cajero
        </Button>
      </div>
      <QueryResult
        query={consulta}
        filas={(d) => d.cajeros}
        error={mensajeDeError(consulta.error, 'No se pudieron cargar los cajeros.')}
        vacio={
          <EmptyState icono={UsersRound} titulo="Aún no hay cajeros">
            Crea uno con «Nuevo cajero»: su nombre y un PIN de 4 a 6 dígitos.
          </EmptyState>
        }
      >
        {(cajeros) => (
          <TablaOTarjetas
            caption={`Cajeros de ${nombreTienda}`}
            filas={cajeros}
            clave={(c) => c.id_usuario}
            propsFila={(c) => ({ 'data-testid': `cajero-${c.id_usuario}` })}
            columnas={[
              { titulo: 'Nombre', celda: (c) => <span className="font-medium text-slate-900">{c.nombre}</span>, enTarjeta: 'titulo' },
              { titulo: 'Estado', celda: (c) => <Badge color={c.activo ? 'verde' : 'gris'}>{c.activo ? 'Activo' : 'Inactivo'}</Badge> },
              { titulo: 'Correo', celda: (c) => c.correo ?? <span className="text-slate-600">Solo PIN</span> },
            ]}
            acciones={(c) => (
              <div className="flex flex-wrap justify-end gap-1.5">
                <Button variante="contorno" tamano="sm" onClick={() => setEditando(c)}>
                  <Pencil className="size-4" aria-hidden="true" /> Editar<span className="sr-only"> a {c.nombre}</span>
                </Button>
                <Button variante="contorno" tamano="sm" onClick={() => cambiarActivo(c)} disabled={actualizar.isPending}>
                  <Power className="size-4" aria-hidden="true" /> {c.activo ? 'Desactivar' : 'Reactivar'}
                  <span className="sr-only"> a {c.nombre}</span>
                </Button>
                <Button variante="contorno" tamano="sm" className="text-red-700" onClick={() => setEliminando(c)}>
                  <Trash2 className="size-4" aria-hidden="true" /> Eliminar<span className="sr-only"> a {c.nombre}</span>
                </Button>
              </div>
            )}
          />
        )}
      </QueryResult>
      <CajeroDialog
        abierto={editando !== null}
        idMinimarket={idMinimarket}
        cajero={editando === 'nuevo' ? null : editando}
        onCerrar={() => setEditando(null)}
      />
      <EliminarCajeroDialog
        key={eliminando?.id_usuario ?? 0}
        idMinimarket={idMinimarket}
        cajero={eliminando}
        onCerrar={() => setEliminando(null)}
      />
    </div>
  );
}
