import { MENSAJE_FIADO_SIN_CLIENTE, type Cliente } from '@minimarket/contracts/clientes';
import { METODOS_PAGO, type MetodoPago } from '@minimarket/contracts/comunes';
import { mensajeRecibidoParteEfectivo, type Pago } from '@minimarket/contracts/ventas';
import { leerEntero } from '@minimarket/contracts/numeros';
import { ArrowLeft, ArrowLeftRight, Banknote, CreditCard, NotebookPen, Split, WalletCards, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { ClienteDialog } from '../../../../components/shop/cliente-dialog';
import { useAuth } from '../../../../lib/auth';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { MontoInput } from '../../../../components/ui/monto-input';
import { cn } from '../../../../utils/cn';
import { formatClp, formatEntero } from '../../../../utils/format';
import { MENSAJE_EFECTIVO_SIN_CAJA } from './aviso-caja';
import { ClienteFiado } from './cliente-fiado';
import { PartesPago } from './partes-pago';
import { leerPartes, metodoLibre, montosPartes, type ParteEscrita } from '../../utils/pago-dividido';
import { esGranel } from '../../../../lib/granel';
import { calcularVuelto, detalleLinea, MENSAJE_RECIBIDO_INSUFICIENTE, subtotal, totalCarrito, type ItemCarrito } from '../../utils/carrito';

/** The bills a Chilean customer hands over; the ones that cover the total are offered as buttons. */
export const BILLETES = [1000, 2000, 5000, 10000, 20000] as const;

// Fiado (la libreta, issue #21) needs its customer, chosen or created right here.
const ICONOS: Record<MetodoPago, LucideIcon> = {
  Efectivo: Banknote,
  'Tarjeta de Débito': WalletCards,
  'Transferencia Bancaria': ArrowLeftRight,
  'Tarjeta de Crédito': CreditCard,
  Fiado: NotebookPen,
};

export function PagoPanel({
  idMinimarket,
  items,
  procesando,
  cajaAbierta,
  rechazo,
  onRegresar,
  onFinalizar,
}: {
  idMinimarket: number;
  items: ItemCarrito[];
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
  const total = totalCarrito(items);
  // A cashier sells fiado to the customers there are; creating one is the owner's (docs/cajeros.md).
  const puedeCrearCliente = useAuth().user?.rol !== 'cajero';
  const [metodo, setMetodo] = useState<MetodoPago>('Efectivo');
  // Pago dividido: the rows typed, or null while paying by one method.
  const [partes, setPartes] = useState<ParteEscrita[] | null>(null);
  const [recibido, setRecibido] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [cliente, setCliente] = useState<Cliente | null>(null);
  // "Crear cliente": the name typed in the search, while its dialog is open.
  const [creando, setCreando] = useState<string | null>(null);
  const titulo = useRef<HTMLHeadingElement>(null);
  const recibidoId = useId();
  // What each method takes as typed so far: the whole total, or each row's amount when split.
  const montos = partes ? montosPartes(partes, total) : [total];
  const montoDe = (m: MetodoPago) => {
    const i = partes ? partes.findIndex((p) => p.metodo === m) : metodo === m ? 0 : -1;
    return i < 0 ? null : Math.max(0, montos[i] ?? 0);
  };
  const efectivo = montoDe('Efectivo');
  const fiado = montoDe('Fiado');
  // The cash handed over, read by the one money parser ('5.000', '$5.000'). Left blank it is the
  // exact cash part (most cash is paid exact); unreadable, null.
  const lectura = recibido.trim() === '' ? null : leerEntero(recibido, { campo: 'El monto recibido', pesos: true });
  const montoRecibido = lectura === null ? efectivo : lectura.ok && lectura.valor >= 0 ? lectura.valor : null;
  const recibir = (monto: number) => {
    setRecibido(formatEntero(monto));
    setError(null);
  };

  useEffect(() => titulo.current?.focus(), []);

  const finalizar = () => {
    const leidas: ReturnType<typeof leerPartes> = partes
      ? leerPartes(partes, total)
      : { ok: true, pagos: [{ metodo_pago: metodo, monto: total }] };
    if (!leidas.ok) {
      setError(leidas.mensaje);
      return;
    }
    if (efectivo !== null && lectura && !lectura.ok) {
      setError(lectura.mensaje);
      return;
    }
    if (efectivo !== null && (montoRecibido === null || montoRecibido < efectivo)) {
      setError(partes ? mensajeRecibidoParteEfectivo(efectivo) : MENSAJE_RECIBIDO_INSUFICIENTE);
      return;
    }
    if (fiado !== null && !cliente) {
      setError(MENSAJE_FIADO_SIN_CLIENTE);
      return;
    }
    setError(null);
    onFinalizar(leidas.pagos, efectivo !== null ? montoRecibido : null, fiado !== null ? cliente : null);
  };
  const dividir = () => {
    const inicial = [{ metodo, monto: '' }];
    setPartes([...inicial, { metodo: metodoLibre(inicial)!, monto: '' }]);
    setError(null);
  };

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
            finalizar();
          }}
        >
          {partes ? (
            <div className="space-y-2">
              <PartesPago
                total={total}
                partes={partes}
                onCambiar={(p) => {
                  setPartes(p);
                  setError(null);
                }}
              />
              <Button
                variante="fantasma"
                tamano="sm"
                onClick={() => {
                  setMetodo(partes[0]!.metodo);
                  setPartes(null);
                  setError(null);
                }}
              >
                Pagar con un solo método
              </Button>
            </div>
          ) : (
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-700">Elige cómo paga el cliente</legend>
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                {METODOS_PAGO.map((m) => {
                  const Icono = ICONOS[m];
                  return (
                    <label
                      key={m}
                      className={cn(
                        'flex cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-3 text-sm font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-marca-600',
                        metodo === m ? 'border-marca-700 bg-marca-50 text-marca-900' : 'border-slate-200 hover:border-slate-300',
                      )}
                    >
                      <input
                        type="radio"
                        name="metodo_pago"
                        value={m}
                        checked={metodo === m}
                        onChange={() => {
                          setMetodo(m);
                          setError(null);
                        }}
                        className="sr-only"
                      />
                      <Icono className="size-5" aria-hidden="true" />
                      {m}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          )}

          {efectivo !== null && (
            <div className="space-y-3">
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <div className="space-y-1">
                  <label htmlFor={recibidoId} className="block text-sm font-medium text-slate-700">
                    {partes ? `Monto recibido (efectivo: ${formatClp(efectivo)})` : 'Monto recibido'}
                  </label>
                  <MontoInput
                    id={recibidoId}
                    placeholder={formatClp(efectivo)}
                    aria-describedby={`${recibidoId}-ayuda`}
                    value={recibido}
                    aria-invalid={Boolean(error)}
                    onChange={(e) => {
                      setRecibido(e.target.value);
                      setError(null);
                    }}
                  />
                  <p id={`${recibidoId}-ayuda`} className="text-xs text-slate-600">
                    {recibido.trim() === '' ? 'Vacío es el monto exacto.' : montoRecibido !== null ? formatClp(montoRecibido) : ''}
                  </p>
                </div>
                <div className="rounded-xl bg-slate-50 px-4 py-3">
                  <p className="text-sm text-slate-600">Vuelto</p>
                  <p className="text-2xl font-bold text-slate-900" data-testid="vuelto">
                    {formatClp(calcularVuelto(efectivo, montoRecibido ?? 0))}
                  </p>
                </div>
              </div>
              <div role="group" aria-label="Montos rápidos" className="flex flex-wrap gap-2">
                <Button variante="contorno" tamano="sm" onClick={() => recibir(efectivo)}>
                  Monto exacto
                </Button>
                {BILLETES.filter((b) => b >= efectivo).map((b) => (
                  <Button key={b} variante="contorno" tamano="sm" onClick={() => recibir(b)}>
                    {formatClp(b)}
                  </Button>
                ))}
              </div>
              {cajaAbierta === false && (
                <Alert tipo="aviso" className="text-xs">
                  {MENSAJE_EFECTIVO_SIN_CAJA}
                </Alert>
              )}
            </div>
          )}

          {fiado !== null && (
            <ClienteFiado
              idMinimarket={idMinimarket}
              total={fiado}
              cliente={cliente}
              onElegir={(c) => {
                setCliente(c);
                setError(null);
              }}
              onCrear={puedeCrearCliente ? setCreando : undefined}
            />
          )}

          {!partes && (
            // After the cash block: Tab goes from the method straight to the cash received.
            <Button variante="contorno" tamano="sm" onClick={dividir}>
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
          abierto={creando !== null}
          idMinimarket={idMinimarket}
          nombreInicial={creando ?? ''}
          onCerrar={() => setCreando(null)}
          onListo={(c) => {
            setCreando(null);
            setCliente(c);
            setError(null);
          }}
        />
      </Card>

      <Card className="p-4 sm:p-5 lg:col-span-2">
        <h2 className="text-lg font-semibold text-slate-900">Resumen de la venta</h2>
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {items.map((i) => (
            <li key={i.producto.id_producto} className="flex justify-between gap-2 py-2">
              {esGranel(i.producto) ? (
                <span className="min-w-0">
                  {i.producto.nombre_producto}
                  <span className="block text-xs text-slate-600">{detalleLinea(i)}</span>
                </span>
              ) : (
                <span className="min-w-0">
                  {formatEntero(i.cantidad)} × {i.producto.nombre_producto}
                </span>
              )}
              <span className="font-medium whitespace-nowrap">{formatClp(subtotal(i))}</span>
            </li>
          ))}
        </ul>
        <div className="mt-2 flex items-baseline justify-between border-t border-slate-200 pt-3">
          <span className="font-medium">Total a pagar</span>
          <span className="text-2xl font-bold" data-testid="total-pagar">
            {formatClp(total)}
          </span>
        </div>
      </Card>
    </div>
  );
}
