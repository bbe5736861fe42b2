import { formatCantidad } from '@minimarket/contracts/cantidad';
import { DIAS_COBERTURA_MINIMA, DIAS_SIN_VENTAS, type Recomendaciones } from '@minimarket/contracts/analitica';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Lightbulb, PackageMinus, PackagePlus, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryResult } from '../../../components/ui/query-result';
import { mensajeDeError } from '../../../lib/api-client';
import { recomendacionesQueryOptions } from '../../../lib/analitica';
import { rutaAgregarStock, rutaProductoInventario } from '../../../lib/rutas-inventario';
import { contar, formatClp } from '../../../utils/format';

/** How many of each list Inicio shows; the rest are one click away in Recomendaciones. */
const DESTACADAS = 3;

const IrARecomendaciones = () => (
  <Link to="/visualizar/recomendaciones" className={buttonClasses('primario')}>
    IR A RECOMENDACIONES
  </Link>
);

function SinDatos() {
  return (
    <EmptyState
      className="mt-4 border-none bg-slate-50"
      icono={Lightbulb}
      titulo="Todavía no hay recomendaciones para tu minimarket."
      accion={<IrARecomendaciones />}
    >
      Aquí aparecerán sugerencias de reposición, tus productos más vendidos, los que llevan {DIAS_SIN_VENTAS} días sin venderse y los de
      margen bajo, calculadas con tus ventas reales. Registra ventas en el POS o carga tu historial en{' '}
      <Link to="/cargar/cargar-datos" className="font-medium text-marca-700 underline">
        Cargar Información
      </Link>
      .
    </EmptyState>
  );
}

function Bloque({ icono: Icono, titulo, children }: { icono: typeof PackagePlus; titulo: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 p-4">
      <h3 className="flex items-center gap-2 font-semibold text-slate-900">
        <Icono className="size-5 text-marca-700" aria-hidden="true" /> {titulo}
      </h3>
      {children}
    </section>
  );
}

function Destacadas({ r }: { r: Recomendaciones }) {
  const reponer = r.reponer.slice(0, DESTACADAS);
  const detenidos = r.sin_ventas.slice(0, DESTACADAS);
  const capital = r.sin_ventas.reduce((s, p) => s + p.capital_inmovilizado, 0);
  return (
    <div className="mt-4 space-y-4">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Bloque icono={PackagePlus} titulo="Reponer pronto">
          {reponer.length === 0 ? (
            <p className="mt-2 flex items-center gap-2 text-sm text-slate-700">
              <CheckCircle2 className="size-4 text-green-700" aria-hidden="true" /> Tu stock alcanza para más de {DIAS_COBERTURA_MINIMA}{' '}
              días.
            </p>
          ) : (
            <>
              <p className="mt-1 text-sm text-slate-600">
                {contar(r.reponer.length, 'producto se acabará', 'productos se acabarán')} en menos de {DIAS_COBERTURA_MINIMA} días. Los más
                urgentes:
              </p>
              <ul className="mt-2 divide-y divide-slate-100">
                {reponer.map((p) => (
                  <li key={p.id_producto} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span className="min-w-0">
                      <span className="block font-medium text-slate-900">{p.nombre_producto}</span>
                      <span className="block text-xs text-slate-600">
                        {p.stock <= 0
                          ? 'Agotado'
                          : `Stock ${formatCantidad(p.stock, p.unidad)}, alcanza para ${p.dias_cobertura.toLocaleString('es-CL')} días`}{' '}
                        · sugerido: {formatCantidad(p.sugerido, p.unidad)}
                      </span>
                    </span>
                    <Link
                      to={rutaAgregarStock(p.id_producto)}
                      className={buttonClasses('contorno', 'sm')}
                      aria-label={`Agregar stock: ${p.nombre_producto}`}
                    >
                      Agregar stock
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Bloque>
        <Bloque icono={PackageMinus} titulo={`Sin ventas en ${DIAS_SIN_VENTAS} días`}>
          {detenidos.length === 0 ? (
            <p className="mt-2 flex items-center gap-2 text-sm text-slate-700">
              <CheckCircle2 className="size-4 text-green-700" aria-hidden="true" /> Todo lo que tienes en stock se está vendiendo.
            </p>
          ) : (
            <>
              <p className="mt-1 text-sm text-slate-600">
                {contar(r.sin_ventas.length, 'producto', 'productos')} con stock detenido
                {capital > 0 && (
                  <>
                    : <strong>{formatClp(capital)}</strong> a precio de compra
                  </>
                )}
                .
              </p>
              <ul className="mt-2 divide-y divide-slate-100">
                {detenidos.map((p) => (
                  <li key={p.id_producto} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span className="min-w-0">
                      <span className="block font-medium text-slate-900">{p.nombre_producto}</span>
                      <span className="block text-xs text-slate-600">
                        Stock {formatCantidad(p.stock, p.unidad)}
                        {p.capital_inmovilizado > 0 && ` · ${formatClp(p.capital_inmovilizado)} detenidos`}
                      </span>
                    </span>
                    <Link to={rutaProductoInventario(p.id_producto)} className="text-sm font-medium text-marca-700 hover:underline">
                      Ver en inventario<span className="sr-only">: {p.nombre_producto}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Bloque>
      </div>
      <IrARecomendaciones />
    </div>
  );
}

/** Inicio's highlights: the most urgent reorders and the dead stock, from the shop's own sales. */
export function RecomendacionesDestacadas({ idMinimarket }: { idMinimarket: number | null }) {
  const consulta = useQuery({ ...recomendacionesQueryOptions(idMinimarket ?? 0), enabled: idMinimarket !== null });
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Sparkles className="size-5 text-marca-700" aria-hidden="true" /> Recomendaciones destacadas
      </h2>
      {idMinimarket === null ? (
        <SinDatos />
      ) : (
        <QueryResult
          query={consulta}
          filas={(r) => (r.abc.length + r.sin_ventas.length + r.reponer.length > 0 ? [r] : [])}
          error={mensajeDeError(consulta.error, 'No se pudieron cargar las recomendaciones.')}
          vacio={<SinDatos />}
        >
          {([r]) => <Destacadas r={r} />}
        </QueryResult>
      )}
    </Card>
  );
}
