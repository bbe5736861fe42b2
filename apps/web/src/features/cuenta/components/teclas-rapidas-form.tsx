// «Teclas rápidas» in Configuración (issue 32, docs/pagos.md): the owner picks the products of Nueva
// venta's quick grid by search, orders them, takes some out, and saves; or goes back to the shop's most
// sold products. Until saved, the grid is the most sold ones, shown here as where to start from.
import { MAX_TECLAS_RAPIDAS, type TeclasRapidas } from '@minimarket/contracts/minimarkets';
import type { Producto } from '@minimarket/contracts/productos';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { Loading } from '../../../components/ui/loading';
import { RetryAlert } from '../../../components/ui/query-result';
import { SearchInput } from '../../../components/ui/search-input';
import { apiPage, mensajeDeError } from '../../../lib/api-client';
import { formatPrecio } from '../../../lib/granel';
import { RAIZ } from '../../../lib/query-keys';
import { teclasRapidasQueryOptions, useFijarTeclasRapidas } from '../../../lib/teclas-rapidas';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** How many products a search offers at once. */
const RESULTADOS_BUSQUEDA = 8;

/** Moves the item at `i` one place up (−1) or down (+1). */
function mover<T>(lista: readonly T[], i: number, paso: -1 | 1): T[] {
  const j = i + paso;
  if (j < 0 || j >= lista.length) return [...lista];
  const nueva = [...lista];
  [nueva[i], nueva[j]] = [nueva[j]!, nueva[i]!];
  return nueva;
}

/** A product as the lists name it: its name and its price. */
function NombrePrecio({ p }: { p: Producto }) {
  return (
    <>
      <span className="block truncate font-medium text-slate-900">{p.nombre_producto}</span>
      <span className="block text-xs text-slate-600">{formatPrecio(p.precio_venta_actual, p.unidad)}</span>
    </>
  );
}

/** The keys chosen, in order: each moves up or down, or comes out. */
function TeclasElegidas({ lista, onCambiar }: { lista: Producto[]; onCambiar: (cambio: (l: Producto[]) => Producto[]) => void }) {
  if (lista.length === 0)
    return (
      <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">Sin teclas. Busca productos para agregarlos.</p>
    );
  return (
    <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Teclas rápidas elegidas">
      {lista.map((p, i) => (
        <li key={p.id_producto} className="flex items-center gap-2 px-3 py-1.5">
          <span className="w-6 text-right text-sm text-slate-500 tabular-nums">{i + 1}.</span>
          <span className="min-w-0 flex-1 text-sm">
            <NombrePrecio p={p} />
          </span>
          <IconButton
            icono={ArrowUp}
            className="min-h-11 min-w-11 sm:min-h-0 sm:min-w-0"
            aria-label={`Subir ${p.nombre_producto}`}
            disabled={i === 0}
            onClick={() => onCambiar((l) => mover(l, i, -1))}
          />
          <IconButton
            icono={ArrowDown}
            className="min-h-11 min-w-11 sm:min-h-0 sm:min-w-0"
            aria-label={`Bajar ${p.nombre_producto}`}
            disabled={i === lista.length - 1}
            onClick={() => onCambiar((l) => mover(l, i, 1))}
          />
          <IconButton
            icono={X}
            peligro
            className="min-h-11 min-w-11 sm:min-h-0 sm:min-w-0"
            aria-label={`Quitar ${p.nombre_producto} de las teclas`}
            onClick={() => onCambiar((l) => l.filter((x) => x.id_producto !== p.id_producto))}
          />
        </li>
      ))}
    </ol>
  );
}

/** The search that offers products to add (none once the grid is full, nor one already in it). */
function BuscarTecla({
  idMinimarket,
  ids,
  llena,
  onAgregar,
}: {
  idMinimarket: number;
  ids: number[];
  llena: boolean;
  onAgregar: (p: Producto) => void;
}) {
  const [busqueda, setBusqueda] = useState('');
  const buscado = useDebouncedValue(busqueda.trim(), 300);
  const resultados = useQuery({
    queryKey: [...RAIZ.productos, 'teclas-rapidas', idMinimarket, buscado],
    queryFn: ({ signal }) =>
      apiPage('GET /productos/', {
        signal,
        query: { id_minimarket: idMinimarket, search: buscado, skip: 0, limit: RESULTADOS_BUSQUEDA },
      }),
    enabled: buscado !== '',
    placeholderData: keepPreviousData,
  });
  return (
    <div className="space-y-2">
      <SearchInput
        aria-label="Buscar un producto para las teclas rápidas"
        placeholder="Buscar producto por nombre, marca o código..."
        value={busqueda}
        onChange={(e) => setBusqueda(e.target.value)}
      />
      {llena && <p className="text-sm text-slate-600">Caben a lo más {MAX_TECLAS_RAPIDAS} teclas: quita una para agregar otra.</p>}
      {buscado !== '' && resultados.data && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Productos encontrados">
          {resultados.data.items.length === 0 ? (
            <li className="px-3 py-2 text-sm text-slate-600">No se encontraron productos.</li>
          ) : (
            resultados.data.items.map((p) => {
              const ya = ids.includes(p.id_producto);
              return (
                <li key={p.id_producto} className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm">
                  <span className="min-w-0">
                    <NombrePrecio p={p} />
                  </span>
                  <Button
                    variante="contorno"
                    tamano="sm"
                    className="min-h-11 sm:min-h-0"
                    disabled={ya || llena}
                    aria-label={ya ? `${p.nombre_producto} ya está en las teclas` : `Agregar ${p.nombre_producto} a las teclas`}
                    onClick={() => onAgregar(p)}
                  >
                    <Plus className="size-4" aria-hidden="true" /> {ya ? 'Agregado' : 'Agregar'}
                  </Button>
                </li>
              );
            })
          )}
        </ul>
      )}
    </div>
  );
}

function Editor({ idMinimarket, inicial }: { idMinimarket: number; inicial: TeclasRapidas }) {
  const fijar = useFijarTeclasRapidas(idMinimarket);
  const [lista, setLista] = useState<Producto[]>(() => inicial.teclas.map((t) => t.producto));
  const [error, setError] = useState<string | null>(null);
  const ids = lista.map((p) => p.id_producto);
  const cambiada = !inicial.configuradas || ids.join(',') !== inicial.teclas.map((t) => t.producto.id_producto).join(',');

  const guardar = async (productos: number[], mensaje: string) => {
    setError(null);
    try {
      await fijar.mutateAsync(productos);
      toast.success(mensaje, { duration: 2000 });
    } catch (e) {
      setError(mensajeDeError(e, 'No se pudieron guardar las teclas rápidas.'));
    }
  };

  return (
    <div className="mt-3 space-y-4">
      <p className="text-sm text-slate-600" data-testid="estado-teclas">
        {inicial.configuradas
          ? `Nueva venta muestra estas ${lista.length === 1 ? 'tecla' : `${lista.length} teclas`}, en este orden.`
          : 'Ahora Nueva venta muestra tus productos más vendidos de los últimos 30 días. Cámbialos y guarda para fijar los tuyos.'}
      </p>
      <TeclasElegidas lista={lista} onCambiar={setLista} />
      <BuscarTecla
        idMinimarket={idMinimarket}
        ids={ids}
        llena={lista.length >= MAX_TECLAS_RAPIDAS}
        onAgregar={(p) => setLista((l) => [...l, p])}
      />
      {error && <Alert tipo="error">{error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={fijar.isPending || !cambiada || lista.length === 0}
          onClick={() => void guardar(ids, 'Teclas rápidas guardadas.')}
        >
          {fijar.isPending ? 'Guardando...' : 'Usar estas teclas'}
        </Button>
        {inicial.configuradas && (
          <Button
            variante="contorno"
            disabled={fijar.isPending}
            onClick={() => void guardar([], 'Nueva venta vuelve a mostrar tus productos más vendidos.')}
          >
            Volver a los más vendidos
          </Button>
        )}
      </div>
    </div>
  );
}

export function TeclasRapidasForm({ idMinimarket }: { idMinimarket: number }) {
  const { data, isPending, isError, error, refetch } = useQuery(teclasRapidasQueryOptions(idMinimarket));
  if (isPending) return <Loading />;
  if (isError)
    return (
      <div className="mt-3">
        <RetryAlert onReintentar={() => void refetch()}>{mensajeDeError(error, 'No se pudieron cargar las teclas rápidas.')}</RetryAlert>
      </div>
    );
  // Keyed by what is saved: after a save (or a change elsewhere) the editor starts from it.
  return (
    <Editor
      key={`${data.configuradas}:${data.teclas.map((t) => t.producto.id_producto).join(',')}`}
      idMinimarket={idMinimarket}
      inicial={data}
    />
  );
}
