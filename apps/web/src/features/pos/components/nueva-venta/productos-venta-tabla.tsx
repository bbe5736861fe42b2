import { PAGE_SIZE_VENTA_PRODUCTOS } from '@minimarket/contracts/comunes';
import type { Producto } from '@minimarket/contracts/productos';
import { useQuery } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Input } from '../../../../components/ui/field';
import { Loading } from '../../../../components/ui/loading';
import { Pagination, totalPaginas } from '../../../../components/ui/pagination';
import { Table, Td, Th } from '../../../../components/ui/table';
import { mensajeDeError } from '../../../../lib/api-client';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { formatClp } from '../../../../utils/format';
import { productosQueryOptions } from '../../api/productos';
import { StockBadge } from '../stock-badge';

export function ProductosVentaTabla({
  idMinimarket,
  umbral,
  onAgregar,
}: {
  idMinimarket: number;
  umbral: number | null;
  onAgregar: (p: Producto) => void;
}) {
  const [busqueda, setBusqueda] = useState('');
  const [pagina, setPagina] = useState(1);
  const search = useDebouncedValue(busqueda.trim());
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(
    productosQueryOptions({ idMinimarket, pagina, tamano: PAGE_SIZE_VENTA_PRODUCTOS, search }),
  );

  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-slate-900">Búsqueda manual</h2>
      <div className="relative mt-3">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <Input
          type="search"
          aria-label="Buscar producto por nombre, marca o código"
          placeholder="Buscar producto por nombre, marca o código..."
          className="pl-9"
          value={busqueda}
          onChange={(e) => {
            setBusqueda(e.target.value);
            setPagina(1);
          }}
        />
      </div>
      <div className="mt-3" aria-busy={isFetching}>
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
            {mensajeDeError(error, 'Error al buscar el producto.')}
          </Alert>
        ) : data.items.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">No se encontraron productos.</p>
        ) : (
          <Table caption="Productos disponibles para la venta">
            <thead>
              <tr>
                <Th>Producto</Th>
                <Th>Stock</Th>
                <Th className="text-right">Precio</Th>
                <Th>
                  <span className="sr-only">Acción</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((p) => (
                <tr key={p.id_producto}>
                  <Td>
                    <span className="block font-medium text-slate-900">{p.nombre_producto}</span>
                    <span className="block text-xs text-slate-600">
                      {[p.marca, p.codigo_barra].filter(Boolean).join(' · ')}
                    </span>
                  </Td>
                  <Td>
                    <StockBadge stock={p.stock} umbral={umbral} />
                  </Td>
                  <Td className="text-right font-medium whitespace-nowrap">{formatClp(p.precio_venta_actual)}</Td>
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
      </div>
      {data && (
        <Pagination
          className="mt-3"
          pagina={pagina}
          totalPaginas={totalPaginas(data.total, PAGE_SIZE_VENTA_PRODUCTOS)}
          onCambiar={setPagina}
        />
      )}
    </Card>
  );
}
