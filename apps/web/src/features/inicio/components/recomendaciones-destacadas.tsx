import { Lightbulb, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';

/** Highlighted recommendations: computed from the shop's sales once the analytics module lands. */
export function RecomendacionesDestacadas() {
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Sparkles className="size-5 text-marca-700" aria-hidden="true" /> Recomendaciones destacadas
      </h2>
      <EmptyState
        className="mt-4 border-none bg-slate-50"
        icono={Lightbulb}
        titulo="Todavía no hay recomendaciones para tu minimarket."
        accion={
          <Link to="/visualizar/recomendaciones" className={buttonClasses('primario')}>
            IR A RECOMENDACIONES
          </Link>
        }
      >
        Aquí aparecerán sugerencias de reposición, tus productos más vendidos, los que llevan 30 días sin venderse y los de margen bajo,
        calculadas con tus ventas reales. Registra ventas en el POS o carga tu historial en{' '}
        <Link to="/cargar/cargar-datos" className="font-medium text-marca-700 underline">
          Cargar Información
        </Link>
        .
      </EmptyState>
    </Card>
  );
}

export function ConsejoDelDia() {
  return (
    <Card className="border-amber-200 bg-amber-50 p-5">
      <h2 className="flex items-center gap-2 font-semibold text-amber-900">
        <Lightbulb className="size-5" aria-hidden="true" /> Consejo
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        Cuando recibas mercadería, usa «Agregar stock» en Inventario e ingresa el costo total de la compra: así tu precio de compra queda al
        día y tus márgenes serán reales.
      </p>
    </Card>
  );
}
