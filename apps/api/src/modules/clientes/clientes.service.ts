// La libreta de fiado (issue #21, docs/fiado.md): a shop's customers with what each owes, their
// statement (estado-cuenta.ts), and payments on account. Every balance here is read from the view
// cuenta_cliente (the one definition); writes that depend on it (an abono; a fiado sale in
// registrar_venta) take the customer's row lock first, so they take turns on an exact balance.
import {
  type abonoCreateSchema,
  type clienteCreateSchema,
  type clientesQuerySchema,
  type clienteUpdateSchema,
  type MetodoAbono,
  MENSAJE_RUT_DUPLICADO,
  mensajeAbonoExcede,
  mensajeEliminarConSaldo,
} from '@minimarket/contracts/clientes';
import type { z } from 'zod';
import { esViolacionUnica, type Db } from '../../db/client.js';
import { registrarAbono } from '../../data/abono.js';
import {
  actualizarCliente,
  clienteBajoCandado,
  crearCliente,
  desactivarCliente,
  listarClientes,
  saldoCliente,
} from '../../data/cliente.js';
import { turnoAbiertoCompartido } from '../../data/turno-caja.js';
import { conflict } from '../../lib/errors.js';
import { zonedToUtc } from '../../lib/tiempo.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { clienteNoEncontrado, clientesVisibles, toClienteDto } from './cliente.js';
import { createEstadoCuenta } from './estado-cuenta.js';

/** A write refused by the shop's unique RUT: 409; anything else as it came. */
async function sinRutDuplicado<T>(escribir: () => Promise<T>): Promise<T> {
  try {
    return await escribir();
  } catch (err) {
    if (esViolacionUnica(err)) throw conflict(MENSAJE_RUT_DUPLICADO, 'DUPLICATE_RUT');
    throw err;
  }
}

export type ClientesService = ReturnType<typeof createClientesService>;

export function createClientesService({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  const visibles = clientesVisibles({ db, acceso });
  const { visible, leer } = visibles;

  return {
    async list(usuario: UsuarioSesion, q: z.output<typeof clientesQuerySchema>) {
      await acceso.assertAcceso(usuario, q.id_minimarket);
      const { filas, total, por_cobrar } = await listarClientes(
        db,
        { idMinimarket: q.id_minimarket, inactivos: q.inactivos, search: q.search, orden: q.orden === 'deuda' ? 'deuda' : 'nombre' },
        { skip: q.skip, limit: q.limit },
      );
      return { clientes: filas.map(toClienteDto), total, por_cobrar };
    },

    async get(usuario: UsuarioSesion, id: number) {
      const { id_minimarket } = await visible(usuario, id);
      return leer(id_minimarket, id);
    },

    async create(usuario: UsuarioSesion, data: z.output<typeof clienteCreateSchema>) {
      await acceso.assertAcceso(usuario, data.id_minimarket);
      const c = await sinRutDuplicado(() =>
        crearCliente(db, {
          id_minimarket: data.id_minimarket,
          nombre: data.nombre,
          rut: data.rut ?? null,
          telefono: data.telefono ?? null,
          direccion: data.direccion ?? null,
          limite_credito: data.limite_credito ?? null,
          notas: data.notas ?? null,
          activo: data.activo ?? true,
          // The notebook's debt, only now: afterwards abonos lower it (PUT refuses it).
          saldo_inicial: data.saldo_inicial ?? 0,
          saldo_inicial_desde: data.saldo_inicial && data.saldo_inicial_desde ? zonedToUtc(data.saldo_inicial_desde) : null,
        }),
      );
      return leer(c.id_minimarket, c.id_cliente);
    },

    async update(usuario: UsuarioSesion, id: number, data: z.output<typeof clienteUpdateSchema>) {
      const { id_minimarket } = await visible(usuario, id);
      const { saldo_inicial: _s, saldo_inicial_desde: _d, ...cambios } = data;
      await sinRutDuplicado(() => actualizarCliente(db, id_minimarket, id, cambios));
      return leer(id_minimarket, id);
    },

    /** Out of the lists, its history kept; refused while the customer owes (or is owed) anything. */
    async remove(usuario: UsuarioSesion, id: number) {
      const { id_minimarket } = await visible(usuario, id);
      await db.$transaction(async (tx) => {
        const c = await clienteBajoCandado(tx, id_minimarket, id);
        if (!c) throw clienteNoEncontrado();
        if (c.saldo !== 0) throw conflict(mensajeEliminarConSaldo(c.saldo), 'CLIENT_HAS_BALANCE');
        await desactivarCliente(tx, id_minimarket, id);
      });
    },

    /**
     * A payment on account, under the customer's lock: never more than the balance (a fiado sale
     * racing it waits for it). A cash abono joins the open shift (its expected cash counts it).
     */
    async abonar(usuario: UsuarioSesion, id: number, data: z.output<typeof abonoCreateSchema>) {
      const { id_minimarket } = await visible(usuario, id);
      return db.$transaction(async (tx) => {
        const c = await clienteBajoCandado(tx, id_minimarket, id);
        if (!c) throw clienteNoEncontrado();
        if (data.monto > c.saldo) throw conflict(mensajeAbonoExcede(c.saldo), 'PAYMENT_EXCEEDS_BALANCE');
        const idTurno = await turnoAbiertoCompartido(tx, id_minimarket);
        const a = await registrarAbono(tx, {
          idMinimarket: id_minimarket,
          idCliente: id,
          monto: data.monto,
          metodoPago: data.metodo_pago,
          idUsuario: usuario.id_usuario,
          idTurno,
        });
        return {
          abono: {
            id_abono: a.id_abono,
            id_cliente: a.id_cliente,
            monto: a.monto,
            metodo_pago: a.metodo_pago as MetodoAbono,
            fecha: a.fecha.toISOString(),
            id_turno: a.id_turno,
            nombre_usuario: a.usuario?.nombre ?? null,
          },
          saldo: await saldoCliente(tx, id_minimarket, id),
        };
      });
    },

    estadoCuenta: createEstadoCuenta({ db, visibles }),
  };
}
