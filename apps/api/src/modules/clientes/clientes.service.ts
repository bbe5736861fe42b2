// La libreta de fiado (issue #21, docs/fiado.md): a shop's customers with what each owes, their
// statement, and payments on account. Every balance here is read from the view cuenta_cliente (the
// one definition); writes that depend on it (an abono; a fiado sale in registrar_venta) take the
// customer's row lock first, so they take turns on an exact balance.
import {
  type abonoCreateSchema,
  type Cliente,
  type clienteCreateSchema,
  type clientesQuerySchema,
  type clienteUpdateSchema,
  DESCRIPCION_SALDO_INICIAL,
  type EstadoCuenta,
  type LineaCompraCuenta,
  type MetodoAbono,
  MENSAJE_CLIENTE_NO_ENCONTRADO,
  MENSAJE_RUT_DUPLICADO,
  mensajeAbonoExcede,
  mensajeEliminarConSaldo,
  type MovimientoCuenta,
} from '@minimarket/contracts/clientes';
import { formatRut } from '@minimarket/contracts/rut';
import { referenciaVenta } from '@minimarket/contracts/ventas';
import type { z } from 'zod';
import { esViolacionUnica, type Db } from '../../db/client.js';
import { registrarAbono } from '../../data/abono.js';
import {
  actualizarCliente,
  clienteBajoCandado,
  clienteConSaldo,
  clienteConTienda,
  crearCliente,
  desactivarCliente,
  type FilaCliente,
  listarClientes,
  movimientosDeCuenta,
  saldoCliente,
} from '../../data/cliente.js';
import { turnoAbiertoCompartido } from '../../data/turno-caja.js';
import { lineasDeVentas } from '../../data/venta-lecturas.js';
import { conflict, notFound } from '../../lib/errors.js';
import { zonedToUtc } from '../../lib/tiempo.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';

type ClientesQuery = z.output<typeof clientesQuerySchema>;

const toClienteDto = (c: FilaCliente): Cliente => ({
  id_cliente: c.id_cliente,
  id_minimarket: c.id_minimarket,
  nombre: c.nombre,
  rut: c.rut === null ? null : formatRut(c.rut),
  telefono: c.telefono,
  direccion: c.direccion,
  limite_credito: c.limite_credito,
  notas: c.notas,
  activo: c.activo,
  saldo: Number(c.saldo),
  compra_impaga_desde: c.compra_impaga_desde?.toISOString() ?? null,
  saldo_inicial: c.saldo_inicial,
  saldo_inicial_desde: c.saldo_inicial > 0 ? c.saldo_inicial_desde.toISOString() : null,
  fecha_creacion: c.fecha_creacion.toISOString(),
});

const noEncontrado = () => notFound(MENSAJE_CLIENTE_NO_ENCONTRADO, 'CLIENT_NOT_FOUND');
const rutDuplicado = () => conflict(MENSAJE_RUT_DUPLICADO, 'DUPLICATE_RUT');

const DESCRIPCION_ABONO: Record<MetodoAbono, string> = {
  Efectivo: 'Abono en efectivo',
  'Tarjeta de Débito': 'Abono con tarjeta de débito',
  'Tarjeta de Crédito': 'Abono con tarjeta de crédito',
  'Transferencia Bancaria': 'Abono por transferencia',
};

export type ClientesService = ReturnType<typeof createClientesService>;

export function createClientesService({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  /** A customer the user may reach, by its id alone (as /productos/{id}); anything else is 404. */
  async function visible(usuario: UsuarioSesion, idCliente: number) {
    const c = await clienteConTienda(db, idCliente);
    if (!c || !acceso.puedeVer(usuario, { id_minimarket: c.id_minimarket, id_usuario: c.minimarket.id_usuario })) throw noEncontrado();
    return c;
  }

  async function leer(idMinimarket: number, idCliente: number): Promise<Cliente> {
    const fila = await clienteConSaldo(db, idMinimarket, idCliente);
    if (!fila) throw noEncontrado();
    return toClienteDto(fila);
  }

  return {
    async list(usuario: UsuarioSesion, q: ClientesQuery) {
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
      try {
        const c = await crearCliente(db, {
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
        });
        return leer(c.id_minimarket, c.id_cliente);
      } catch (err) {
        if (esViolacionUnica(err)) throw rutDuplicado();
        throw err;
      }
    },

    async update(usuario: UsuarioSesion, id: number, data: z.output<typeof clienteUpdateSchema>) {
      const { id_minimarket } = await visible(usuario, id);
      const { saldo_inicial: _s, saldo_inicial_desde: _d, ...cambios } = data;
      try {
        await actualizarCliente(db, id_minimarket, id, cambios);
      } catch (err) {
        if (esViolacionUnica(err)) throw rutDuplicado();
        throw err;
      }
      return leer(id_minimarket, id);
    },

    /** Out of the lists, its history kept; refused while the customer owes (or is owed) anything. */
    async remove(usuario: UsuarioSesion, id: number) {
      const { id_minimarket } = await visible(usuario, id);
      await db.$transaction(async (tx) => {
        const c = await clienteBajoCandado(tx, id_minimarket, id);
        if (!c) throw noEncontrado();
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
        if (!c) throw noEncontrado();
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

    /** Every movement, oldest first, with the balance after each; the last one is `saldo`. */
    async estadoCuenta(usuario: UsuarioSesion, id: number): Promise<EstadoCuenta> {
      const { id_minimarket } = await visible(usuario, id);
      const cliente = await leer(id_minimarket, id);
      const filas = await movimientosDeCuenta(db, id_minimarket, id);
      // Each purchase's items, as sold: one read for the whole statement.
      const compras = filas.filter((f) => f.tipo === 'compra' && f.id_venta !== null).map((f) => f.id_venta!);
      const lineas = compras.length === 0 ? [] : await lineasDeVentas(db, id_minimarket, compras);
      const detallesDe = new Map<number, LineaCompraCuenta[]>();
      for (const { id_venta, ...l } of lineas) detallesDe.set(id_venta, [...(detallesDe.get(id_venta) ?? []), l]);
      const movimientos = filas.map((f): MovimientoCuenta => {
        const venta =
          f.id_venta === null ? '' : referenciaVenta({ id_venta: f.id_venta, numero_venta: f.numero_venta, id_venta_csv: f.id_venta_csv });
        const descripcion =
          f.tipo === 'saldo_inicial'
            ? DESCRIPCION_SALDO_INICIAL
            : f.tipo === 'compra'
              ? `Compra ${venta}`
              : f.tipo === 'devolucion'
                ? `Devolución de la venta ${venta}`
                : f.tipo === 'anulacion'
                  ? `Anulación de la venta ${venta}`
                  : DESCRIPCION_ABONO[f.metodo_pago!];
        return {
          fecha: f.fecha.toISOString(),
          tipo: f.tipo,
          descripcion,
          id_venta: f.id_venta,
          cargo: f.cargo,
          abono: f.abono,
          saldo: Number(f.saldo),
          detalles: f.tipo === 'compra' && f.id_venta !== null ? (detallesDe.get(f.id_venta) ?? []) : [],
        };
      });
      return { cliente, movimientos, saldo: cliente.saldo };
    },
  };
}
