// Pure words about a customer's account, shared by the sale's payment and the CLIENTES screens.
import { formatClp } from '@minimarket/contracts/formato';

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
