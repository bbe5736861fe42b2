// The figures of a cash shift (docs/caja.md): a shift's running figures, as a cashier reads them
// (blind) and as its close left them.
import type { Turno } from '@minimarket/contracts/caja';
import type { Tx } from '../../db/client.js';
import { cuentasDeTurno, type FilaTurno } from '../../data/turno-caja.js';

/** The shift's figures now, from its sales and movements. */
export async function cifras(tx: Tx, t: FilaTurno): Promise<Turno> {
  const { porMetodo, ventas, movimientos, porVendedor, devoluciones_efectivo, abonos_efectivo, redondeo } = await cuentasDeTurno(
    tx,
    t.id_minimarket,
    t.id_turno,
  );
  const suma = (tipo: 'ingreso' | 'retiro') => movimientos.filter((m) => m.tipo === tipo).reduce((s, m) => s + m.monto, 0);
  const efectivo = Number(porMetodo.find((p) => p.metodo_pago === 'Efectivo')?.cobrado ?? 0);
  const ingresos = suma('ingreso');
  const retiros = suma('retiro');
  const esperado = t.monto_inicial + efectivo - devoluciones_efectivo + abonos_efectivo + ingresos - retiros + redondeo;
  return {
    id_turno: t.id_turno,
    id_minimarket: t.id_minimarket,
    numero_turno: t.numero_turno,
    abierto_en: t.abierto_en.toISOString(),
    nombre_usuario_apertura: t.nombre_apertura,
    monto_inicial: t.monto_inicial,
    ventas,
    total_ventas: porMetodo.reduce((s, p) => s + Number(p.ingreso), 0),
    por_metodo_pago: porMetodo.map((p) => ({ metodo_pago: p.metodo_pago, ventas: p.ventas, total: Number(p.ingreso) })),
    por_vendedor: porVendedor.map((p) => ({ id_usuario: p.id_usuario, nombre: p.nombre, ventas: p.ventas, total: Number(p.total) })),
    ventas_efectivo: efectivo,
    devoluciones_efectivo,
    abonos_efectivo,
    ingresos,
    retiros,
    redondeo,
    esperado_efectivo: esperado,
    monto_contado: null,
    diferencia: null,
    cerrado_en: null,
    nombre_usuario_cierre: null,
    movimientos: movimientos.map((m) => ({ ...m, fecha: m.fecha.toISOString() })),
  };
}

/**
 * A shift as a cashier reads it: blind (docs/cajeros.md «Arqueo ciego»). Every figure the expected
 * cash could be worked out from is null: what the sales brought in (in all, in cash, by method, by
 * person), the cash refunds and abonos, the expected cash and the difference. How many sales, the
 * movements and the count stay.
 */
export function ciego(t: Turno): Turno {
  return {
    ...t,
    total_ventas: null,
    por_metodo_pago: t.por_metodo_pago.map((p) => ({ ...p, total: null })),
    por_vendedor: t.por_vendedor.map((p) => ({ ...p, total: null })),
    ventas_efectivo: null,
    devoluciones_efectivo: null,
    abonos_efectivo: null,
    redondeo: null,
    esperado_efectivo: null,
    diferencia: null,
  };
}

/**
 * A closed shift as its close left it. Reports closed before ventas_efectivo and total_ventas
 * existed had, per method, what was charged: that is their cash sales and their total.
 */
export function cerrado(t: FilaTurno): Turno {
  const r = t.resumen_cierre!;
  return {
    ...r,
    // Reports closed before the shop's shift numbers kept none: the row has it.
    numero_turno: t.numero_turno,
    ventas_efectivo: r.ventas_efectivo ?? r.por_metodo_pago.find((m) => m.metodo_pago === 'Efectivo')?.total ?? 0,
    total_ventas: r.total_ventas ?? r.por_metodo_pago.reduce((s, m) => s + (m.total ?? 0), 0),
    // Closed before la libreta existed: no abonos; before cashiers: no split by person; before the
    // cash rounding: none.
    abonos_efectivo: r.abonos_efectivo ?? 0,
    redondeo: r.redondeo ?? 0,
    por_vendedor: r.por_vendedor ?? [],
    movimientos: r.movimientos.map((m) => ({ ...m, nombre_autorizador: m.nombre_autorizador ?? null })),
  };
}
