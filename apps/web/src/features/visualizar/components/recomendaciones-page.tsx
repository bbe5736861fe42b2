import type { Recomendaciones } from '@minimarket/contracts/analitica';
import { useQuery } from '@tanstack/react-query';
import { RequiereTienda } from '../../../components/shop/requiere-tienda';
import { QueryResult } from '../../../components/ui/query-result';
import { mensajeDeError } from '../../../lib/api-client';
import { recomendacionesQueryOptions } from '../../../lib/analitica';
import { isoATexto } from '../../../utils/fechas';
import { nombreArchivo } from '../utils/tabla-exportable';
import {
  SeccionAbc,
  SeccionHorasPeak,
  SeccionMargenBajo,
  SeccionMasVendidos,
  SeccionReponer,
  SeccionSinVentas,
} from './recomendaciones-secciones';
import { SinVentas } from './sin-ventas';

function Listas({ r }: { r: Recomendaciones }) {
  const archivo = (titulo: string) => nombreArchivo(titulo, r.hoy);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Calculadas con tus ventas hasta hoy, {isoATexto(r.hoy)}. Se actualizan solas con cada venta o carga; no dependen de un rango de
        fechas.
      </p>

      <SeccionReponer r={r} archivo={archivo} />
      <SeccionMasVendidos r={r} archivo={archivo} />
      <SeccionSinVentas r={r} archivo={archivo} />
      <SeccionMargenBajo r={r} archivo={archivo} />
      <SeccionHorasPeak r={r} archivo={archivo} />
      <SeccionAbc r={r} archivo={archivo} />
    </div>
  );
}

function RecomendacionesTienda({ idMinimarket }: { idMinimarket: number }) {
  const consulta = useQuery(recomendacionesQueryOptions(idMinimarket));
  return (
    <QueryResult
      query={consulta}
      // No sale in 90 days (the longest window) and nothing in stock to flag: nothing true to say yet.
      filas={(r) => (r.abc.length + r.sin_ventas.length + r.margen_bajo.length > 0 ? [r] : [])}
      error={mensajeDeError(consulta.error, 'No se pudieron cargar las recomendaciones.')}
      vacio={<SinVentas titulo="Todavía no hay ventas para recomendarte algo." conFiltros={false} />}
    >
      {([r]) => <Listas r={r} />}
    </QueryResult>
  );
}

export function RecomendacionesPage() {
  return <RequiereTienda>{(id) => <RecomendacionesTienda idMinimarket={id} />}</RequiereTienda>;
}
