import { referenciaVenta, textoPagos } from '@minimarket/contracts/ventas';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../utils/cn';
import { formatClp, formatFechaHora } from '../../../utils/format';
import {
  AccionesVenta,
  AlertasVenta,
  DetalleVenta,
  esAnulada,
  EstadoVenta,
  HistoriaVenta,
  type ListaVentasProps,
  VendedorVenta,
} from './venta-partes';

/**
 * A phone's Transacciones: one card per sale with what the table's columns say, and 'Ver detalle'
 * opening the lines with the same actions as on a laptop (comprobante, devolver, anular).
 */
export function VentasEnTarjetas({ ventas, abiertas, onAlternar, onAnular, onDevolver }: ListaVentasProps) {
  return (
    <ul aria-label="Ventas registradas" className="space-y-3">
      {ventas.map((v) => {
        const abierta = abiertas.has(v.id_venta);
        const anulada = esAnulada(v);
        return (
          <li
            key={v.id_venta}
            data-testid={`venta-${v.id_venta}`}
            data-estado={v.estado_venta}
            className={cn('rounded-lg border p-3', anulada ? 'border-red-200 bg-red-50 text-red-800' : 'border-slate-200 bg-white')}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-mono font-medium">{referenciaVenta(v)}</p>
                <p className={cn('text-xs', anulada ? 'text-red-800' : 'text-slate-600')}>
                  {formatFechaHora(v.fecha_venta)} · {textoPagos(v.pagos)}
                </p>
                <p className={cn('text-xs', anulada ? 'text-red-800' : 'text-slate-700')}>
                  Vendedor: <VendedorVenta venta={v} />
                </p>
                {v.origen === 'offline' && (
                  <p className="text-xs text-amber-900" data-testid="recibida-en">
                    Sin conexión · recibida {formatFechaHora(v.recibida_en)}
                  </p>
                )}
              </div>
              <p className={cn('font-semibold whitespace-nowrap', anulada && 'line-through')}>{formatClp(v.total)}</p>
            </div>
            <div className="mt-2">
              <AlertasVenta venta={v} />
            </div>
            <div className="mt-2 flex items-center justify-between gap-2">
              <EstadoVenta venta={v} />
              <button
                type="button"
                className={buttonClasses('fantasma', 'sm', '-mr-2')}
                aria-expanded={abierta}
                aria-controls={`detalle-venta-${v.id_venta}`}
                aria-label={`${abierta ? 'Ocultar' : 'Ver'} detalle de la venta ${referenciaVenta(v)}`}
                onClick={() => onAlternar(v.id_venta)}
              >
                {abierta ? 'Ocultar detalle' : 'Ver detalle'}
                {abierta ? <ChevronDown className="size-4" aria-hidden="true" /> : <ChevronRight className="size-4" aria-hidden="true" />}
              </button>
            </div>
            {abierta && (
              <div id={`detalle-venta-${v.id_venta}`} className="mt-2">
                <DetalleVenta venta={v} />
                <HistoriaVenta venta={v} />
                <AccionesVenta venta={v} onAnular={() => onAnular(v)} onDevolver={() => onDevolver(v)} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
