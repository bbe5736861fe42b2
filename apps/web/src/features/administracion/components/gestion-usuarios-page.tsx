import { ESTADOS, PAGE_SIZE_USUARIOS, ROLES_CUENTA, type Estado, type RolCuenta } from '@minimarket/contracts/comunes';
import type { Usuario } from '@minimarket/contracts/usuarios';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Field, Select } from '../../../components/ui/field';
import { IconButton } from '../../../components/ui/icon-button';
import { Table, Td, Th } from '../../../components/ui/table';
import { useAuth } from '../../../lib/auth';
import { capitalizar } from '../../../utils/format';
import { useEliminarUsuario, usuariosQueryOptions } from '../api/usuarios';
import { useBusquedaGestion } from '../hooks/use-busqueda-gestion';
import { CabeceraGestion, ConfirmarEliminacion, ListaGestion } from './lista-gestion';
import { CrearUsuarioForm, EditarUsuarioForm } from './usuario-form';

/** '' is no filter. */
// A cashier belongs to its shop's page (Gestión de minimarket → Cajeros), not to this list.
const SIN_FILTROS: { rol: RolCuenta | ''; estado: Estado | '' } = { rol: '', estado: '' };

type Modo = { tipo: 'lista' } | { tipo: 'crear' } | { tipo: 'editar'; id: number };

/** A filter over a fixed list of values ('' for all), applied as soon as it changes. */
function FiltroOpciones<T extends string>({
  label,
  valor,
  opciones,
  onCambiar,
}: {
  label: string;
  valor: T | '';
  opciones: readonly T[];
  onCambiar: (valor: T | '') => void;
}) {
  return (
    <Field label={label}>
      {(p) => (
        <Select {...p} value={valor} onChange={(e) => onCambiar(e.target.value as T | '')}>
          <option value="">Todos</option>
          {opciones.map((o) => (
            <option key={o} value={o}>
              {capitalizar(o)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** A page of the accounts, with what can be done to each (no one deletes their own). */
function TablaUsuarios({
  usuarios,
  idPropio,
  onEditar,
  onEliminar,
}: {
  usuarios: readonly Usuario[];
  idPropio: number | undefined;
  onEditar: (u: Usuario) => void;
  onEliminar: (u: Usuario) => void;
}) {
  return (
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
        {usuarios.map((u) => (
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
                <IconButton icono={Pencil} aria-label={`Editar a ${u.nombre}`} title="Editar" onClick={() => onEditar(u)} />
                <IconButton
                  icono={Trash2}
                  peligro
                  aria-label={`Eliminar a ${u.nombre}`}
                  title={u.id_usuario === idPropio ? 'No puedes eliminar tu propia cuenta' : 'Eliminar'}
                  disabled={u.id_usuario === idPropio}
                  onClick={() => onEliminar(u)}
                />
              </div>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function GestionUsuariosPage() {
  const { user } = useAuth();
  const [modo, setModo] = useState<Modo>({ tipo: 'lista' });
  const busqueda = useBusquedaGestion(SIN_FILTROS);
  const { termino, filtros, pagina } = busqueda;
  const [eliminando, setEliminando] = useState<Usuario | null>(null);
  const eliminar = useEliminarUsuario();
  const consulta = useQuery({
    ...usuariosQueryOptions({
      pagina,
      tamano: PAGE_SIZE_USUARIOS,
      search: termino,
      rol: filtros.rol || undefined,
      estado: filtros.estado || undefined,
    }),
    enabled: modo.tipo === 'lista',
  });

  if (modo.tipo === 'crear')
    return (
      <CrearUsuarioForm
        onVolver={() => setModo({ tipo: 'lista' })}
        // Back to the list found by the new e-mail: the new user is right there, not on a later page.
        onCreado={(u) => {
          busqueda.limpiar();
          busqueda.buscar(u.correo);
          setModo({ tipo: 'lista' });
        }}
      />
    );
  if (modo.tipo === 'editar') return <EditarUsuarioForm id={modo.id} onVolver={() => setModo({ tipo: 'lista' })} />;

  return (
    <div className="space-y-4">
      <CabeceraGestion
        titulo="Gestión de Usuarios"
        total={consulta.data?.total}
        singular="usuario"
        plural="usuarios"
        testIdTotal="total-usuarios"
        icono={UserPlus}
        textoCrear="Crear Nuevo Usuario"
        descripcionCrear="Agrega un dueño de minimarket (pyme) o un administrador."
        onCrear={() => setModo({ tipo: 'crear' })}
      />

      <ListaGestion
        busqueda={busqueda}
        etiqueta="Buscar usuarios"
        placeholder="Buscar por nombre, correo, empresa o rol..."
        filtros={
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <FiltroOpciones label="Rol" valor={filtros.rol} opciones={ROLES_CUENTA} onCambiar={(rol) => busqueda.filtrar({ rol })} />
            <FiltroOpciones label="Estado" valor={filtros.estado} opciones={ESTADOS} onCambiar={(estado) => busqueda.filtrar({ estado })} />
          </div>
        }
        consulta={consulta}
        filas={(d) => d.users}
        error="Error al cargar usuarios. Por favor, intente nuevamente."
        plural="usuarios"
        tamano={PAGE_SIZE_USUARIOS}
      >
        {(usuarios) => (
          <TablaUsuarios
            usuarios={usuarios}
            idPropio={user?.id_usuario}
            onEditar={(u) => setModo({ tipo: 'editar', id: u.id_usuario })}
            onEliminar={setEliminando}
          />
        )}
      </ListaGestion>

      <ConfirmarEliminacion
        elemento={eliminando}
        titulo="Eliminar usuario"
        eliminar={eliminar}
        idDe={(u) => u.id_usuario}
        mensajeExito={(u) => `Usuario "${u.nombre}" eliminado.`}
        prefijoError="Error al eliminar usuario"
        onCerrar={() => setEliminando(null)}
      >
        {(u) => `¿Seguro que deseas eliminar a "${u.nombre}" (${u.correo})? Esta acción no se puede deshacer.`}
      </ConfirmarEliminacion>
    </div>
  );
}
