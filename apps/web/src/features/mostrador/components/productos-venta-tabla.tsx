import { PAGE_SIZE_VENTA_PRODUCTOS } from '@minimarket/contracts/comunes';
import type { Producto } from '@minimarket/contracts/productos';
import { Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Pagination } from '../../../components/ui/pagination';
import { QueryResult } from '../../../components/ui/query-result';
import { SearchInput } from '../../../components/ui/search-input';
import { Table, Td, Th } from '../../../components/ui/table';
import { mensajeDeError } from '../../../lib/api-client';
import { formatPrecio } from '../../../lib/granel';
import { ProductoCelda, StockBadge, useBusquedaProductos } from '../../productos';

export function ProductosVentaTabla({
  idMinimarket,
  umbral,
  onAgregar,
}: {
  idMinimarket: number;
  umbral: number | null;
  onAgregar: (p: Producto) => void;
}) {
  const { busqueda, setBusqueda, pagina, setPagina, paginas, consulta } = useBusquedaProductos({
    idMinimarket,
    tamano: PAGE_SIZE_VENTA_PRODUCTOS,
    respaldoLocal: true,
  });

  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-slate-900">Búsqueda manual</h2>
      <SearchInput
        className="mt-3"
        aria-label="Buscar producto por nombre, marca o código"
        placeholder="Buscar producto por nombre, marca o código..."
        value={busqueda}
        onChange={(e) => setBusqueda(e.target.value)}
      />
      <QueryResult
        className="mt-3"
        query={consulta}
        filas={(d) => d.items}
        error={mensajeDeError(consulta.error, 'Error al buscar el producto.')}
        vacio={<p className="py-6 text-center text-sm text-slate-600">No se encontraron productos.</p>}
      >
        {(productos) => (
          <Table caption="Productos disponibles para la venta">
            <thead>
              <tr>
                <Th>Producto</Th>
                <Th className="hidden sm:table-cell">Stock</Th>
                <Th className="hidden text-right sm:table-cell">Precio</Th>
                <Th>
                  <span className="sr-only">Acción</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {productos.map((p) => (
                <tr key={p.id_producto}>
                  <Td>
                    <ProductoCelda producto={p} />
                    {/* On a phone stock and price ride under the name, so the row fits with its button. */}
                    <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 sm:hidden">
                      <StockBadge stock={p.stock} umbral={umbral} unidad={p.unidad} />
                      <span className="text-sm font-medium whitespace-nowrap">{formatPrecio(p.precio_venta_actual, p.unidad)}</span>
                    </span>
                  </Td>
                  <Td className="hidden sm:table-cell">
                    <StockBadge stock={p.stock} umbral={umbral} unidad={p.unidad} />
                  </Td>
                  <Td className="hidden text-right font-medium whitespace-nowrap sm:table-cell">
                    {formatPrecio(p.precio_venta_actual, p.unidad)}
                  </Td>
                  <Td className="text-right">
                    <Button
                      tamano="sm"
                      variante="contorno"
                      disabled={p.stock <= 0}
                      onClick={() => onAgregar(p)}
                      aria-label={`Agregar ${p.nombre_producto} al carrito`}
                    >
                      <Plus className="size-4" aria-hidden="true" />
                      <span className="hidden sm:inline">Agregar</span>
                    </Button>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </QueryResult>
      {consulta.data && <Pagination className="mt-3" pagina={pagina} totalPaginas={paginas} onCambiar={setPagina} />}
    </Card>
  );
}
