import type { Resumen } from '@minimarket/contracts/analitica';
import { textoPagos } from '@minimarket/contracts/ventas';
import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { resumenQueryOptions } from '../../../lib/analitica';
import { frenteA, igualQue } from '../../../utils/comparacion';
import { contar, formatClp, hoyEnSantiago } from '../../../utils/format';
import { ventasQueryOptions } from '../api/ventas';

/**
 * «+12 % frente al 23-11-2026 hasta las 15:42», «igual que …»: today against yesterday until this same
 * minute. null when the other figure is zero (no percentage to give).
 */
function variacion(r: Resumen): string | null {
  if (r.anterior.ingresos === 0) return null;
  const pct = Math.round(((r.ingresos - r.anterior.ingresos) * 100) / r.anterior.ingresos);
  return pct === 0 ? igualQue(r.anterior) : `${pct > 0 ? '+' : '−'}${Math.abs(pct)} % ${frenteA(r.anterior)}`;
}

/**
 * What the shop sold today, in sales and pesos: the day's figures from the analytics (the app's one
 * definition of a sale: a voided one does not count, what was returned is subtracted), beside
 * yesterday until this same minute; and the latest sale from the sales list.
 */
export function VentasHoy({ idMinimarket }: { idMinimarket: number }) {
  const hoy = hoyEnSantiago();
  const resumen = useQuery(resumenQueryOptions(idMinimarket, { desde: hoy, hasta: hoy }));
  const lista = useQuery(ventasQueryOptions({ idMinimarket, pagina: 1, tamano: 1, desde: hoy, hasta: hoy }));
  const r = resumen.data;
  const ultima = lista.data?.sales[0];
  const cambio = r ? variacion(r) : null;
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-600">
        <Receipt className="size-4" aria-hidden="true" /> Ventas de hoy
      </h2>
      <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="monto-hoy">
        {resumen.isPending ? '…' : resumen.isError ? '—' : formatClp(resumen.data.ingresos)}
      </p>
      <p className="text-sm font-medium text-slate-700" data-testid="ventas-hoy">
        {r ? contar(r.ventas, 'venta') : ' '}
      </p>
      {r && cambio && (
        <p className="text-xs text-slate-600" data-testid="comparacion-hoy">
          {cambio} ({formatClp(r.anterior.ingresos)})
        </p>
      )}
      <p className="mt-1 text-sm text-slate-600">
        {ultima ? (
          <>
            Última venta: {formatClp(ultima.total)} ({textoPagos(ultima.pagos)}
            {ultima.estado_venta !== 'Completada' ? `, ${ultima.estado_venta.toLowerCase()}` : ''})
          </>
        ) : lista.isPending || lista.isError ? (
          ' '
        ) : (
          'Todavía no hay ventas hoy.'
        )}
      </p>
      <Link to="/pos/transacciones" className="mt-3 inline-block text-sm font-medium text-marca-700 hover:underline">
        Ver transacciones
      </Link>
    </Card>
  );
}
