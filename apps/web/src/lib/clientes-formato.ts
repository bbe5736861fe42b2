// Pure words about a customer's account, shared by the sale's payment and the CLIENTES screens.
import type { LineaCompraCuenta, MovimientoCuenta } from '@minimarket/contracts/clientes';
import { formatClp } from '@minimarket/contracts/formato';
import { formatPeso } from '@minimarket/contracts/granel';

interface Cuenta {
  saldo: number;
  limite_credito: number | null;
}

/** What is left to lend: the limit minus the balance (never below 0); null when there is no limit. */
export function creditoDisponible(c: Cuenta): number | null {
  return c.limite_credito === null ? null : Math.max(0, c.limite_credito - c.saldo);
}

/** 'Debe $5.000 · Límite $20.000', 'No debe · Sin límite': one line under a customer's name. */
export function resumenCredito(c: Cuenta): string {
  const deuda = c.saldo > 0 ? `Debe ${formatClp(c.saldo)}` : 'No debe';
  const limite = c.limite_credito === null ? 'Sin límite' : `Límite ${formatClp(c.limite_credito)}`;
  return `${deuda} · ${limite}`;
}

/**
 * Whether a sale of `total` would take the customer past their limit, as the server counts it
 * (saldo + total > límite). Only a warning before paying: the server decides, under the
 * customer's lock, with the balance as it is at that moment.
 */
export function superaLimite(c: Cuenta, total: number): boolean {
  return c.limite_credito !== null && c.saldo + total > c.limite_credito;
}

/** The statement's totals: what was charged, what was paid off (the balance is the server's). */
export function totalesMovimientos(movimientos: ReadonlyArray<{ cargo: number; abono: number }>): { cargos: number; abonos: number } {
  return movimientos.reduce((t, m) => ({ cargos: t.cargos + m.cargo, abonos: t.abonos + m.abono }), { cargos: 0, abonos: 0 });
}

/**
 * Where an abono's money goes, said under its method before it is registered: cash enters the open
 * shift (its shop number) or, with none open, no till at all; any other method never passes through
 * the till. `turno`: the open shift, null when none, undefined while not known.
 */
export function destinoAbono(metodo: string, turno: { numero_turno: number } | null | undefined): string {
  if (metodo !== 'Efectivo') return 'Solo un abono en efectivo entra a la caja.';
  if (turno === undefined) return 'Un abono en efectivo entra al turno de caja abierto, si hay uno.';
  return turno === null
    ? 'No hay caja abierta: este abono no quedará en ningún turno.'
    : `Hay caja abierta: el efectivo entra al turno N° ${turno.numero_turno}.`;
}

/**
 * A purchase's item on the statement (screen, A4 and roll alike): '2 × Aceite maravilla 1 L · $5.000',
 * '0,350 kg × Queso gauda · $3.497' (kilos for a product sold by weight, its grams on the wire).
 */
export function lineaCompra(l: LineaCompraCuenta): string {
  const cantidad = l.unidad === 'kg' ? formatPeso(l.num_unidades) : l.num_unidades.toLocaleString('es-CL');
  return `${cantidad} × ${l.nombre_producto} · ${formatClp(l.subtotal)}`;
}

/**
 * A split sale's purchase (docs/pagos.md): its items are the whole sale's, its charge only the part on
 * credit, so the statement says both. null when the whole purchase went on the account.
 */
export function parteFiada(m: Pick<MovimientoCuenta, 'cargo' | 'detalles'>): string | null {
  const compra = m.detalles.reduce((s, l) => s + l.subtotal, 0);
  return m.detalles.length > 0 && compra > m.cargo ? `Fiado ${formatClp(m.cargo)} de una compra de ${formatClp(compra)}` : null;
}
