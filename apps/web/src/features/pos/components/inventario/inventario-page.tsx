import { CATEGORIA_TODOS, CATEGORIAS, PAGE_SIZE_INVENTARIO, type Categoria } from '@minimarket/contracts/comunes';
import type { Producto } from '@minimarket/contracts/productos';
import { ClipboardCheck, PackagePlus, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { IconButton } from '../../../../components/ui/icon-button';
import { Pagination } from '../../../../components/ui/pagination';
import { QueryResult } from '../../../../components/ui/query-result';
import { SearchInput } from '../../../../components/ui/search-input';
import { TablaOTarjetas } from '../../../../components/ui/tabla-o-tarjetas';
import { mensajeDeError } from '../../../../lib/api-client';
import { tituloPagina } from '../../../../lib/app-info';
import { useCurrentShop } from '../../../../lib/current-shop';
import { ACCION_AGREGAR_STOCK, PARAM_ACCION, PARAM_PRODUCTO } from '../../../../lib/rutas-inventario';
import { cn } from '../../../../utils/cn';
import { contar } from '../../../../utils/format';
import { formatPrecio } from '../../../../lib/granel';
import { useAuth } from '../../../../lib/auth';
import { useEliminarProducto } from '../../api/productos';
import { useBusquedaProductos } from '../../hooks/use-busqueda-productos';
import { ProductoCelda } from '../producto-celda';
import { StockBadge } from '../stock-badge';
import { AjusteStockDialog } from '../ajustes/ajuste-stock-dialog';
import { EditarProducto } from './editar-producto';
import { IngresoStockDialog } from './ingreso-stock-dialog';

type FiltroCategoria = Categoria | typeof CATEGORIA_TODOS;
const FILTROS: FiltroCategoria[] = [CATEGORIA_TODOS, ...CATEGORIAS];

export function InventarioPage({ idMinimarket }: { idMinimarket: number }) {
  const { umbralStockBajo } = useCurrentShop();
  // A cashier looks products up (stock and sale price); costs and every change are the owner's.
  const soloConsulta = useAuth().user?.rol === 'cajero';
  const [categoria, setCategoria] = useState<FiltroCategoria>(CATEGORIA_TODOS);
  const [editando, setEditando] = useState<Producto | null>(null);
  const [reponiendo, setReponiendo] = useState<Producto | null>(null);
  const [ajustando, setAjustando] = useState<Producto | null>(null);
  const [eliminando, setEliminando] = useState<Producto | null>(null);
  const eliminar = useEliminarProducto();
  // A notification or a recommendation links here with ?producto=<id>: the list shows that product
  // until the owner asks for all; with &accion=agregar-stock, 'Agregar stock' opens for it once.
  const [parametros, setParametros] = useSearchParams();
  const idEnlazado = Number(parametros.get(PARAM_PRODUCTO));
  const enlazado = Number.isSafeInteger(idEnlazado) && idEnlazado > 0 ? idEnlazado : null;
  const { busqueda, setBusqueda, pagina, setPagina, paginas, consulta } = useBusquedaProductos({
    idMinimarket,
    tamano: PAGE_SIZE_INVENTARIO,
    categoria,
    ids: enlazado !== null ? [enlazado] : undefined,
  });
  const { data } = consulta;
  const paraReponer =
    parametros.get(PARAM_ACCION) === ACCION_AGREGAR_STOCK ? data?.items.find((p) => p.id_producto === enlazado) : undefined;
  // The link's 'Agregar stock' is open while the URL asks for it; closing it drops the request.
  const enDialogo = reponiendo ?? paraReponer ?? null;
  const cerrarDialogo = () => {
    setReponiendo(null);
    if (paraReponer) setParametros({ [PARAM_PRODUCTO]: String(paraReponer.id_producto) }, { replace: true });
  };

  if (editando) return <EditarProducto producto={editando} onVolver={() => setEditando(null)} />;

  return (
    <>
      <title>{tituloPagina('Inventario')}</title>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[12rem_minmax(0,1fr)]">
        <Card className="p-2 lg:self-start lg:p-3">
          <h2 className="px-2 pt-1 pb-2 text-sm font-semibold text-slate-700">Categorías</h2>
          <ul className="flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible lg:pb-0" aria-label="Filtrar por categoría">
            {FILTROS.map((c) => (
              <li key={c} className="shrink-0">
                <button
                  type="button"
                  aria-pressed={categoria === c}
                  onClick={() => {
                    setCategoria(c);
                    setPagina(1);
                  }}
                  className={cn(
                    'w-full rounded-lg px-3 py-2 text-left text-sm whitespace-nowrap',
                    categoria === c ? 'bg-marca-700 font-semibold text-white' : 'text-slate-700 hover:bg-slate-100',
                  )}
                >
                  {c}
                </button>
              </li>
            ))}
          </ul>
        </Card>

        <Card className="min-w-0 p-4 sm:p-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-lg font-semibold text-slate-900">
              Inventario{categoria !== CATEGORIA_TODOS ? ` · ${categoria}` : ''}
              {data && <span className="ml-2 text-sm font-normal text-slate-600">({contar(data.total, 'producto')})</span>}
            </h2>
            <SearchInput
              className="w-full sm:w-72"
              aria-label="Buscar en el inventario"
              placeholder="Buscar por nombre, marca o código..."
              value={busqueda}
              onChange={(e) => setBusqueda(e.target.value)}
            />
          </div>

          {enlazado !== null && (
            <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-marca-50 px-3 py-2 text-sm text-slate-700">
              Mostrando solo el producto del enlace.
              <button
                type="button"
                className="font-medium text-marca-700 hover:underline"
                onClick={() => setParametros({}, { replace: true })}
              >
                Ver todo el inventario
              </button>
            </p>
          )}
          <QueryResult
            className="mt-3"
            query={consulta}
            filas={(d) => d.items}
            error={mensajeDeError(consulta.error, 'No se pudo cargar el inventario.')}
            vacio={<p className="py-8 text-center text-sm text-slate-600">No se encontraron productos.</p>}
          >
            {(productos) => (
              <TablaOTarjetas
                caption="Productos del inventario"
                filas={productos}
                clave={(p) => p.id_producto}
                columnas={[
                  { titulo: 'Producto', celda: (p) => <ProductoCelda producto={p} />, enTarjeta: 'titulo' },
                  { titulo: 'Categoría', celda: (p) => p.categoria, claseTabla: 'hidden md:table-cell' },
                  { titulo: 'Stock', celda: (p) => <StockBadge stock={p.stock} umbral={umbralStockBajo} unidad={p.unidad} /> },
                  {
                    titulo: 'Precio venta',
                    celda: (p) => <span className="font-medium">{formatPrecio(p.precio_venta_actual, p.unidad)}</span>,
                    derecha: true,
                  },
                  ...(soloConsulta
                    ? []
                    : [
                        {
                          titulo: 'Precio compra',
                          celda: (p: Producto) => (p.precio_compra_actual !== null ? formatPrecio(p.precio_compra_actual, p.unidad) : '—'),
                          derecha: true,
                          claseTabla: 'text-slate-700',
                        },
                      ]),
                ]}
                acciones={
                  soloConsulta
                    ? undefined
                    : (p, forma) =>
                        forma === 'tabla' ? (
                          <div className="flex justify-end gap-0.5">
                            <IconButton
                              icono={PackagePlus}
                              onClick={() => setReponiendo(p)}
                              aria-label={`Agregar stock a ${p.nombre_producto}`}
                              title="Agregar stock"
                            />
                            <IconButton
                              icono={ClipboardCheck}
                              onClick={() => setAjustando(p)}
                              aria-label={`Ajustar stock de ${p.nombre_producto}`}
                              title="Ajustar stock (conteo, merma, vencido...)"
                            />
                            <IconButton
                              icono={Pencil}
                              onClick={() => setEditando(p)}
                              aria-label={`Editar ${p.nombre_producto}`}
                              title="Editar"
                            />
                            <IconButton
                              icono={Trash2}
                              peligro
                              onClick={() => setEliminando(p)}
                              aria-label={`Eliminar ${p.nombre_producto}`}
                              title="Eliminar"
                            />
                          </div>
                        ) : (
                          // A phone has room for the words: the same actions, each under its name.
                          <>
                            <Button variante="contorno" tamano="sm" onClick={() => setReponiendo(p)}>
                              <PackagePlus className="size-4" aria-hidden="true" /> Agregar stock
                              <span className="sr-only"> a {p.nombre_producto}</span>
                            </Button>
                            <Button variante="contorno" tamano="sm" onClick={() => setAjustando(p)}>
                              <ClipboardCheck className="size-4" aria-hidden="true" /> Ajustar stock
                              <span className="sr-only"> de {p.nombre_producto}</span>
                            </Button>
                            <Button variante="contorno" tamano="sm" onClick={() => setEditando(p)}>
                              <Pencil className="size-4" aria-hidden="true" /> Editar<span className="sr-only"> {p.nombre_producto}</span>
                            </Button>
                            <Button variante="contorno" tamano="sm" className="text-red-700" onClick={() => setEliminando(p)}>
                              <Trash2 className="size-4" aria-hidden="true" /> Eliminar<span className="sr-only"> {p.nombre_producto}</span>
                            </Button>
                          </>
                        )
                }
              />
            )}
          </QueryResult>
          {data && <Pagination className="mt-3" pagina={pagina} totalPaginas={paginas} onCambiar={setPagina} />}
        </Card>
      </div>

      {/* Keyed by product: each opening starts with an empty form, not the last product's figures. */}
      <IngresoStockDialog key={enDialogo?.id_producto ?? 'cerrado'} producto={enDialogo} onCerrar={cerrarDialogo} />
      <AjusteStockDialog idMinimarket={idMinimarket} producto={ajustando} onDone={() => setAjustando(null)} />

      <ConfirmDialog
        abierto={eliminando !== null}
        titulo="Eliminar producto"
        procesando={eliminar.isPending}
        onCancelar={() => setEliminando(null)}
        onConfirmar={() => {
          if (!eliminando) return;
          const nombre = eliminando.nombre_producto;
          eliminar.mutate(eliminando.id_producto, {
            onSuccess: () => {
              toast.success(`Producto "${nombre}" eliminado.`, { duration: 2000 });
              setEliminando(null);
            },
            // The dialog stays open, so the owner can try again or cancel.
            onError: (e) => {
              console.error(e);
              toast.error(mensajeDeError(e, 'No se pudo eliminar el producto.'));
            },
          });
        }}
      >
        {eliminando
          ? `¿Seguro que deseas eliminar "${eliminando.nombre_producto}"? Dejará de aparecer en el inventario y en las ventas; su historial se conserva.`
          : null}
      </ConfirmDialog>
    </>
  );
}
