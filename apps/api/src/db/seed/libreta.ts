// La libreta in the demo (docs/fiado.md, "Demo"): a few neighbours of Minimarket Don Pepe who take
// goods on credit, some of the history's sales theirs (the customers are created before the
// history, elegirComprasFiadas picks their sales and the generator writes them 'Fiado' with their
// customer at once), a few abonos, and one customer whose oldest unpaid purchase passed the shop's
// days, so a newcomer sees the libreta (Clientes, Inicio's cuentas por cobrar, Badito, the notice)
// at once. Every balance is the view cuenta_cliente's.
import type { MetodoAbono } from '@minimarket/contracts/clientes';
import { DIAS_AVISO_FIADO_POR_DEFECTO } from '@minimarket/contracts/minimarkets';
import { computeRutDv } from '@minimarket/contracts/rut';
import type { Tx } from '../client.js';
import { crearCliente } from '../../data/cliente.js';
import { insertarAbonosHistoricos } from '../../data/abono.js';
import { fechaLocal, localAUtc, sumarDias, textoDia } from '../../lib/tiempo.js';
import { avisarFiadoVencido } from '../../data/aviso-fiado.js';

/** An abono of the past: `hace` days ago, it pays purchase `paga` (0 = the oldest) whole, or half of it. */
interface AbonoDemo {
  hace: number;
  metodo: MetodoAbono;
  paga: number;
  mitad?: true;
}

export interface ClienteDemo {
  nombre: string;
  /** RUT body; the check digit is computed. */
  rut: number | null;
  telefono: string | null;
  direccion: string | null;
  limite: number | null;
  notas: string | null;
  /** Days ago of each purchase on credit (one sale of the history that day), oldest first. */
  compras: number[];
  abonos: AbonoDemo[];
}

/**
 * Don Pepe's libreta. Juana's oldest unpaid purchase is 38 days old (past the default 30: the
 * notice); don Pedro owes since 13 days; Rosa is paid up; Carmen Gloria owes two recent ones.
 */
export const LIBRETA_DON_PEPE: readonly ClienteDemo[] = [
  {
    nombre: 'Juana Pérez',
    rut: 14_682_315,
    telefono: '+56 9 8123 4567',
    direccion: 'Pasaje Los Aromos 123, Ñuñoa',
    limite: 60_000,
    notas: 'Paga a fin de mes.',
    compras: [52, 38, 24, 10, 3],
    abonos: [
      { hace: 31, metodo: 'Efectivo', paga: 0 },
      { hace: 12, metodo: 'Transferencia Bancaria', paga: 1, mitad: true },
    ],
  },
  {
    nombre: 'Pedro Soto',
    rut: null,
    telefono: '+56 9 5555 1234',
    direccion: null,
    limite: 40_000,
    notas: null,
    compras: [20, 13, 6],
    abonos: [{ hace: 7, metodo: 'Efectivo', paga: 0 }],
  },
  {
    nombre: 'Rosa Muñoz',
    rut: 17_456_892,
    telefono: null,
    direccion: 'Av. Grecia 2301, depto. 42',
    limite: null,
    notas: null,
    compras: [45, 31],
    abonos: [
      { hace: 29, metodo: 'Efectivo', paga: 0 },
      { hace: 29, metodo: 'Efectivo', paga: 1 },
    ],
  },
  {
    nombre: 'Carmen Gloria Díaz',
    rut: null,
    telefono: '+56 9 7777 8888',
    direccion: null,
    limite: 50_000,
    notas: 'Vecina del edificio de al lado.',
    compras: [8, 2],
    abonos: [],
  },
];

/** A purchase on credit of a neighbour: a basket between these totals, when the day has one. */
const TOTAL_FIADO = { min: 2_000, max: 25_000 };

/**
 * The shop's customers, written before the history so its sales on credit name them as they are
 * inserted. Their ids, in the order of `libreta`.
 */
export async function crearClientesLibreta(tx: Tx, idMinimarket: number, libreta: readonly ClienteDemo[]): Promise<number[]> {
  const ids: number[] = [];
  for (const c of libreta) {
    const { id_cliente } = await crearCliente(tx, {
      id_minimarket: idMinimarket,
      nombre: c.nombre,
      rut: c.rut === null ? null : `${c.rut}-${computeRutDv(c.rut)}`,
      telefono: c.telefono,
      direccion: c.direccion,
      limite_credito: c.limite,
      notas: c.notas,
      activo: true,
    });
    ids.push(id_cliente);
  }
  return ids;
}

/**
 * Which sales of the generated history were each customer's purchases on credit (no database: the
 * generator writes them as 'Fiado' with their customer at once). For each purchase, a sale of that
 * day with a total within TOTAL_FIADO (else the day's first), none taken twice; a day without sales
 * has no purchase. `ventas` in the order they happened; the answer: for each customer (the order of
 * `libreta`), the indexes in `ventas` of its purchases, oldest first.
 */
export function elegirComprasFiadas(
  libreta: readonly ClienteDemo[],
  ventas: ReadonlyArray<{ fecha: Date; total: number }>,
  ahora: Date,
): number[][] {
  const hoy = fechaLocal(ahora);
  const porDia = new Map<string, number[]>();
  ventas.forEach((v, i) => {
    const dia = textoDia(fechaLocal(v.fecha));
    porDia.set(dia, [...(porDia.get(dia) ?? []), i]);
  });
  const tomadas = new Set<number>();
  return libreta.map((c) => {
    const compras: number[] = [];
    for (const hace of c.compras) {
      const delDia = (porDia.get(textoDia(sumarDias(hoy, -hace))) ?? []).filter((i) => !tomadas.has(i));
      const elegida = delDia.find((i) => ventas[i]!.total >= TOTAL_FIADO.min && ventas[i]!.total <= TOTAL_FIADO.max) ?? delDia[0];
      if (elegida === undefined) continue;
      tomadas.add(elegida);
      compras.push(elegida);
    }
    return compras;
  });
}

/**
 * The rest of the libreta, once the history (with its sales on credit) is written: the abonos and
 * the notices due today. `compras`: each customer's purchases' totals, oldest first. Runs before the
 * history's days are summed.
 */
export async function sembrarAbonos(
  tx: Tx,
  t: { id_minimarket: number; id_usuario: number },
  libreta: readonly ClienteDemo[],
  clientes: ReadonlyArray<{ id_cliente: number; compras: readonly number[] }>,
  ahora: Date,
): Promise<void> {
  const hoy = fechaLocal(ahora);
  const abonos: Parameters<typeof insertarAbonosHistoricos>[1][number][] = [];
  libreta.forEach((c, i) => {
    const { id_cliente, compras } = clientes[i]!;
    for (const a of c.abonos) {
      const total = compras[a.paga];
      if (total === undefined) continue;
      const dia = sumarDias(hoy, -a.hace);
      abonos.push({
        id_minimarket: t.id_minimarket,
        id_cliente,
        monto: a.mitad ? Math.floor(total / 200) * 100 : total,
        metodo_pago: a.metodo,
        fecha: localAUtc(dia.anio, dia.mes, dia.dia, 19),
        id_usuario: t.id_usuario,
      });
    }
  });
  await insertarAbonosHistoricos(tx, abonos);
  // Juana's notice, as the worker would have sent it today.
  await avisarFiadoVencido(tx, { ...t, dias_aviso_fiado: DIAS_AVISO_FIADO_POR_DEFECTO }, ahora);
}
