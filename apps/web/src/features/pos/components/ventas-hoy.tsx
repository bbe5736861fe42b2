import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { contar, formatClp, hoyEnSantiago } from '../../../utils/format';
import { ventasQueryOptions } from '../api/ventas';

/** What the shop sold today in pesos and in sales, and the latest one, straight from the sales list. */
export function VentasHoy({ idMinimarket }: { idMinimarket: number }) {
  const hoy = hoyEnSantiago();
  const { data, isPending, isError } = useQuery(ventasQueryOptions({ idMinimarket, pagina: 1, tamano: 1, desde: hoy, hasta: hoy }));
  const ultima = data?.sales[0];
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-600">
        <Receipt className="size-4" aria-hidden="true" /> Ventas de hoy
      </h2>
      <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="monto-hoy">
        {isPending ? '…' : isError ? '—' : formatClp(data.monto_total)}
      </p>
      <p className="text-sm font-medium text-slate-700" data-testid="ventas-hoy">
        {data ? contar(data.total, 'venta') : ' '}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {ultima ? (
          <>
            Última venta: {formatClp(ultima.total)} ({ultima.metodo_pago})
          </>
        ) : isPending || isError ? (
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
