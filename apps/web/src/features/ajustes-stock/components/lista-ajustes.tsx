// Ajustes y mermas' list of the adjustments registered, by month and reason: a table on a laptop,
// cards on a phone.
import {
  ETIQUETA_TIPO_AJUSTE,
  MAX_MESES_INFORME_AJUSTES,
  PAGE_SIZE_AJUSTES,
  type AjusteStock,
  type TipoAjuste,
} from '@minimarket/contracts/ajustes-stock';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { Pagination } from '../../../components/ui/pagination';
import { QueryResult } from '../../../components/ui/query-result';
import { type ColumnaTabla, TablaOTarjetas } from '../../../components/ui/tabla-o-tarjetas';
import { useClampedPage } from '../../../hooks/use-clamped-page';
import { mensajeDeError } from '../../../lib/api-client';
import { formatCantidadBreve } from '../../../lib/granel';
import { formatClp, formatFechaHora, hoyEnSantiago } from '../../../utils/format';
import { mesesHasta } from '../../../utils/meses';
import { ajustesQueryOptions } from '../api/ajustes-stock';
import { cantidadConSigno, pesosConSigno } from '../utils/ajustes';
import { CabeceraConFiltros, SelectorMes, SelectorMotivo } from './filtros-ajustes';

export function ListaAjustes({ idMinimarket }: { idMinimarket: number }) {
  const meses = mesesHasta(hoyEnSantiago(), MAX_MESES_INFORME_AJUSTES);
  const [mes, setMes] = useState('');
  const [tipo, setTipo] = useState<TipoAjuste | ''>('');
  const [pagina, setPagina] = useState(1);
  const consulta = useQuery(
    ajustesQueryOptions({ idMinimarket, pagina, tamano: PAGE_SIZE_AJUSTES, mes: mes || undefined, tipo: tipo || undefined }),
  );
  const paginas = useClampedPage({
    pagina,
    setPagina,
    total: consulta.data?.total,
    tamano: PAGE_SIZE_AJUSTES,
    isFetching: consulta.isFetching,
  });

  return (
    <Card className="p-4 sm:p-5">
      <CabeceraConFiltros titulo="Ajustes registrados">
        <SelectorMes
          etiqueta="Mes"
          meses={meses}
          valor={mes}
          todos="Todos los meses"
          onCambiar={(m) => {
            setMes(m);
            setPagina(1);
          }}
        />
        <SelectorMotivo
          valor={tipo}
          onCambiar={(t) => {
            setTipo(t);
            setPagina(1);
          }}
        />
      </CabeceraConFiltros>
      <QueryResult
        className="mt-3"
        query={consulta}
        filas={(d) => d.items}
        error={mensajeDeError(consulta.error, 'No se pudieron cargar los ajustes.')}
        vacio={
          <p className="py-6 text-center text-sm text-slate-600">
            {mes || tipo ? 'No hay ajustes con estos filtros.' : 'Aún no hay ajustes. Registra el primero arriba.'}
          </p>
        }
      >
        {(ajustes) => (
          // Cards on a phone: eight columns cut to 390 px would hide the value and who registered it.
          <TablaOTarjetas
            caption="Ajustes de stock registrados"
            filas={ajustes}
            clave={(a) => a.id_movimiento}
            columnas={COLUMNAS_AJUSTES}
          />
        )}
      </QueryResult>
      {consulta.data && <Pagination className="mt-3" pagina={pagina} totalPaginas={paginas} onCambiar={setPagina} />}
    </Card>
  );
}

/** The registered adjustments, as a table on a laptop and as cards on a phone. */
const COLUMNAS_AJUSTES: ColumnaTabla<AjusteStock>[] = [
  {
    titulo: 'Producto',
    enTarjeta: 'titulo',
    celda: (a) => (
      <>
        <span className="block font-medium text-slate-900">{a.nombre_producto}</span>
        <span className="block text-xs font-normal text-slate-600">{a.codigo_barra}</span>
      </>
    ),
  },
  { titulo: 'Fecha', claseTabla: 'whitespace-nowrap', celda: (a) => formatFechaHora(a.fecha) },
  { titulo: 'Motivo', celda: (a) => ETIQUETA_TIPO_AJUSTE[a.tipo] },
  { titulo: 'Cantidad', derecha: true, claseTabla: 'font-medium', celda: (a) => cantidadConSigno(a.cantidad, a.unidad) },
  {
    titulo: 'Stock',
    derecha: true,
    celda: (a) => `${formatCantidadBreve(a.stock_anterior, a.unidad)} → ${formatCantidadBreve(a.stock_resultante, a.unidad)}`,
  },
  {
    titulo: 'Valor a costo',
    derecha: true,
    celda: (a) =>
      a.valor_costo === null ? (
        <span title="El producto no tenía precio de compra">—</span>
      ) : (
        <>
          {pesosConSigno(a.valor_costo)}
          <span className="block text-xs text-slate-600">
            {a.unidad === 'kg' ? `${formatClp(a.costo_unitario!)}/kg` : `${formatClp(a.costo_unitario!)} c/u`}
          </span>
        </>
      ),
  },
  { titulo: 'Nota', claseTabla: 'max-w-56 text-slate-700', celda: (a) => a.nota ?? '—' },
  { titulo: 'Registró', claseTabla: 'whitespace-nowrap text-slate-700', celda: (a) => a.nombre_usuario ?? '—' },
];
