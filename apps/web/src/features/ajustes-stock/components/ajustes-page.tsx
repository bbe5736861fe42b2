// POS → AJUSTES Y MERMAS: register an adjustment, the report by month and reason
// (informe-ajustes.tsx) and the list (lista-ajustes.tsx).
import type { Producto } from '@minimarket/contracts/productos';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { QueryResult } from '../../../components/ui/query-result';
import { SearchInput } from '../../../components/ui/search-input';
import { Table, Td, Th } from '../../../components/ui/table';
import { mensajeDeError } from '../../../lib/api-client';
import { tituloPagina } from '../../../lib/app-info';
import { useCurrentShop } from '../../../lib/current-shop';
import { ProductoCelda, StockBadge, useBusquedaProductos } from '../../productos';
import { AjusteStockForm } from './ajuste-stock-form';
import { InformeAjustesCard } from './informe-ajustes';
import { ListaAjustes } from './lista-ajustes';

/** Products the search offers at once. */
const RESULTADOS_BUSQUEDA = 5;

/**
 * POS → AJUSTES Y MERMAS: correct a product's stock with a reason (search, reason, quantity), the
 * report by month and reason valued at cost, and the list of adjustments. "Mermas" is in the tab
 * and the heading because that is the word an owner looks for.
 */
export function AjustesPage({ idMinimarket }: { idMinimarket: number }) {
  return (
    <>
      <title>{tituloPagina('Ajustes de stock y mermas')}</title>
      <div className="space-y-4">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Ajustes de stock y mermas</h2>
          <p className="mt-1 text-sm text-slate-600">
            El estante manda: corrige el stock con lo que contaste, o descuenta mermas, vencidos, robos y consumo interno. Cada ajuste queda
            registrado con su motivo, quién lo hizo y su valor a costo.
          </p>
        </div>
        <RegistrarAjuste idMinimarket={idMinimarket} />
        <InformeAjustesCard idMinimarket={idMinimarket} />
        <ListaAjustes idMinimarket={idMinimarket} />
      </div>
    </>
  );
}

function RegistrarAjuste({ idMinimarket }: { idMinimarket: number }) {
  const { umbralStockBajo } = useCurrentShop();
  const [elegido, setElegido] = useState<Producto | null>(null);
  const { busqueda, setBusqueda, consulta } = useBusquedaProductos({ idMinimarket, tamano: RESULTADOS_BUSQUEDA });
  const buscando = busqueda.trim() !== '';

  return (
    <Card className="p-4 sm:p-5">
      <h3 className="text-lg font-semibold text-slate-900">Registrar un ajuste</h3>
      {elegido ? (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-slate-700">
            Producto: <strong>{elegido.nombre_producto}</strong>
          </p>
          <AjusteStockForm
            key={elegido.id_producto}
            idMinimarket={idMinimarket}
            producto={elegido}
            onDone={() => {
              setElegido(null);
              setBusqueda('');
            }}
            onCancelar={() => setElegido(null)}
          />
        </div>
      ) : (
        <div className="mt-3 space-y-3">
          <SearchInput
            className="w-full sm:max-w-md"
            aria-label="Buscar producto para ajustar"
            placeholder="Buscar por nombre, marca o código..."
            value={busqueda}
            onChange={(e) => setBusqueda(e.target.value)}
          />
          {buscando ? (
            <QueryResult
              query={consulta}
              filas={(d) => d.items}
              error={mensajeDeError(consulta.error, 'No se pudo buscar en el inventario.')}
              vacio={<p className="py-4 text-sm text-slate-600">No se encontraron productos.</p>}
            >
              {(productos) => (
                <Table caption="Productos para ajustar">
                  <thead>
                    <tr>
                      <Th>Producto</Th>
                      <Th>Stock</Th>
                      <Th className="text-right">Acción</Th>
                    </tr>
                  </thead>
                  <tbody>
                    {productos.map((p) => (
                      <tr key={p.id_producto}>
                        <Td>
                          <ProductoCelda producto={p} />
                        </Td>
                        <Td>
                          <StockBadge stock={p.stock} umbral={umbralStockBajo} unidad={p.unidad} />
                        </Td>
                        <Td className="text-right">
                          <Button tamano="sm" variante="contorno" onClick={() => setElegido(p)} aria-label={`Ajustar ${p.nombre_producto}`}>
                            Ajustar
                          </Button>
                        </Td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
            </QueryResult>
          ) : (
            <p className="text-sm text-slate-600">Busca el producto por su nombre, marca o código de barras.</p>
          )}
        </div>
      )}
    </Card>
  );
}
