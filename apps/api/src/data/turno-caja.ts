// turno_caja and movimiento_caja: the counter's cash shift. A movement never exists outside its
// shift, so both live here. Sales join a shift inside registrar_venta (data/venta.ts).
import type { Turno } from '@minimarket/contracts/caja';
import { ESTADO_VENTA_COMPLETADA } from '@minimarket/contracts/comunes';
import { Prisma, type Tx } from '../db/client.js';

/**
 * Opens the shop's shift with the shop's next shift number (its highest plus one: migration
 * 20261201100000_numero_turno says why no counter table is needed). A second open one violates
 * turno_caja_abierto_unico, two racing openings the number's unique index: the caller answers 409.
 */
export async function abrirTurno(tx: Tx, idMinimarket: number, idUsuario: number, montoInicial: number): Promise<number> {
  const [t] = await tx.$queryRaw<{ id_turno: number }[]>`
    INSERT INTO turno_caja (id_minimarket, id_usuario_apertura, monto_inicial, numero_turno)
    SELECT ${idMinimarket}, ${idUsuario}, ${montoInicial}, coalesce(max(numero_turno), 0) + 1
    FROM turno_caja WHERE id_minimarket = ${idMinimarket}
    RETURNING id_turno`;
  return t!.id_turno;
}

export async function registrarMovimientoCaja(
  tx: Tx,
  m: {
    idMinimarket: number;
    idTurno: number;
    tipo: 'ingreso' | 'retiro';
    monto: number;
    motivo: string;
    idUsuario: number;
    /** The owner who approved a cashier's withdrawal with their PIN. */
    idAutorizador: number | null;
  },
) {
  await tx.$executeRaw`
    INSERT INTO movimiento_caja (id_minimarket, id_turno, tipo, monto, motivo, id_usuario, id_autorizador)
    VALUES (${m.idMinimarket}, ${m.idTurno}, ${m.tipo}, ${m.monto}, ${m.motivo}, ${m.idUsuario}, ${m.idAutorizador})`;
}

/** Closes it with the count and the report as computed at that moment (kept, never recomputed). */
export async function cerrarTurno(
  tx: Tx,
  c: {
    idMinimarket: number;
    idTurno: number;
    idUsuario: number;
    montoContado: number;
    esperado: number;
    diferencia: number;
    resumen: unknown;
  },
) {
  await tx.$executeRaw`
    UPDATE turno_caja SET cerrado_en = now(), id_usuario_cierre = ${c.idUsuario}, monto_contado = ${c.montoContado},
           esperado_efectivo = ${c.esperado}, diferencia = ${c.diferencia}, resumen_cierre = ${JSON.stringify(c.resumen)}::jsonb
    WHERE id_minimarket = ${c.idMinimarket} AND id_turno = ${c.idTurno}`;
}

/**
 * The shop's open shift, held FOR SHARE so it cannot close while a void or return is counted in it
 * (null when none is open: the refund is then outside any till).
 */
export async function turnoAbiertoCompartido(tx: Tx, idMinimarket: number): Promise<number | null> {
  const [t] = await tx.$queryRaw<{ id_turno: number }[]>`
    SELECT id_turno FROM turno_caja WHERE id_minimarket = ${idMinimarket} AND cerrado_en IS NULL FOR SHARE`;
  return t?.id_turno ?? null;
}

/** A shift as its reads bring it: with who opened and closed it, and the shop's owner. */
export interface FilaTurno {
  id_turno: number;
  id_minimarket: number;
  numero_turno: number;
  monto_inicial: number;
  abierto_en: Date;
  cerrado_en: Date | null;
  monto_contado: number | null;
  nombre_apertura: string | null;
  nombre_cierre: string | null;
  resumen_cierre: Turno | null;
  /** The shop's owner, to check who may see the shift. */
  id_usuario_dueno: number;
}

const SELECT_TURNO = Prisma.sql`
  SELECT t.id_turno, t.id_minimarket, t.numero_turno, t.monto_inicial, t.abierto_en, t.cerrado_en, t.monto_contado, t.resumen_cierre,
         ua.nombre AS nombre_apertura, uc.nombre AS nombre_cierre, m.id_usuario AS id_usuario_dueno
  FROM turno_caja t
  JOIN minimarket m ON m.id_minimarket = t.id_minimarket
  LEFT JOIN usuario ua ON ua.id_usuario = t.id_usuario_apertura
  LEFT JOIN usuario uc ON uc.id_usuario = t.id_usuario_cierre`;

/**
 * A shift by its id, locked as asked until the transaction ends, or null. `FOR SHARE` lets sales and
 * movements run beside each other and makes a close wait for them; the close takes `FOR UPDATE`.
 */
export async function turnoPorId(tx: Tx, idTurno: number, bloqueo: 'FOR SHARE' | 'FOR UPDATE' | '' = ''): Promise<FilaTurno | null> {
  const [t] = await tx.$queryRaw<
    FilaTurno[]
  >`${SELECT_TURNO} WHERE t.id_turno = ${idTurno} ${Prisma.raw(bloqueo ? `${bloqueo} OF t` : '')}`;
  return t ?? null;
}

/** The shop's open shift, or null. */
export async function turnoAbiertoDe(tx: Tx, idMinimarket: number): Promise<FilaTurno | null> {
  const [t] = await tx.$queryRaw<FilaTurno[]>`${SELECT_TURNO} WHERE t.id_minimarket = ${idMinimarket} AND t.cerrado_en IS NULL`;
  return t ?? null;
}

/** A page of the shop's closed shifts, newest first, and how many there are. */
export async function turnosCerrados(tx: Tx, idMinimarket: number, pagina: { skip: number; limit: number }) {
  const filas = await tx.$queryRaw<FilaTurno[]>`
        ${SELECT_TURNO} WHERE t.id_minimarket = ${idMinimarket} AND t.cerrado_en IS NOT NULL
        ORDER BY t.cerrado_en DESC, t.id_turno DESC OFFSET ${pagina.skip} LIMIT ${pagina.limit}`;
  const total = await tx.turnoCaja.count({ where: { id_minimarket: idMinimarket, cerrado_en: { not: null } } });
  return { filas, total };
}

/** The transaction's time (now()): cerrarTurno writes it as cerrado_en, so the report carries the same instant. */
export async function horaDeCierre(tx: Tx): Promise<Date> {
  const [{ ahora }] = await tx.$queryRaw<{ ahora: Date }[]>`SELECT now() AS ahora`;
  return ahora;
}

/**
 * What a shift's till took and gave back until now (docs/caja.md): its sales, by method and by
 * person, its movements, the cash refunds, abonos and rounding. The arithmetic of the close is the
 * caja service's.
 */
export async function cuentasDeTurno(tx: Tx, idMinimarket: number, idTurno: number) {
  // Per method, part by part (a split sale counts in each of its methods: parte_contada): the sales
  // that count, what they brought in (less what came back by that method) and what was charged (the
  // cash count follows the money that came in, its refunds apart).
  const porMetodo = await tx.$queryRaw<
    { metodo_pago: Turno['por_metodo_pago'][number]['metodo_pago']; ventas: number; ingreso: bigint; cobrado: bigint }[]
  >`
    SELECT metodo_pago, count(*)::int AS ventas, sum(ingreso)::bigint AS ingreso, sum(cobrado)::bigint AS cobrado
    FROM parte_contada
    WHERE id_minimarket = ${idMinimarket} AND id_turno = ${idTurno}
    GROUP BY metodo_pago ORDER BY sum(ingreso) DESC, metodo_pago`;
  const [contadas] = await tx.$queryRaw<{ ventas: number }[]>`
    SELECT count(*)::int AS ventas FROM venta_contada WHERE id_minimarket = ${idMinimarket} AND id_turno = ${idTurno}`;
  const movimientos = await tx.$queryRaw<
    {
      id_movimiento: number;
      tipo: 'ingreso' | 'retiro';
      monto: number;
      motivo: string;
      fecha: Date;
      nombre_usuario: string | null;
      nombre_autorizador: string | null;
    }[]
  >`
    SELECT m.id_movimiento, m.tipo, m.monto, m.motivo, m.fecha, u.nombre AS nombre_usuario, z.nombre AS nombre_autorizador
    FROM movimiento_caja m
    LEFT JOIN usuario u ON u.id_usuario = m.id_usuario
    LEFT JOIN usuario z ON z.id_usuario = m.id_autorizador
    WHERE m.id_minimarket = ${idMinimarket} AND m.id_turno = ${idTurno}
    ORDER BY m.id_movimiento`;
  // Per person at the till: the sales that count, and what they brought in.
  const porVendedor = await tx.$queryRaw<{ id_usuario: number | null; nombre: string | null; ventas: number; total: bigint }[]>`
    SELECT v.id_vendedor AS id_usuario, u.nombre, count(*)::int AS ventas, sum(v.ingreso)::bigint AS total
    FROM venta_contada v LEFT JOIN usuario u ON u.id_usuario = v.id_vendedor
    WHERE v.id_minimarket = ${idMinimarket} AND v.id_turno = ${idTurno}
    GROUP BY v.id_vendedor, u.nombre ORDER BY sum(v.ingreso) DESC, u.nombre`;
  // Cash handed back from this till (docs/caja.md), part by part (parte_venta, parte_devolucion): what
  // returns gave back in cash while it was open, leaving out the returns of its own sales voided since
  // (those sales already left its cash); and the cash parts of sales of another shift (or of none)
  // voided while it was open, less what their returns had given back in cash.
  const [dev] = await tx.$queryRaw<{ total: bigint | null }[]>`
    SELECT (
      coalesce((SELECT sum(pd.monto) FROM parte_devolucion pd JOIN venta v ON v.id_minimarket = pd.id_minimarket AND v.id_venta = pd.id_venta
                WHERE pd.id_minimarket = ${idMinimarket} AND pd.id_turno = ${idTurno} AND pd.metodo_pago = 'Efectivo'
                  AND NOT (v.id_turno IS NOT DISTINCT FROM ${idTurno} AND v.estado_venta <> ${ESTADO_VENTA_COMPLETADA})), 0)
      + coalesce((SELECT sum(pv.monto - coalesce((SELECT sum(pd.monto) FROM parte_devolucion pd
                                                   WHERE pd.id_minimarket = pv.id_minimarket AND pd.id_venta = pv.id_venta
                                                     AND pd.metodo_pago = 'Efectivo'), 0))
                  FROM parte_venta pv
                  WHERE pv.id_minimarket = ${idMinimarket} AND pv.id_turno_anulacion = ${idTurno} AND pv.metodo_pago = 'Efectivo'
                    AND pv.id_turno IS DISTINCT FROM ${idTurno}), 0)
    )::bigint AS total`;
  const [abonos] = await tx.$queryRaw<{ total: bigint | null }[]>`
    SELECT sum(monto)::bigint AS total FROM abono
    WHERE id_minimarket = ${idMinimarket} AND id_turno = ${idTurno} AND metodo_pago = 'Efectivo'`;
  // Cash rounding (Ley 20.956, docs/pagos.md): the cash parts above are exact; the till took what
  // rounding added to the shift's cash sales (those that count), and gave back what rounding added to
  // its cash refunds and, for sales of another shift voided in this one, to what their void gave back
  // — the same sales and refunds the lines above count.
  const [red] = await tx.$queryRaw<{ total: bigint | null }[]>`
    SELECT (
      coalesce((SELECT sum(v.redondeo) FROM venta v
                WHERE v.id_minimarket = ${idMinimarket} AND v.id_turno = ${idTurno} AND v.estado_venta = ${ESTADO_VENTA_COMPLETADA}), 0)
      - coalesce((SELECT sum(d.redondeo) FROM devolucion d JOIN venta v ON v.id_minimarket = d.id_minimarket AND v.id_venta = d.id_venta
                  WHERE d.id_minimarket = ${idMinimarket} AND d.id_turno = ${idTurno}
                    AND NOT (v.id_turno IS NOT DISTINCT FROM ${idTurno} AND v.estado_venta <> ${ESTADO_VENTA_COMPLETADA})), 0)
      - coalesce((SELECT sum(v.redondeo - coalesce((SELECT sum(d.redondeo) FROM devolucion d
                                                    WHERE d.id_minimarket = v.id_minimarket AND d.id_venta = v.id_venta), 0))
                  FROM venta v
                  WHERE v.id_minimarket = ${idMinimarket} AND v.id_turno_anulacion = ${idTurno}
                    AND v.id_turno IS DISTINCT FROM ${idTurno}), 0)
    )::bigint AS total`;
  return {
    porMetodo,
    ventas: contadas?.ventas ?? 0,
    movimientos,
    porVendedor,
    devoluciones_efectivo: Number(dev?.total ?? 0),
    abonos_efectivo: Number(abonos?.total ?? 0),
    redondeo: Number(red?.total ?? 0),
  };
}
