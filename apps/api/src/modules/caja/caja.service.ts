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
// the expected cash could be worked out from (ciego(), cifras.ts); the owner reads it whole. A cashier's cash
// withdrawal needs the owner's PIN; every withdrawal goes to the audit trail.
import {
  MENSAJE_SIN_TURNO,
  MENSAJE_TURNO_ABIERTO,
  type cierreTurnoSchema,
  type movimientoCajaCreateSchema,
  type Turno,
  type turnoAperturaSchema,
  type turnosQuerySchema,
} from '@minimarket/contracts/caja';
import type { Autorizacion } from '@minimarket/contracts/cajeros';
import { formatClp } from '@minimarket/contracts/formato';
import type { z } from 'zod';
import { esViolacionUnica, type Db } from '../../db/client.js';
import { registrarAuditoria } from '../../data/auditoria.js';
import { abrirTurno, cerrarTurno, horaDeCierre, registrarMovimientoCaja, turnoAbiertoDe, turnosCerrados } from '../../data/turno-caja.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { Autorizaciones } from '../cajeros/autorizacion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { cerrado, ciego, cifras } from './cifras.js';
import { turnosVisibles } from './turno-visible.js';

export type CajaService = ReturnType<typeof createCajaService>;

export function createCajaService({ db, acceso, autorizaciones }: { db: Db; acceso: AccesoMinimarket; autorizaciones: Autorizaciones }) {
  /** What this person reads of a shift: whole, or blind for a cashier. */
  const para = (usuario: UsuarioSesion, t: Turno) => (usuario.rol === 'cajero' ? ciego(t) : t);

  const tienda = (usuario: UsuarioSesion, id: number | undefined) => acceso.tiendaPedida(usuario, id);

  const { turno, abierto } = turnosVisibles(acceso);

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
    async listar(usuario: UsuarioSesion, q: z.output<typeof turnosQuerySchema>): Promise<{ items: Turno[]; total: number }> {
      const id = await tienda(usuario, q.id_minimarket);
      const { filas, total } = await turnosCerrados(db, id, { skip: q.skip, limit: q.limit });
      return { items: filas.map(cerrado), total };
    },
  };
}
