import { PAGE_SIZE_TRANSACCIONES } from '@minimarket/contracts/comunes';
import type { Venta } from '@minimarket/contracts/ventas';
import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { QueryResult } from '../../../components/ui/query-result';
import { useEsTelefono } from '../../../hooks/use-media-query';
import { mensajeDeError } from '../../../lib/api-client';
import { tituloPagina } from '../../../lib/app-info';
import { useAuth } from '../../../lib/auth';
import { contar, formatClp } from '../../../utils/format';
import { totalPaginas } from '../../../utils/paginacion';
import { ventasQueryOptions } from '../api/ventas';
import { useFiltrosTransacciones } from '../hooks/use-filtros-transacciones';
import { AnularVentaDialog } from './anular-venta-dialog';
import { DevolverProductosDialog } from './devolver-productos-dialog';
import { BusquedaVentas, FiltrosSeleccion } from './filtros-transacciones';
import { TablaVentas } from './tabla-ventas';
import { VentasEnTarjetas } from './ventas-en-tarjetas';
import { AvisoRechazadas, VentasRechazadasServidor } from './ventas-rechazadas-servidor';

/** No sale to show: with filters, that none matches; without, the way to make the first. */
function SinVentas({ hayFiltros }: { hayFiltros: boolean }) {
  return hayFiltros ? (
    <p className="py-8 text-center text-sm text-slate-600">No se encontraron ventas con esos filtros.</p>
  ) : (
    <EmptyState
      icono={Receipt}
      titulo="Todavía no hay ventas registradas."
      accion={
        <Link to="/pos/nueva-venta" className={buttonClasses('primario')}>
          Registrar una venta
        </Link>
      }
    >
      Registra ventas en Nueva venta o carga tu historial de ventas en Cargar Información.
    </EmptyState>
  );
}

export function TransaccionesPage({ idMinimarket }: { idMinimarket: number }) {
  const telefono = useEsTelefono();
  const f = useFiltrosTransacciones();
  const { filtros, seleccion, pagina } = f;
  // The people filter and the refused sales are the owner's (and an administrator's), not a cashier's.
  const esDueno = useAuth().user?.rol !== 'cajero';
  const [anulando, setAnulando] = useState<Venta | null>(null);
  const [devolviendo, setDevolviendo] = useState<Venta | null>(null);
  const consulta = useQuery(
    ventasQueryOptions({
      idMinimarket,
      pagina,
      tamano: PAGE_SIZE_TRANSACCIONES,
      ...filtros,
      idVendedor: seleccion.idVendedor ?? undefined,
      origen: seleccion.origen || undefined,
      conAlertas: seleccion.conAlertas,
    }),
  );

  return (
    <div className="space-y-4">
      <title>{tituloPagina('Transacciones')}</title>
      {esDueno && <AvisoRechazadas idMinimarket={idMinimarket} />}
      <Card className="p-4 sm:p-5">
        <h2 className="text-lg font-semibold text-slate-900">Transacciones</h2>
        <BusquedaVentas f={f} />
        <FiltrosSeleccion idMinimarket={idMinimarket} conPersonas={esDueno} seleccion={seleccion} onCambiar={f.elegir} />

        {consulta.data && consulta.data.total > 0 && (
          <p className="mt-4 text-sm text-slate-700" data-testid="totales-transacciones">
            {contar(consulta.data.ventas_completadas, 'venta')} por <strong>{formatClp(consulta.data.monto_total)}</strong>
            {consulta.data.ventas_completadas < consulta.data.total ? ' (las anuladas no cuentan)' : ''}; lo devuelto ya está descontado.
          </p>
        )}
        <QueryResult
          className="mt-4"
          query={consulta}
          filas={(d) => d.sales}
          error={mensajeDeError(consulta.error, 'No se pudieron cargar las transacciones.')}
          vacio={<SinVentas hayFiltros={f.hayFiltros} />}
        >
          {(ventas) => {
            const props = { ventas, abiertas: f.abiertas, onAlternar: f.alternar, onAnular: setAnulando, onDevolver: setDevolviendo };
            return telefono ? <VentasEnTarjetas {...props} /> : <TablaVentas {...props} />;
          }}
        </QueryResult>
        {consulta.data && (
          <Pagination
            className="mt-3"
            pagina={pagina}
            totalPaginas={totalPaginas(consulta.data.total, PAGE_SIZE_TRANSACCIONES)}
            onCambiar={f.setPagina}
          />
        )}
      </Card>
      {esDueno && <VentasRechazadasServidor idMinimarket={idMinimarket} />}
      <AnularVentaDialog venta={anulando} onCerrar={() => setAnulando(null)} />
      <DevolverProductosDialog venta={devolviendo} onCerrar={() => setDevolviendo(null)} />
    </div>
  );
}
