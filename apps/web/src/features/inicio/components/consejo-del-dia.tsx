import { DIAS_OBJETIVO_STOCK, DIAS_SIN_VENTAS } from '@minimarket/contracts/analitica';
import { Lightbulb } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { hoyEnSantiago } from '../../../utils/format';

const CONSEJOS = [
  'Cuando recibas mercadería, usa «Agregar stock» en Inventario e ingresa el costo total de la compra: así tu precio de compra queda al día y tus márgenes serán reales.',
  `Revisa «Reponer pronto» en Recomendaciones antes de llamar a tus proveedores: la cantidad sugerida alcanza para ${DIAS_OBJETIVO_STOCK} días de venta.`,
  `Los productos sin ventas en ${DIAS_SIN_VENTAS} días son plata detenida. Ponlos en oferta o cerca de la caja antes de volver a comprarlos.`,
  'Mira el mapa de calor en Visualizar → Datos en bruto: te dice a qué hora reforzar la caja y cuándo reponer las góndolas.',
  'Un producto con margen negativo se vende bajo su costo. Revisa su precio de venta en Inventario.',
  'Descarga tus líneas de venta en Excel desde Visualizar → Datos en bruto → Tablas para enviárselas a tu contador.',
  'Imprime el informe del mes (Visualizar → Datos en bruto → Informes) y compáralo con el mes anterior.',
];

/** One tip a day (the same all day, a different one tomorrow), so Inicio does not say the same thing every visit. */
export function consejoDe(dia: string): string {
  const n = Math.floor(Date.parse(dia) / 86_400_000);
  return CONSEJOS[((n % CONSEJOS.length) + CONSEJOS.length) % CONSEJOS.length];
}

export function ConsejoDelDia() {
  return (
    <Card className="border-amber-200 bg-amber-50 p-5">
      <h2 className="flex items-center gap-2 font-semibold text-amber-900">
        <Lightbulb className="size-5" aria-hidden="true" /> Consejo del día
      </h2>
      <p className="mt-1 text-sm text-amber-900">{consejoDe(hoyEnSantiago())}</p>
    </Card>
  );
}
