import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, Select } from '../../../components/ui/field';
import { SearchInput } from '../../../components/ui/search-input';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usuariosQueryOptions } from '../api/usuarios';

const RESULTADOS = 20;

interface Opcion {
  id_usuario: number;
  nombre: string;
  correo: string;
}

/**
 * The owner of a minimarket: only an active pyme can be one, so only those are offered, found by
 * name or e-mail (accents and case ignored by the server) instead of a list of everyone. The
 * chosen owner stays in the list whatever the search shows, so the choice never vanishes.
 */
export function SelectorDueno({
  registro,
  valor,
  actual,
  error,
}: {
  registro: UseFormRegisterReturn<'id_usuario'>;
  /** The id chosen now (as the form holds it). */
  valor: string;
  /** The shop's owner when editing. */
  actual: Opcion | null;
  error?: string;
}) {
  const [texto, setTexto] = useState('');
  const termino = useDebouncedValue(texto.trim());
  const usuarios = useQuery(usuariosQueryOptions({ pagina: 1, tamano: RESULTADOS, search: termino, rol: 'pyme', estado: 'activo' }));
  const [vistos, setVistos] = useState<Map<number, Opcion>>(() => new Map(actual ? [[actual.id_usuario, actual]] : []));
  const encontrados = usuarios.data?.users ?? [];
  const elegido = vistos.get(Number(valor));
  const opciones: Opcion[] = [
    ...(elegido && !encontrados.some((u) => u.id_usuario === elegido.id_usuario) ? [elegido] : []),
    ...encontrados,
  ];

  return (
    <div className="space-y-2 sm:col-span-2">
      <SearchInput
        aria-label="Buscar dueño por nombre o correo"
        placeholder="Buscar dueño (pyme activo) por nombre o correo..."
        value={texto}
        onChange={(e) => setTexto(e.target.value)}
      />
      <Field label="Usuario (dueño)" requerido error={error}>
        {(p) => (
          <Select
            {...p}
            {...registro}
            onChange={(e) => {
              const id = Number(e.target.value);
              const u = encontrados.find((x) => x.id_usuario === id);
              if (u) setVistos((m) => new Map(m).set(id, { id_usuario: u.id_usuario, nombre: u.nombre, correo: u.correo }));
              return registro.onChange(e);
            }}
          >
            <option value="">
              {usuarios.isPending
                ? 'Cargando usuarios...'
                : encontrados.length === 0 && termino
                  ? 'Ningún pyme activo coincide'
                  : 'Selecciona un usuario'}
            </option>
            {opciones.map((u) => (
              <option key={u.id_usuario} value={u.id_usuario}>
                {u.nombre} ({u.correo})
              </option>
            ))}
          </Select>
        )}
      </Field>
      {usuarios.data && usuarios.data.total > encontrados.length && (
        <p className="text-xs text-slate-600">
          Se muestran {encontrados.length} de {usuarios.data.total}: escribe parte del nombre o del correo para encontrar a otro.
        </p>
      )}
    </div>
  );
}
