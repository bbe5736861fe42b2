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
import { ETIQUETA_REDONDEO, formatRedondeo } from '../../../../utils/redondeo';
import { MENSAJE_EFECTIVO_SIN_CAJA } from './aviso-caja';
import { ClienteFiado } from './cliente-fiado';
import { PartesPago } from './partes-pago';
import { cobroEfectivo, leerPartes, metodoLibre, montosPartes, type ParteEscrita } from '../../utils/pago-dividido';
import { esGranel } from '../../../../lib/granel';
import {
  calcularCarrito,
  claveLinea,
  type DescuentoEscrito,
  detalleLinea,
  esLibre,
  MENSAJE_RECIBIDO_INSUFICIENTE,
  nombreLinea,
  type ItemCarrito,
} from '../../utils/carrito';

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
  const porParte = partes ? montosPartes(partes, total) : [total];
  const montoDe = (m: MetodoPago) => {
    const i = partes ? partes.findIndex((p) => p.metodo === m) : metodo === m ? 0 : -1;
    return i < 0 ? null : Math.max(0, porParte[i] ?? 0);
  };
  const efectivo = montoDe('Efectivo');
  const fiado = montoDe('Fiado');
  // The cash handed over, read by the one money parser ('5.000', '$5.000'). Left blank it is the
  // exact cash part (most cash is paid exact); unreadable, null.
  const lectura = recibido.trim() === '' ? null : leerEntero(recibido, { campo: 'El monto recibido', pesos: true });
  // Cash changes hands rounded to the ten (Ley 20.956): blank is the rounded cash part.
  const cobro = efectivo === null ? null : cobroEfectivo(efectivo, null);
  const montoRecibido = lectura === null ? (cobro?.aPagar ?? null) : lectura.ok && lectura.valor >= 0 ? lectura.valor : null;
  const vuelto = efectivo === null ? 0 : cobroEfectivo(efectivo, montoRecibido).vuelto;
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
    if (efectivo !== null && !cobroEfectivo(efectivo, montoRecibido).alcanza) {
      setError(partes ? mensajeRecibidoParteEfectivo(cobroEfectivo(efectivo, null).aPagar) : MENSAJE_RECIBIDO_INSUFICIENTE);
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

          {efectivo !== null && cobro && (
            <div className="space-y-3">
              {/* Only the cash is rounded (Ley 20.956): the total stays exact, the cash part is paid to the ten. */}
              {cobro.redondeo !== 0 && (
                <dl className="grid grid-cols-2 gap-2 rounded-xl border border-slate-200 px-4 py-3 text-sm" data-testid="redondeo-efectivo">
                  <dt className="text-slate-600">{partes ? 'Parte en efectivo' : 'Total'}</dt>
                  <dd className="text-right font-medium">{formatClp(efectivo)}</dd>
                  <dt className="text-slate-600">{ETIQUETA_REDONDEO}</dt>
                  <dd className="text-right font-medium" data-testid="redondeo">
                    {formatRedondeo(cobro.redondeo)}
                  </dd>
                  <dt className="font-semibold text-slate-900">A pagar en efectivo</dt>
                  <dd className="text-right text-lg font-bold" data-testid="a-pagar-efectivo">
                    {formatClp(cobro.aPagar)}
                  </dd>
                </dl>
              )}
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <div className="space-y-1">
                  <label htmlFor={recibidoId} className="block text-sm font-medium text-slate-700">
                    {partes ? `Monto recibido (efectivo: ${formatClp(cobro.aPagar)})` : 'Monto recibido'}
                  </label>
                  <MontoInput
                    id={recibidoId}
                    placeholder={formatClp(cobro.aPagar)}
                    aria-describedby={`${recibidoId}-ayuda`}
                    value={recibido}
                    aria-invalid={Boolean(error)}
                    onChange={(e) => {
                      setRecibido(e.target.value);
                      setError(null);
                    }}
                  />
                  <p id={`${recibidoId}-ayuda`} className="text-xs text-slate-600">
                    {recibido.trim() === ''
                      ? `Vacío es el monto exacto${cobro.redondeo !== 0 ? ` en efectivo (${formatClp(cobro.aPagar)})` : ''}.`
                      : montoRecibido !== null
                        ? formatClp(montoRecibido)
                        : ''}
                  </p>
                </div>
                <div className="rounded-xl bg-slate-50 px-4 py-3">
                  <p className="text-sm text-slate-600">Vuelto</p>
                  <p className="text-2xl font-bold text-slate-900" data-testid="vuelto">
                    {formatClp(vuelto)}
                  </p>
                </div>
              </div>
              <div role="group" aria-label="Montos rápidos" className="flex flex-wrap gap-2">
                <Button variante="contorno" tamano="sm" onClick={() => recibir(cobro.aPagar)}>
                  Monto exacto
                </Button>
                {BILLETES.filter((b) => b >= cobro.aPagar).map((b) => (
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
          {items.map((i, n) => {
            const m = montos.lineas[n]!;
            return (
              <li key={claveLinea(i)} className="py-2">
                <div className="flex justify-between gap-2">
                  {esLibre(i) || esGranel(i.producto) ? (
                    <span className="min-w-0">
                      {nombreLinea(i)}
                      <span className="block text-xs text-slate-600">{detalleLinea(i)}</span>
                    </span>
                  ) : (
                    <span className="min-w-0">
                      {formatEntero(i.cantidad)} × {nombreLinea(i)}
                    </span>
                  )}
                  <span className="font-medium whitespace-nowrap">{formatClp(m.bruto)}</span>
                </div>
                {m.descuento > 0 && (
                  <div className="flex justify-between gap-2 text-xs text-green-800">
                    <span>Descuento</span>
                    <span className="whitespace-nowrap">{formatClp(-m.descuento)}</span>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        {montos.descuento > 0 && (
          <dl className="mt-2 space-y-1 border-t border-slate-200 pt-2 text-sm">
            <div className="flex justify-between">
              <dt className="text-slate-600">Subtotal</dt>
              <dd>{formatClp(montos.bruto)}</dd>
            </div>
            <div className="flex justify-between text-green-800">
              <dt>Descuentos</dt>
              <dd data-testid="descuento-pagar">{formatClp(-montos.descuento)}</dd>
            </div>
            {motivoDescuento.trim() && <p className="text-xs text-slate-600">Motivo: {motivoDescuento.trim()}</p>}
          </dl>
        )}
        <div className="mt-2 flex items-baseline justify-between border-t border-slate-200 pt-3">
          <span className="font-medium">Total a pagar</span>
          <span className="text-2xl font-bold" data-testid="total-pagar">
            {formatClp(total)}
          </span>
        </div>
        {cobro && cobro.redondeo !== 0 && (
          <dl className="mt-1 space-y-1 text-sm">
            <div className="flex justify-between">
              <dt className="text-slate-600">{ETIQUETA_REDONDEO}</dt>
              <dd>{formatRedondeo(cobro.redondeo)}</dd>
            </div>
            <div className="flex justify-between font-semibold">
              <dt>A pagar en efectivo</dt>
              <dd>{formatClp(cobro.aPagar)}</dd>
            </div>
          </dl>
        )}
      </Card>
    </div>
  );
}
