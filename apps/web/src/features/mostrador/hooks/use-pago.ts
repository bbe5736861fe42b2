// The payment screen's state: the method (or the rows of a split payment), the cash handed over and
// its change rounded to the ten (Ley 20.956), the fiado's customer, and what «Finalizar venta» checks
// before the sale goes (docs/pagos.md).
import { MENSAJE_FIADO_SIN_CLIENTE, type Cliente } from '@minimarket/contracts/clientes';
import type { MetodoPago } from '@minimarket/contracts/comunes';
import { leerEntero } from '@minimarket/contracts/numeros';
import { mensajeRecibidoParteEfectivo, type Pago } from '@minimarket/contracts/ventas';
import { useState } from 'react';
import { formatEntero } from '../../../utils/format';
import { MENSAJE_RECIBIDO_INSUFICIENTE } from '../utils/carrito';
import { cobroEfectivo, leerPartes, metodoLibre, montosPartes, type ParteEscrita } from '../utils/pago-dividido';

export function usePago(total: number, onFinalizar: (pagos: Pago[], montoRecibido: number | null, cliente: Cliente | null) => void) {
  const [metodo, setMetodo] = useState<MetodoPago>('Efectivo');
  // Pago dividido: the rows typed, or null while paying by one method.
  const [partes, setPartes] = useState<ParteEscrita[] | null>(null);
  const [recibido, setRecibido] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [cliente, setCliente] = useState<Cliente | null>(null);
  // "Crear cliente": the name typed in the search, while its dialog is open.
  const [creando, setCreando] = useState<string | null>(null);
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

  return {
    metodo,
    partes,
    recibido,
    error,
    cliente,
    creando,
    efectivo,
    fiado,
    cobro,
    montoRecibido,
    vuelto,
    finalizar,
    setCreando,
    elegirMetodo: (m: MetodoPago) => {
      setMetodo(m);
      setError(null);
    },
    cambiarPartes: (p: ParteEscrita[]) => {
      setPartes(p);
      setError(null);
    },
    dividir: () => {
      const inicial = [{ metodo, monto: '' }];
      setPartes([...inicial, { metodo: metodoLibre(inicial)!, monto: '' }]);
      setError(null);
    },
    /** Back to one method: the first row's. */
    unir: () => {
      setMetodo(partes![0]!.metodo);
      setPartes(null);
      setError(null);
    },
    escribirRecibido: (texto: string) => {
      setRecibido(texto);
      setError(null);
    },
    recibir: (monto: number) => {
      setRecibido(formatEntero(monto));
      setError(null);
    },
    elegirCliente: (c: Cliente | null) => {
      setCliente(c);
      setError(null);
    },
    clienteCreado: (c: Cliente) => {
      setCreando(null);
      setCliente(c);
      setError(null);
    },
  };
}

export type Pagando = ReturnType<typeof usePago>;
