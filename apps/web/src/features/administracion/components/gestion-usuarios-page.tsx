import { ESTADOS, PAGE_SIZE_USUARIOS, ROLES } from '@minimarket/contracts/comunes';
import type { Usuario } from '@minimarket/contracts/usuarios';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, Select } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { Pagination, totalPaginas } from '../../../components/ui/pagination';
import { Table, Td, Th } from '../../../components/ui/table';
import { mensajeDeError } from '../../../lib/api-client';
import { tituloPagina } from '../../../lib/app-info';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../utils/cn';
import { capitalizar, formatEntero } from '../../../utils/format';
import { useEliminarUsuario, usuariosQueryOptions } from '../api/usuarios';
import { BarraBusqueda } from './barra-busqueda';
import { CrearUsuarioForm, EditarUsuarioForm } from './usuario-form';

type Modo = { tipo: 'lista' } | { tipo: 'crear' } | { tipo: 'editar'; id: number };

export function GestionUsuariosPage() {
  const { user } = useAuth();
  const [modo, setModo] = useState<Modo>({ tipo: 'lista' });
  const [termino, setTermino] = useState('');
  const [rol, setRol] = useState('');
  const [estado, setEstado] = useState('');
  const [pagina, setPagina] = useState(1);
  const [eliminando, setEliminando] = useState<Usuario | null>(null);
  const eliminar = useEliminarUsuario();
  const { data, isPending, isError, refetch, isFetching } = useQuery({
    ...usuariosQueryOptions({ pagina, tamano: PAGE_SIZE_USUARIOS, search: termino, rol, estado }),
    enabled: modo.tipo === 'lista',
  });
  const paginas = data ? totalPaginas(data.total, PAGE_SIZE_USUARIOS) : 1;

  useEffect(() => {
    if (data && !isFetching && pagina > paginas) setPagina(paginas);
  }, [data, isFetching, pagina, paginas]);

  if (modo.tipo === 'crear') return <CrearUsuarioForm onVolver={() => setModo({ tipo: 'lista' })} />;
  if (modo.tipo === 'editar') return <EditarUsuarioForm id={modo.id} onVolver={() => setModo({ tipo: 'lista' })} />;

  const filtrosActivos = (rol ? 1 : 0) + (estado ? 1 : 0);

  return (
    <div className="space-y-4">
      <title>{tituloPagina('Gestión de Usuarios')}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Gestión de Usuarios</h2>
          <p className="text-sm text-slate-600" data-testid="total-usuarios">
            {data ? `Total: ${formatEntero(data.total)} ${data.total === 1 ? 'usuario' : 'usuarios'}` : ' '}
          </p>
        </div>
      </div>

      <Card className="flex flex-wrap items-center gap-4 border-marca-200 bg-marca-50 p-4">
        <span className="rounded-lg bg-white p-2.5 text-marca-700">
          <UserPlus className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1 basis-56">
          <p className="font-semibold text-slate-900">Crear Nuevo Usuario</p>
          <p className="text-sm text-slate-600">Agrega un dueño de minimarket (pyme) o un administrador.</p>
        </div>
        <Button onClick={() => setModo({ tipo: 'crear' })}>Crear Nuevo Usuario</Button>
      </Card>

      <Card className="space-y-4 p-4 sm:p-5">
        <BarraBusqueda
          termino={termino}
          etiqueta="Buscar usuarios"
          placeholder="Buscar por nombre, correo, empresa o rol..."
          hayBusqueda={Boolean(termino) || filtrosActivos > 0}
          filtrosActivos={filtrosActivos}
          onBuscar={(t) => {
            setTermino(t);
            setPagina(1);
          }}
          onLimpiar={() => {
            setTermino('');
            setRol('');
            setEstado('');
            setPagina(1);
          }}
          filtros={
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <Field label="Rol">
                {(p) => (
                  <Select
                    {...p}
                    value={rol}
                    onChange={(e) => {
                      setRol(e.target.value);
                      setPagina(1);
                    }}
                  >
                    <option value="">Todos</option>
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {capitalizar(r)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label="Estado">
                {(p) => (
                  <Select
                    {...p}
                    value={estado}
                    onChange={(e) => {
                      setEstado(e.target.value);
                      setPagina(1);
                    }}
                  >
                    <option value="">Todos</option>
                    {ESTADOS.map((s) => (
                      <option key={s} value={s}>
                        {capitalizar(s)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
          }
        />

        <div aria-busy={isFetching}>
          {isPending ? (
            <Loading />
          ) : isError ? (
            <Alert
              tipo="error"
              accion={
                <button type="button" className="font-medium underline" onClick={() => refetch()}>
                  Reintentar
                </button>
              }
            >
              Error al cargar usuarios. Por favor, intente nuevamente.
            </Alert>
          ) : data.users.length === 0 ? (
            <p className="py-8 text-center text-sm text-slate-600">
              {termino
                ? `No se encontraron usuarios que coincidan con "${termino}"`
                : filtrosActivos > 0
                  ? 'No se encontraron usuarios con los filtros elegidos'
                  : 'No hay usuarios para mostrar'}
            </p>
          ) : (
            <Table caption="Usuarios">
              <thead>
                <tr>
                  <Th>Nombre</Th>
                  <Th className="hidden md:table-cell">Email</Th>
                  <Th className="hidden lg:table-cell">Empresa</Th>
                  <Th className="hidden sm:table-cell">Rol</Th>
                  <Th className="hidden sm:table-cell">Estado</Th>
                  <Th className="text-right">Acciones</Th>
                </tr>
              </thead>
              <tbody>
                {data.users.map((u) => (
                  <tr key={u.id_usuario}>
                    <Td>
                      <span className="block font-medium text-slate-900">{u.nombre}</span>
                      <span className="block max-w-48 truncate text-xs text-slate-600 md:hidden">{u.correo}</span>
                      <span className="block text-xs text-slate-600 sm:hidden">
                        {capitalizar(u.rol)} · {capitalizar(u.estado)}
                      </span>
                    </Td>
                    <Td className="hidden md:table-cell">{u.correo}</Td>
                    <Td className="hidden lg:table-cell">{u.empresa}</Td>
                    <Td className="hidden sm:table-cell">
                      <Badge color={u.rol === 'administrador' ? 'azul' : 'morado'}>{capitalizar(u.rol)}</Badge>
                    </Td>
                    <Td className="hidden sm:table-cell">
                      <Badge color={u.estado === 'activo' ? 'verde' : 'gris'}>{capitalizar(u.estado)}</Badge>
                    </Td>
                    <Td>
                      <div className="flex justify-end gap-0.5">
                        <button
                          type="button"
                          className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                          aria-label={`Editar a ${u.nombre}`}
                          title="Editar"
                          onClick={() => setModo({ tipo: 'editar', id: u.id_usuario })}
                        >
                          <Pencil className="size-4" aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          className={cn('rounded-md p-2 text-red-700 hover:bg-red-50 hover:text-red-800 disabled:text-slate-300 disabled:hover:bg-transparent')}
                          aria-label={`Eliminar a ${u.nombre}`}
                          title={u.id_usuario === user?.id_usuario ? 'No puedes eliminar tu propia cuenta' : 'Eliminar'}
                          disabled={u.id_usuario === user?.id_usuario}
                          onClick={() => setEliminando(u)}
                        >
                          <Trash2 className="size-4" aria-hidden="true" />
                        </button>
                      </div>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </div>
        {data && <Pagination pagina={pagina} totalPaginas={paginas} onCambiar={setPagina} />}
      </Card>

      <ConfirmDialog
        abierto={eliminando !== null}
        titulo="Eliminar usuario"
        procesando={eliminar.isPending}
        onCancelar={() => setEliminando(null)}
        onConfirmar={() => {
          if (!eliminando) return;
          const nombre = eliminando.nombre;
          eliminar.mutate(eliminando.id_usuario, {
            onSuccess: () => {
              toast.success(`Usuario "${nombre}" eliminado.`, { duration: 2000 });
              setEliminando(null);
            },
            onError: (e) => {
              toast.error(`Error al eliminar usuario: ${mensajeDeError(e, 'Error desconocido')}`);
              setEliminando(null);
            },
          });
        }}
      >
        {eliminando ? `¿Seguro que deseas eliminar a "${eliminando.nombre}" (${eliminando.correo})? Esta acción no se puede deshacer.` : null}
      </ConfirmDialog>
    </div>
  );
}
