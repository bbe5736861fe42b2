// Nueva venta's payment screen: the method (or a split payment), the cash and its change, the fiado's
// customer, and «Finalizar venta»; beside it, the sale's summary. Its state is hooks/use-pago.ts.
import type { Cliente } from '@minimarket/contracts/clientes';
import type { Pago } from '@minimarket/contracts/ventas';
import { ArrowLeft, Split } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { ClienteDialog } from '../../../components/shop/cliente-dialog';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useAuth } from '../../../lib/auth';
import { formatClp } from '../../../utils/format';
import { usePago } from '../hooks/use-pago';
import { calcularCarrito, type DescuentoEscrito, type ItemCarrito } from '../utils/carrito';
import { ClienteFiado } from './cliente-fiado';
import { CobroEfectivo } from './cobro-efectivo';
import { MetodosPago } from './metodos-pago';
import { PartesPago } from './partes-pago';
import { ResumenVenta } from './resumen-venta';

export function PagoPanel({
  idMinimarket,
  items,
  descuentoCarrito,
  motivoDescuento,
  procesando,
  cajaAbierta,
  rechazo,
  onRegresar,
  onFinalizar,
}: {
  idMinimarket: number;
  items: ItemCarrito[];
  /** The discount on the whole cart (docs/pagos.md «Descuentos»), and why. */
  descuentoCarrito: DescuentoEscrito | null;
  motivoDescuento: string;
  procesando: boolean;
  /** False when no cash shift is open: a cash payment says it lands in no till. */
  cajaAbierta: boolean | undefined;
  /** The server's refusal of this payment (a customer's limit, an inactive customer), as it came. */
  rechazo?: string | null;
  onRegresar: () => void;
  /**
   * The parts paid (one, or several when split), the cash handed over when there is a cash part (the
   * receipt shows the change), the customer when there is a fiado part.
   */
  onFinalizar: (pagos: Pago[], montoRecibido: number | null, cliente: Cliente | null) => void;
}) {
  const montos = calcularCarrito(items, descuentoCarrito);
  const { total } = montos;
  // A cashier sells fiado to the customers there are; creating one is the owner's (docs/cajeros.md).
  const puedeCrearCliente = useAuth().user?.rol !== 'cajero';
  const pago = usePago(total, onFinalizar);
  const { partes, efectivo, cobro, fiado, error } = pago;
  const titulo = useRef<HTMLHeadingElement>(null);

  useEffect(() => titulo.current?.focus(), []);

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-5">
      <Card className="p-4 sm:p-5 lg:col-span-3">
        <h2 ref={titulo} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          Método de pago
        </h2>
        <form
          className="mt-4 space-y-5"
          onSubmit={(e) => {
            e.preventDefault();
            pago.finalizar();
          }}
        >
          {partes ? (
            <div className="space-y-2">
              <PartesPago total={total} partes={partes} onCambiar={pago.cambiarPartes} />
              <Button variante="fantasma" tamano="sm" onClick={pago.unir}>
                Pagar con un solo método
              </Button>
            </div>
          ) : (
            <MetodosPago metodo={pago.metodo} onElegir={pago.elegirMetodo} />
          )}

          {efectivo !== null && cobro && <CobroEfectivo pago={pago} efectivo={efectivo} cobro={cobro} cajaAbierta={cajaAbierta} />}

          {fiado !== null && (
            <ClienteFiado
              idMinimarket={idMinimarket}
              total={fiado}
              cliente={pago.cliente}
              onElegir={pago.elegirCliente}
              onCrear={puedeCrearCliente ? pago.setCreando : undefined}
            />
          )}

          {!partes && (
            // After the cash block: Tab goes from the method straight to the cash received.
            <Button variante="contorno" tamano="sm" onClick={pago.dividir}>
              <Split className="size-4" aria-hidden="true" /> Dividir el pago
            </Button>
          )}

          {error && <Alert tipo="error">{error}</Alert>}
          {!error && rechazo && <Alert tipo="error">{rechazo}</Alert>}

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <Button variante="contorno" onClick={onRegresar} disabled={procesando}>
              <ArrowLeft className="size-4" aria-hidden="true" /> Regresar
            </Button>
            <Button type="submit" tamano="lg" disabled={procesando}>
              {procesando ? 'Procesando...' : `Finalizar venta · ${formatClp(total)}`}
            </Button>
          </div>
        </form>
        <ClienteDialog
          abierto={pago.creando !== null}
          idMinimarket={idMinimarket}
          nombreInicial={pago.creando ?? ''}
          onCerrar={() => pago.setCreando(null)}
          onListo={pago.clienteCreado}
        />
      </Card>

      <ResumenVenta items={items} montos={montos} motivoDescuento={motivoDescuento} cobro={cobro} />
    </div>
  );
}
