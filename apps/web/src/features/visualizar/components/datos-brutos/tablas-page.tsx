import { formatCantidad } from '@minimarket/contracts/cantidad';
import { referenciaVenta } from '@minimarket/contracts/ventas';
import { PAGE_SIZE_LINEAS } from '@minimarket/contracts/analitica';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../../../components/ui/card';
import { Pagination } from '../../../../components/ui/pagination';
import { totalPaginas } from '../../../../utils/paginacion';
import { QueryResult } from '../../../../components/ui/query-result';
import { SearchInput } from '../../../../components/ui/search-input';
import { Table, Td, Th } from '../../../../components/ui/table';
import { mensajeDeError } from '../../../../lib/api-client';
import { descargarLineas, lineasQueryOptions, type Direccion, type FiltrosAnalitica, type OrdenLineas } from '../../../../lib/analitica';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { contar, formatClp, formatFechaHora } from '../../../../utils/format';
import { BotonesExportar } from '../botones-exportar';
import { MarcoAnalitica } from '../marco-analitica';
import { SinVentas } from '../sin-ventas';

const COLUMNAS: Array<{ orden: OrdenLineas; titulo: string; numero?: boolean; clase?: string }> = [
  { orden: 'fecha', titulo: 'Fecha' },
  { orden: 'producto', titulo: 'Producto' },
  { orden: 'categoria', titulo: 'Categoría' },
  { orden: 'metodo_pago', titulo: 'Método de pago' },
  { orden: 'unidades', titulo: 'Unidades', numero: true },
  { orden: 'precio', titulo: 'Precio unitario', numero: true },
  { orden: 'subtotal', titulo: 'Subtotal', numero: true },
  { orden: 'margen', titulo: 'Margen', numero: true },
];

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function Lineas({ idMinimarket, filtros }: { idMinimarket: number; filtros: FiltrosAnalitica }) {
  const [busqueda, setBusqueda] = useState('');
  const search = useDebouncedValue(busqueda.trim());
  const [orden, setOrden] = useState<{ orden: OrdenLineas; direccion: Direccion }>({ orden: 'fecha', direccion: 'desc' });
  const [pagina, setPagina] = useState(1);
  const consulta = useQuery(lineasQueryOptions(idMinimarket, filtros, { search, ...orden, pagina, tamano: PAGE_SIZE_LINEAS }));
  // A new search starts from page 1 (the page number is kept per search text).
  const [buscado, setBuscado] = useState(search);
  if (buscado !== search) {
    setBuscado(search);
    setPagina(1);
  }

  const ordenar = (columna: OrdenLineas) => {
    setOrden((o) => ({ orden: columna, direccion: o.orden === columna && o.direccion === 'desc' ? 'asc' : 'desc' }));
    setPagina(1);
  };

  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold text-slate-900">
          Líneas de venta
          {consulta.data && (
            <span className="ml-2 text-sm font-normal text-slate-600">({contar(consulta.data.total, 'línea', 'líneas')})</span>
          )}
        </h3>
        <SearchInput
          className="w-full sm:w-72"
          aria-label="Buscar por producto"
          placeholder="Buscar por producto..."
          value={busqueda}
          onChange={(e) => setBusqueda(e.target.value)}
        />
      </div>
      <QueryResult
        className="mt-3"
        query={consulta}
        filas={(d) => d.items}
        error={mensajeDeError(consulta.error, 'No se pudieron cargar las líneas de venta.')}
        vacio={
          search ? (
            <p className="py-8 text-center text-sm text-slate-600">Ninguna línea de venta coincide con «{search}».</p>
          ) : (
            <SinVentas />
          )
        }
      >
        {(lineas) => (
          <Table caption="Líneas de venta del rango">
            <thead>
              <tr>
                {COLUMNAS.map((c) => {
                  const activa = orden.orden === c.orden;
                  const Icono = !activa ? ArrowUpDown : orden.direccion === 'asc' ? ArrowUp : ArrowDown;
                  return (
                    <Th
                      key={c.orden}
                      aria-sort={activa ? ARIA_SORT[orden.direccion] : undefined}
                      className={c.numero ? 'text-right' : undefined}
                    >
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                        onClick={() => ordenar(c.orden)}
                      >
                        {c.titulo}
                        <Icono className="size-3.5" aria-hidden="true" />
                        <span className="sr-only">
                          {activa ? `, ordenado ${orden.direccion === 'asc' ? 'de menor a mayor' : 'de mayor a menor'}` : ', ordenar'}
                        </span>
                      </button>
                    </Th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {lineas.map((l) => (
                <tr key={l.id_detalle_venta}>
                  <Td className="whitespace-nowrap">
                    {formatFechaHora(l.fecha_venta)}
                    <span className="block text-xs text-slate-600">Venta {referenciaVenta(l)}</span>
                  </Td>
                  <Td className="min-w-48 font-medium">{l.nombre_producto}</Td>
                  <Td className="whitespace-nowrap">{l.categoria}</Td>
                  <Td className="whitespace-nowrap">{l.metodo_pago}</Td>
                  <Td className="text-right whitespace-nowrap">{formatCantidad(l.num_unidades, l.unidad)}</Td>
                  <Td className="text-right whitespace-nowrap">
                    {formatClp(l.precio_unitario)}
                    {l.unidad === 'kg' ? '/kg' : ''}
                  </Td>
                  <Td className="text-right font-semibold whitespace-nowrap">{formatClp(l.subtotal)}</Td>
                  <Td className="text-right whitespace-nowrap">
                    {l.margen === null ? <span title="Sin precio de compra">—</span> : formatClp(l.margen)}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </QueryResult>
      {consulta.data && consulta.data.total > 0 && (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <BotonesExportar
            etiqueta="todas las líneas de venta del filtro"
            descargar={(formato) => descargarLineas(idMinimarket, filtros, { search, ...orden }, formato)}
          />
          <Pagination pagina={pagina} totalPaginas={totalPaginas(consulta.data.total, PAGE_SIZE_LINEAS)} onCambiar={setPagina} />
        </div>
      )}
    </Card>
  );
}

export default function TablasPage() {
  return <MarcoAnalitica>{(id, f) => <Lineas key={JSON.stringify(f)} idMinimarket={id} filtros={f} />}</MarcoAnalitica>;
}
