import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/alert';
import { analiticaKeys, estadoAnaliticaQueryOptions } from '../../../lib/analitica';
import { isoATexto } from '../../../utils/fechas';
import { contar } from '../../../utils/format';

/**
 * After a big history import the server sums its days in the background: until it is done, the
 * figures of those days may be missing, and this says so (and which days). When it ends, every
 * figure on screen is asked for again.
 */
export function AvisoPreparacion({ idMinimarket }: { idMinimarket: number }) {
  const queryClient = useQueryClient();
  const { data } = useQuery(estadoAnaliticaQueryOptions(idMinimarket));
  const dias = data?.dias_en_preparacion ?? 0;
  const antes = useRef(dias);
  useEffect(() => {
    if (antes.current > 0 && dias === 0) void queryClient.invalidateQueries({ queryKey: analiticaKeys.tienda(idMinimarket) });
    antes.current = dias;
  }, [dias, idMinimarket, queryClient]);
  if (!data || dias === 0 || !data.desde || !data.hasta) return null;
  return (
    <Alert tipo="aviso">
      Estamos preparando las cifras de {contar(dias, 'día')} de ventas cargadas (del {isoATexto(data.desde)} al {isoATexto(data.hasta)}).
      Mientras tanto, los totales que incluyan esos días pueden estar incompletos; esta página se actualiza sola al terminar.
    </Alert>
  );
}
