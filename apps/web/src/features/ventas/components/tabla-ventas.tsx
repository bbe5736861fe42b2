import { referenciaVenta, textoPagos } from '@minimarket/contracts/ventas';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment } from 'react';
import { Table, Td, Th } from '../../../components/ui/table';
import { cn } from '../../../utils/cn';
import { formatClp } from '../../../utils/format';
import {
  AccionesVenta,
  AlertasVenta,
  DetalleVenta,
  esAnulada,
  EstadoVenta,
  FechaVenta,
  HistoriaVenta,
  type ListaVentasProps,
  VendedorVenta,
} from './venta-partes';

/** A laptop's Transacciones: a row per sale, its detail (lines, history, actions) opening under it. */
export function TablaVentas({ ventas, abiertas, onAlternar, onAnular, onDevolver }: ListaVentasProps) {
  return (
    <Table caption="Ventas registradas">
      <thead>
        <tr>
          <Th>
            <span className="sr-only">Detalle</span>
          </Th>
          <Th>N° venta</Th>
          <Th>Fecha</Th>
          <Th>Vendedor</Th>
          <Th>Método de pago</Th>
          <Th className="text-right">Total</Th>
          <Th>Estado</Th>
        </tr>
      </thead>
      <tbody>
        {ventas.map((v) => {
          const abierta = abiertas.has(v.id_venta);
          const anulada = esAnulada(v);
          return (
            <Fragment key={v.id_venta}>
              <tr data-testid={`venta-${v.id_venta}`} data-estado={v.estado_venta} className={cn(anulada && 'bg-red-50 text-red-800')}>
                <Td className="w-10">
                  <button
                    type="button"
                    className="rounded-md p-1 text-slate-600 hover:bg-slate-100"
                    aria-expanded={abierta}
                    aria-controls={`detalle-venta-${v.id_venta}`}
                    aria-label={`${abierta ? 'Ocultar' : 'Ver'} detalle de la venta ${referenciaVenta(v)}`}
                    onClick={() => onAlternar(v.id_venta)}
                  >
                    {abierta ? (
                      <ChevronDown className="size-4" aria-hidden="true" />
                    ) : (
                      <ChevronRight className="size-4" aria-hidden="true" />
                    )}
                  </button>
                </Td>
                <Td>
                  <span className="block font-mono font-medium">{referenciaVenta(v)}</span>
                </Td>
                <Td>
                  <FechaVenta venta={v} />
                </Td>
                <Td>
                  <VendedorVenta venta={v} />
                </Td>
                <Td>{textoPagos(v.pagos)}</Td>
                <Td className={cn('text-right font-semibold whitespace-nowrap', anulada && 'line-through')}>{formatClp(v.total)}</Td>
                <Td className="max-w-64">
                  <span className="flex flex-col gap-1">
                    <EstadoVenta venta={v} />
                    <AlertasVenta venta={v} />
                  </span>
                </Td>
              </tr>
              {abierta && (
                <tr id={`detalle-venta-${v.id_venta}`}>
                  <td colSpan={7} className="px-3 pb-3">
                    <DetalleVenta venta={v} />
                    <HistoriaVenta venta={v} />
                    <AccionesVenta venta={v} onAnular={() => onAnular(v)} onDevolver={() => onDevolver(v)} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </Table>
  );
}
