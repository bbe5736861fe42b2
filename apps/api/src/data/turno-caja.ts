// turno_caja and movimiento_caja: the counter's cash shift. A movement never exists outside its
// shift, so both live here. Sales join a shift inside registrar_venta (data/venta.ts).
import type { Tx } from '../db/client.js';

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
