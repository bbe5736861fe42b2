import { useQuery } from '@tanstack/react-query';
import { NotebookPen } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { porCobrarQueryOptions } from '../../../lib/analitica';
import { contar, formatClp, formatFecha } from '../../../utils/format';

/**
 * Cuentas por cobrar: what the shop's customers owe today, from the libreta's one definition of a
 * balance (GET /api/analitica/por-cobrar, the same figure as the list of customers).
 */
export function CuentasPorCobrar({ idMinimarket }: { idMinimarket: number }) {
  const consulta = useQuery(porCobrarQueryOptions(idMinimarket));
  const d = consulta.data;
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-600">
        <NotebookPen className="size-4" aria-hidden="true" /> Cuentas por cobrar
      </h2>
      <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="por-cobrar">
        {consulta.isPending ? '…' : consulta.isError ? '—' : formatClp(consulta.data.por_cobrar)}
      </p>
      <p className="text-sm text-slate-700" data-testid="clientes-con-deuda">
        {d
          ? d.clientes_con_deuda === 0
            ? 'Nadie te debe: la libreta está al día.'
            : `${contar(d.clientes_con_deuda, 'cliente te debe', 'clientes te deben')} en la libreta de fiado.`
          : ' '}
      </p>
      {d?.compra_impaga_desde && <p className="text-xs text-slate-600">Compra impaga más antigua: {formatFecha(d.compra_impaga_desde)}</p>}
      <Link to="/pos/clientes" className="mt-3 inline-block text-sm font-medium text-marca-700 hover:underline">
        Ver clientes
      </Link>
    </Card>
  );
}
