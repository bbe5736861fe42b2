// The counter's cash shift (/api/caja): open with the starting cash, record cash put in or taken
// out, see the running figures (the "X" report) and close by counting. The arithmetic of a close
// (docs/caja.md): esperado_efectivo = monto_inicial + cash sales' totals (of a split sale, its cash
// part) − cash refunds + cash abonos on customers' accounts + ingresos − retiros + the cash rounding
// (Ley 20.956: what rounding added to the cash sales less what it gave back; docs/pagos.md) (a sale on credit,
// Fiado, is never cash); the change handed back is never cash taken in (a sale's total counts, not
// what was handed over). diferencia = monto_contado − esperado_efectivo, recorded whatever it is. The
// shift's sales and what they brought in are the app's one definition (venta_contada), as every
// screen's; by method, part by part (parte_contada); by person at the till (venta_contada.id_vendedor).
//
// A cashier counts blind (docs/cajeros.md «Arqueo ciego»): what they read of a shift carries no figure
// the expected cash could be worked out from (ciego()); the owner reads it whole. A cashier's cash
// withdrawal needs the owner's PIN; every withdrawal goes to the audit trail.
import {
  MENSAJE_SIN_TURNO,
  MENSAJE_TURNO_ABIERTO,
  MENSAJE_TURNO_CERRADO,
  MENSAJE_TURNO_NO_ENCONTRADO,
  type cierreTurnoSchema,
  type movimientoCajaCreateSchema,
  type Turno,
  type turnoAperturaSchema,
  type turnosQuerySchema,
} from '@minimarket/contracts/caja';
import type { Autorizacion } from '@minimarket/contracts/cajeros';
import { formatClp } from '@minimarket/contracts/formato';
import type { z } from 'zod';
import { esViolacionUnica, type Db, type Tx } from '../../db/client.js';
import { registrarAuditoria } from '../../data/auditoria.js';
import {
  abrirTurno,
  cerrarTurno,
  cuentasDeTurno,
  type FilaTurno,
  horaDeCierre,
  registrarMovimientoCaja,
  turnoAbiertoDe,
  turnoPorId,
  turnosCerrados,
} from '../../data/turno-caja.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { Autorizaciones } from '../cajeros/autorizacion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';

/** The shift's figures now, from its sales and movements. */
async function cifras(tx: Tx, t: FilaTurno): Promise<Turno> {
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

export type CajaService = ReturnType<typeof createCajaService>;

export function createCajaService({ db, acceso, autorizaciones }: { db: Db; acceso: AccesoMinimarket; autorizaciones: Autorizaciones }) {
  /** What this person reads of a shift: whole, or blind for a cashier. */
  const para = (usuario: UsuarioSesion, t: Turno) => (usuario.rol === 'cajero' ? ciego(t) : t);

  const tienda = (usuario: UsuarioSesion, id: number | undefined) => acceso.tiendaPedida(usuario, id);

  /**
   * A shift by its id, locked as asked, if `usuario` may see its shop (else 404: another shop's
   * shift does not exist for them). `FOR SHARE` lets sales and movements run beside each other and
   * makes a close wait for them; the close takes `FOR UPDATE`.
   */
  async function turno(tx: Tx, usuario: UsuarioSesion, idTurno: number, bloqueo: 'FOR SHARE' | 'FOR UPDATE' | '' = ''): Promise<FilaTurno> {
    const t = await turnoPorId(tx, idTurno, bloqueo);
    if (!t) throw notFound(MENSAJE_TURNO_NO_ENCONTRADO, 'SHIFT_NOT_FOUND');
    if (!acceso.puedeVer(usuario, { id_minimarket: t.id_minimarket, id_usuario: t.id_usuario_dueno }))
      throw notFound(MENSAJE_TURNO_NO_ENCONTRADO, 'SHIFT_NOT_FOUND');
    return t;
  }

  async function abierto(tx: Tx, usuario: UsuarioSesion, idTurno: number, bloqueo: 'FOR SHARE' | 'FOR UPDATE') {
    const t = await turno(tx, usuario, idTurno, bloqueo);
    if (t.cerrado_en) throw conflict(MENSAJE_TURNO_CERRADO, 'SHIFT_CLOSED');
    return t;
  }

  /**
   * A closed shift as its close left it. Reports closed before ventas_efectivo and total_ventas
   * existed had, per method, what was charged: that is their cash sales and their total.
   */
  const cerrado = (t: FilaTurno): Turno => {
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
  };

  return {
    async abrir(usuario: UsuarioSesion, body: z.output<typeof turnoAperturaSchema>): Promise<Turno> {
      const idMinimarket = await tienda(usuario, body.id_minimarket);
      try {
        return await db.$transaction(async (tx) => {
          const id = await abrirTurno(tx, idMinimarket, usuario.id_usuario, body.monto_inicial);
          return para(usuario, await cifras(tx, await turno(tx, usuario, id)));
        });
      } catch (err) {
        if (esViolacionUnica(err)) throw conflict(MENSAJE_TURNO_ABIERTO, 'SHIFT_ALREADY_OPEN');
        throw err;
      }
    },

    /** The open shift with its running figures (the "X" report), or 404. */
    async actual(usuario: UsuarioSesion, idMinimarket: number | undefined): Promise<Turno> {
      const id = await tienda(usuario, idMinimarket);
      const t = await turnoAbiertoDe(db, id);
      if (!t) throw notFound(MENSAJE_SIN_TURNO, 'NO_OPEN_SHIFT');
      return para(usuario, await cifras(db, t));
    },

    /** Cash put in or taken out. A cashier's withdrawal needs the owner's PIN (asked before anything changes). */
    async movimiento(usuario: UsuarioSesion, idTurno: number, body: z.output<typeof movimientoCajaCreateSchema>): Promise<Turno> {
      const { id_minimarket } = await turno(db, usuario, idTurno);
      const idAutorizador =
        body.tipo === 'retiro'
          ? await autorizaciones.exigir(usuario, id_minimarket, 'retiro_caja', body.autorizacion as Autorizacion | undefined)
          : null;
      return db.$transaction(async (tx) => {
        const t = await abierto(tx, usuario, idTurno, 'FOR SHARE');
        await registrarMovimientoCaja(tx, {
          idMinimarket: t.id_minimarket,
          idTurno,
          tipo: body.tipo,
          monto: body.monto,
          motivo: body.motivo,
          idUsuario: usuario.id_usuario,
          idAutorizador,
        });
        if (body.tipo === 'retiro') {
          await registrarAuditoria(tx, {
            id_minimarket: t.id_minimarket,
            accion: 'retiro_caja',
            id_usuario: usuario.id_usuario,
            id_autorizador: idAutorizador,
            detalle: `Retiró ${formatClp(body.monto)} de la caja: ${body.motivo}`,
            datos: { id_turno: idTurno },
          });
        }
        return para(usuario, await cifras(tx, t));
      });
    },

    /**
     * Closes by the count; a difference is recorded, never refused. Closing twice → 409. A cashier
     * reads back only what they counted (blind).
     */
    async cerrar(usuario: UsuarioSesion, idTurno: number, body: z.output<typeof cierreTurnoSchema>): Promise<Turno> {
      const informe = await db.$transaction(async (tx) => {
        const t = await abierto(tx, usuario, idTurno, 'FOR UPDATE');
        const x = await cifras(tx, t);
        const esperado = x.esperado_efectivo!;
        const diferencia = body.monto_contado - esperado;
        const ahora = await horaDeCierre(tx);
        const informe: Turno = {
          ...x,
          monto_contado: body.monto_contado,
          diferencia,
          cerrado_en: ahora.toISOString(),
          nombre_usuario_cierre: usuario.nombre,
        };
        await cerrarTurno(tx, {
          idMinimarket: t.id_minimarket,
          idTurno,
          idUsuario: usuario.id_usuario,
          montoContado: body.monto_contado,
          esperado,
          diferencia,
          resumen: informe,
        });
        return informe;
      });
      return para(usuario, informe);
    },

    /** Closed shifts, newest first, each with its close report. */
    async listar(usuario: UsuarioSesion, q: z.output<typeof turnosQuerySchema>): Promise<{ turnos: Turno[]; total: number }> {
      const id = await tienda(usuario, q.id_minimarket);
      const { filas, total } = await turnosCerrados(db, id, { skip: q.skip, limit: q.limit });
      return { turnos: filas.map(cerrado), total };
    },
  };
}
