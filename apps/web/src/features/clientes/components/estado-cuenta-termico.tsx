import { useQuery } from '@tanstack/react-query';
import { Loading } from '../../../components/ui/loading';
import { RetryAlert } from '../../../components/ui/query-result';
import { mensajeDeError } from '../../../lib/api-client';
import { estadoCuentaQueryOptions } from '../../../lib/clientes';
import { useCurrentShop } from '../../../lib/current-shop';
import { HojaPapel, PaginaPapelTermico, SeparadorPapel } from '../../../components/shop/papel-termico';
import { usePapelTermico } from '../../../hooks/use-papel-termico';
import { lineaCompra, parteFiada } from '../../../lib/clientes-formato';
import { formatClp, formatFecha, formatFechaHora } from '../../../utils/format';
import { rutaCliente } from '../rutas';

/**
 * /pos/clientes/:id/imprimir?ancho=58|80 — the customer's statement on the counter's thermal
 * roll, outside the app's chrome, sized as the receipt is (the same paper rules, lib/papel.ts):
 * each movement with its charge or credit and the balance after it, then what is owed.
 */
export function EstadoCuentaTermico({ idCliente }: { idCliente: number }) {
  const consulta = useQuery(estadoCuentaQueryOptions(idCliente));
  const { nombre: tienda } = useCurrentShop();
  const { ancho, elegirAncho, papel, imprimir, reglaImpresion } = usePapelTermico(consulta.data);

  return (
    <PaginaPapelTermico
      titulo="Estado de cuenta"
      volverA={rutaCliente(idCliente)}
      ancho={ancho}
      onElegirAncho={elegirAncho}
      imprimir={imprimir}
      imprimible={Boolean(consulta.data)}
      textoImprimir="Imprimir estado de cuenta"
      reglaImpresion={reglaImpresion}
    >
      {consulta.isPending ? (
        <Loading />
      ) : consulta.isError ? (
        <RetryAlert onReintentar={() => void consulta.refetch()}>
          {mensajeDeError(consulta.error, 'No se pudo cargar la cuenta.')}
        </RetryAlert>
      ) : (
        <HojaPapel
          ref={papel}
          ancho={ancho}
          etiqueta={`Estado de cuenta de ${consulta.data.cliente.nombre}`}
          testId="estado-cuenta-termico"
        >
          <header className="text-center">
            {tienda && <p className="text-[1.15em] font-bold uppercase">{tienda}</p>}
            <p className="font-bold">Estado de cuenta</p>
          </header>
          <SeparadorPapel />
          <p className="break-words">{consulta.data.cliente.nombre}</p>
          <p>Al {formatFechaHora(new Date())}</p>
          <SeparadorPapel />
          {consulta.data.movimientos.length === 0 ? (
            <p>Sin movimientos.</p>
          ) : (
            <ul>
              {consulta.data.movimientos.map((m) => (
                <li key={`${m.fecha}-${m.tipo}-${m.descripcion}`} className="pb-[1.5mm]">
                  <span className="block">
                    {formatFecha(m.fecha)} {m.descripcion}
                  </span>
                  {m.detalles.map((l, i) => (
                    <span key={i} className="block pl-[2mm] break-words">
                      {lineaCompra(l)}
                    </span>
                  ))}
                  {parteFiada(m) && <span className="block pl-[2mm]">{parteFiada(m)}</span>}
                  <span className="flex justify-between gap-[2mm]">
                    <span>{m.cargo > 0 ? `+${formatClp(m.cargo)}` : `-${formatClp(m.abono)}`}</span>
                    <span>Saldo {formatClp(m.saldo)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
          <SeparadorPapel />
          <p className="flex justify-between text-[1.15em] font-bold">
            <span>SALDO</span>
            <span data-testid="termico-saldo">{formatClp(consulta.data.saldo)}</span>
          </p>
        </HojaPapel>
      )}
    </PaginaPapelTermico>
  );
}
