import type { ReactNode } from 'react';
import { RequiereTienda } from '../../../components/shop/requiere-tienda';
import type { FiltrosAnalitica } from '../../../lib/analitica';
import { useFiltros } from '../hooks/use-filtros';
import { AvisoPreparacion } from './aviso-preparacion';
import { BarraFiltros } from './barra-filtros';

function ConFiltros({ idMinimarket, children }: { idMinimarket: number; children: (id: number, f: FiltrosAnalitica) => ReactNode }) {
  const { filtros } = useFiltros();
  return (
    <div className="space-y-4">
      <BarraFiltros />
      <AvisoPreparacion idMinimarket={idMinimarket} />
      {children(idMinimarket, filtros)}
    </div>
  );
}

/**
 * Every Visualizar page with a range: the shop (an administrador without one chosen is told how to
 * get one), the filter bar, then the page with the shop's id and the URL's filters.
 */
export function MarcoAnalitica({ children }: { children: (idMinimarket: number, filtros: FiltrosAnalitica) => ReactNode }) {
  return <RequiereTienda>{(id) => <ConFiltros idMinimarket={id}>{children}</ConFiltros>}</RequiereTienda>;
}
