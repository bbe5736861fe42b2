import { PAGE_SIZE_MINIMARKETS } from '@minimarket/contracts/comunes';
import type { Minimarket } from '@minimarket/contracts/minimarkets';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Store, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, Input } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { Pagination, totalPaginas } from '../../../components/ui/pagination';
import { Table, Td, Th } from '../../../components/ui/table';
import { mensajeDeError } from '../../../lib/api-client';
import { tituloPagina } from '../../../lib/app-info';
import { formatEntero } from '../../../utils/format';
import { minimarketsQueryOptions, useEliminarMinimarket } from '../api/minimarkets';
import { todosLosUsuariosQueryOptions } from '../api/usuarios';
import { BarraBusqueda } from './barra-busqueda';
import { MinimarketForm } from './minimarket-form';

type Modo = { tipo: 'lista' } | { tipo: 'crear' } | { tipo: 'editar'; id: number };

function FiltrosMinimarket({ comuna, rubro, onAplicar }: { comuna: string; rubro: string; onAplicar: (comuna: string, rubro: string) => void }) {
  const [c, setC] = useState(comuna);
  const [r, setR] = useState(rubro);
  useEffect(() => {
    setC(comuna);
    setR(rubro);
  }, [comuna, rubro]);
  const aplicar = (e: FormEvent) => {
    e.preventDefault();
    onAplicar(c.trim(), r.trim());
  };
  return (
    <form onSubmit={aplicar} className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <Field label="Comuna">{(p) => <Input {...p} value={c} onChange={(e) => setC(e.target.value)} placeholder="Ej: Ñuñoa" />}</Field>
      <Field label="Rubro">{(p) => <Input {...p} value={r} onChange={(e) => setR(e.target.value)} placeholder="Ej: Almacén" />}</Field>
      <Button type="submit" variante="secundario">
        Aplicar filtros
      </Button>
    </form>
  );
}

export function GestionMinimarketPage() {
  const [modo, setModo] = useState<Modo>({ tipo: 'lista' });
  const [termino, setTermino] = useState('');
  const [comuna, setComuna] = useState('');
  const [rubro, setRubro] = useState('');
  const [pagina, setPagina] = useState(1);
  const [eliminando, setEliminando] = useState<Minimarket | null>(null);
  const eliminar = useEliminarMinimarket();
  const { data, isPending, isError, refetch, isFetching } = useQuery({
    ...minimarketsQueryOptions({ pagina, tamano: PAGE_SIZE_MINIMARKETS, search: termino, comuna, rubro }),
    enabled: modo.tipo === 'lista',
  });
  const usuarios = useQuery({ ...todosLosUsuariosQueryOptions(), enabled: modo.tipo === 'lista' });
  const duenos = useMemo(() => new Map((usuarios.data?.users ?? []).map((u) => [u.id_usuario, u.nombre])), [usuarios.data]);
  const paginas = data ? totalPaginas(data.total, PAGE_SIZE_MINIMARKETS) : 1;

  useEffect(() => {
    if (data && !isFetching && pagina > paginas) setPagina(paginas);
  }, [data, isFetching, pagina, paginas]);

  if (modo.tipo !== 'lista') return <MinimarketForm id={modo.tipo === 'editar' ? modo.id : null} onVolver={() => setModo({ tipo: 'lista' })} />;

  const filtrosActivos = (comuna ? 1 : 0) + (rubro ? 1 : 0);

  return (
    <div className="space-y-4">
      <title>{tituloPagina('Gestión de Minimarket')}</title>
      <div>
        <h2 className="text-xl font-semibold text-slate-900">Gestión de Minimarket</h2>
        <p className="text-sm text-slate-600" data-testid="total-minimarkets">
          {data ? `Total: ${formatEntero(data.total)} ${data.total === 1 ? 'minimarket' : 'minimarkets'}` : ' '}
        </p>
      </div>

      <Card className="flex flex-wrap items-center gap-4 border-marca-200 bg-marca-50 p-4">
        <span className="rounded-lg bg-white p-2.5 text-marca-700">
          <Store className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1 basis-56">
          <p className="font-semibold text-slate-900">Crear Nuevo Minimarket</p>
          <p className="text-sm text-slate-600">Registra una tienda y asígnala a su dueño.</p>
        </div>
        <Button onClick={() => setModo({ tipo: 'crear' })}>Crear Nuevo Minimarket</Button>
      </Card>

      <Card className="space-y-4 p-4 sm:p-5">
        <BarraBusqueda
          termino={termino}
          etiqueta="Buscar minimarkets"
          placeholder="Buscar por nombre, dirección o comuna..."
          hayBusqueda={Boolean(termino) || filtrosActivos > 0}
          filtrosActivos={filtrosActivos}
          onBuscar={(t) => {
            setTermino(t);
            setPagina(1);
          }}
          onLimpiar={() => {
            setTermino('');
            setComuna('');
            setRubro('');
            setPagina(1);
          }}
          filtros={
            <FiltrosMinimarket
              comuna={comuna}
              rubro={rubro}
              onAplicar={(c, r) => {
                setComuna(c);
                setRubro(r);
                setPagina(1);
              }}
            />
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
              Error al cargar minimarkets. Por favor, intente nuevamente.
            </Alert>
          ) : data.items.length === 0 ? (
            <p className="py-8 text-center text-sm text-slate-600">
              {termino
                ? `No se encontraron minimarkets que coincidan con "${termino}"`
                : filtrosActivos > 0
                  ? 'No se encontraron minimarkets con los filtros elegidos'
                  : 'No hay minimarkets para mostrar'}
            </p>
          ) : (
            <Table caption="Minimarkets">
              <thead>
                <tr>
                  <Th>Nombre</Th>
                  <Th>Usuario</Th>
                  <Th className="hidden md:table-cell">Dirección</Th>
                  <Th>Comuna</Th>
                  <Th className="hidden sm:table-cell">Rubro</Th>
                  <Th className="text-right">Acciones</Th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((m) => (
                  <tr key={m.id_minimarket}>
                    <Td className="font-medium text-slate-900">{m.nombre_minimarket}</Td>
                    <Td>{duenos.get(m.id_usuario) ?? `ID: ${m.id_usuario}`}</Td>
                    <Td className="hidden md:table-cell">{m.direccion}</Td>
                    <Td>{m.comuna}</Td>
                    <Td className="hidden sm:table-cell">{m.rubro}</Td>
                    <Td>
                      <div className="flex justify-end gap-0.5">
                        <button
                          type="button"
                          className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                          aria-label={`Editar ${m.nombre_minimarket}`}
                          title="Editar"
                          onClick={() => setModo({ tipo: 'editar', id: m.id_minimarket })}
                        >
                          <Pencil className="size-4" aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          className="rounded-md p-2 text-red-700 hover:bg-red-50 hover:text-red-800"
                          aria-label={`Eliminar ${m.nombre_minimarket}`}
                          title="Eliminar"
                          onClick={() => setEliminando(m)}
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
        titulo="Eliminar minimarket"
        procesando={eliminar.isPending}
        onCancelar={() => setEliminando(null)}
        onConfirmar={() => {
          if (!eliminando) return;
          const nombre = eliminando.nombre_minimarket;
          eliminar.mutate(eliminando.id_minimarket, {
            onSuccess: () => {
              toast.success(`Minimarket "${nombre}" eliminado.`, { duration: 2000 });
              setEliminando(null);
            },
            onError: (e) => {
              toast.error(`Error al eliminar el minimarket: ${mensajeDeError(e, 'Error desconocido')}`);
              setEliminando(null);
            },
          });
        }}
      >
        {eliminando
          ? `¿Seguro que deseas eliminar "${eliminando.nombre_minimarket}"? Se eliminarán también sus productos, ventas y cargas. Esta acción no se puede deshacer.`
          : null}
      </ConfirmDialog>
    </div>
  );
}
