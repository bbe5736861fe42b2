// POS → BUSCAR PRODUCTO (Inventario): the shop's products by category and search, with their stock
// and prices; the owner adds stock, adjusts it, edits and deletes. A link may open it on one product.
import { CATEGORIA_TODOS, CATEGORIAS, PAGE_SIZE_INVENTARIO, type Categoria } from '@minimarket/contracts/comunes';
import type { Producto } from '@minimarket/contracts/productos';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { Pagination } from '../../../components/ui/pagination';
import { QueryResult } from '../../../components/ui/query-result';
import { SearchInput } from '../../../components/ui/search-input';
import { type ColumnaTabla, TablaOTarjetas } from '../../../components/ui/tabla-o-tarjetas';
import { mensajeDeError } from '../../../lib/api-client';
import { tituloPagina } from '../../../lib/app-info';
import { useAuth } from '../../../lib/auth';
import { useCurrentShop } from '../../../lib/current-shop';
import { formatPrecio } from '../../../lib/granel';
import { ACCION_AGREGAR_STOCK, PARAM_ACCION, PARAM_PRODUCTO } from '../../../lib/rutas-inventario';
import { cn } from '../../../utils/cn';
import { contar } from '../../../utils/format';
import { AjusteStockDialog } from '../../ajustes-stock';
import { ProductoCelda, StockBadge, useBusquedaProductos } from '../../productos';
import { AccionesProducto } from './acciones-producto';
import { EditarProducto } from './editar-producto';
import { EliminarProductoDialog } from './eliminar-producto-dialog';
import { IngresoStockDialog } from './ingreso-stock-dialog';

type FiltroCategoria = Categoria | typeof CATEGORIA_TODOS;
const FILTROS: FiltroCategoria[] = [CATEGORIA_TODOS, ...CATEGORIAS];

/** The categories to filter by: a column on a laptop, a row that scrolls sideways on a phone. */
function FiltroCategorias({ categoria, onElegir }: { categoria: FiltroCategoria; onElegir: (c: FiltroCategoria) => void }) {
  return (
    <Card className="p-2 lg:self-start lg:p-3">
      <h2 className="px-2 pt-1 pb-2 text-sm font-semibold text-slate-700">Categorías</h2>
      <ul className="flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible lg:pb-0" aria-label="Filtrar por categoría">
        {FILTROS.map((c) => (
          <li key={c} className="shrink-0">
            <button
              type="button"
              aria-pressed={categoria === c}
              onClick={() => onElegir(c)}
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
  );
}

/** The table's columns (a card's lines on a phone); a cashier does not see the purchase price. */
function columnasInventario(umbral: number | null, soloConsulta: boolean): ColumnaTabla<Producto>[] {
  return [
    { titulo: 'Producto', celda: (p) => <ProductoCelda producto={p} />, enTarjeta: 'titulo' },
    { titulo: 'Categoría', celda: (p) => p.categoria, claseTabla: 'hidden md:table-cell' },
    { titulo: 'Stock', celda: (p) => <StockBadge stock={p.stock} umbral={umbral} unidad={p.unidad} /> },
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
  ];
}

export function InventarioPage({ idMinimarket }: { idMinimarket: number }) {
  const { umbralStockBajo } = useCurrentShop();
  // A cashier looks products up (stock and sale price); costs and every change are the owner's.
  const soloConsulta = useAuth().user?.rol === 'cajero';
  const [categoria, setCategoria] = useState<FiltroCategoria>(CATEGORIA_TODOS);
  const [editando, setEditando] = useState<Producto | null>(null);
  const [reponiendo, setReponiendo] = useState<Producto | null>(null);
  const [ajustando, setAjustando] = useState<Producto | null>(null);
  const [eliminando, setEliminando] = useState<Producto | null>(null);
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
  const acciones = { onReponer: setReponiendo, onAjustar: setAjustando, onEditar: setEditando, onEliminar: setEliminando };

  if (editando) return <EditarProducto producto={editando} onVolver={() => setEditando(null)} />;

  return (
    <>
      <title>{tituloPagina('Inventario')}</title>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[12rem_minmax(0,1fr)]">
        <FiltroCategorias
          categoria={categoria}
          onElegir={(c) => {
            setCategoria(c);
            setPagina(1);
          }}
        />

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
                columnas={columnasInventario(umbralStockBajo, soloConsulta)}
                acciones={soloConsulta ? undefined : (p, forma) => <AccionesProducto producto={p} forma={forma} acciones={acciones} />}
              />
            )}
          </QueryResult>
          {data && <Pagination className="mt-3" pagina={pagina} totalPaginas={paginas} onCambiar={setPagina} />}
        </Card>
      </div>

      {/* Keyed by product: each opening starts with an empty form, not the last product's figures. */}
      <IngresoStockDialog key={enDialogo?.id_producto ?? 'cerrado'} producto={enDialogo} onCerrar={cerrarDialogo} />
      <AjusteStockDialog idMinimarket={idMinimarket} producto={ajustando} onDone={() => setAjustando(null)} />
      <EliminarProductoDialog producto={eliminando} onCerrar={() => setEliminando(null)} />
    </>
  );
}
