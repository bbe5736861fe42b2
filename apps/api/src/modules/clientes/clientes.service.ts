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
import { esViolacionUnica, Prisma, type Db } from '../../db/client.js';
import { escaparLike } from '../../db/like.js';
import { registrarAbono } from '../../data/abono.js';
import { actualizarCliente, clienteBajoCandado, crearCliente, desactivarCliente, saldoCliente } from '../../data/cliente.js';
import { turnoAbiertoCompartido } from '../../data/turno-caja.js';
import { conflict, notFound } from '../../lib/errors.js';
import { zonedToUtc } from '../../lib/tiempo.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';

type ClientesQuery = z.output<typeof clientesQuerySchema>;

interface FilaCliente {
  id_cliente: number;
  id_minimarket: number;
  nombre: string;
  rut: string | null;
  telefono: string | null;
  direccion: string | null;
  limite_credito: number | null;
  notas: string | null;
  activo: boolean;
  fecha_creacion: Date;
  saldo_inicial: number;
  saldo_inicial_desde: Date;
  saldo: bigint;
  compra_impaga_desde: Date | null;
}

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

/**
 * Customers of one shop with their balance and the oldest purchase not yet paid, both from
 * saldos_clientes (prisma/funciones: the one reading of cuenta_cliente that says which purchase
 * is unpaid; credits settle purchases oldest first). `donde` narrows the customers (a search, one id).
 */
function consultaClientes(idMinimarket: number, donde: Prisma.Sql, orden: Prisma.Sql, pagina: Prisma.Sql = Prisma.empty) {
  return Prisma.sql`
    SELECT c.id_cliente, c.id_minimarket, c.nombre, c.rut, c.telefono, c.direccion, c.limite_credito, c.notas,
           c.activo, c.fecha_creacion, c.saldo_inicial, coalesce(c.saldo_inicial_desde, c.fecha_creacion) AS saldo_inicial_desde,
           coalesce(s.saldo, 0)::bigint AS saldo, s.compra_impaga_desde
    FROM cliente c
    LEFT JOIN saldos_clientes(${idMinimarket}::int) s ON s.id_cliente = c.id_cliente
    WHERE c.id_minimarket = ${idMinimarket} AND ${donde}
    ORDER BY ${orden}
    ${pagina}`;
}

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
    const c = await db.cliente.findFirst({
      where: { id_cliente: idCliente },
      select: { id_minimarket: true, minimarket: { select: { id_usuario: true, nombre_minimarket: true } } },
    });
    if (!c || !acceso.puedeVer(usuario, { id_minimarket: c.id_minimarket, id_usuario: c.minimarket.id_usuario })) throw noEncontrado();
    return c;
  }

  async function leer(idMinimarket: number, idCliente: number): Promise<Cliente> {
    const [fila] = await db.$queryRaw<FilaCliente[]>(
      consultaClientes(idMinimarket, Prisma.sql`c.id_cliente = ${idCliente}`, Prisma.sql`c.id_cliente`),
    );
    if (!fila) throw noEncontrado();
    return toClienteDto(fila);
  }

  return {
    async list(usuario: UsuarioSesion, q: ClientesQuery) {
      await acceso.assertAcceso(usuario, q.id_minimarket);
      const termino = q.search ? escaparLike(q.search) : null;
      const donde = Prisma.sql`${q.inactivos ? Prisma.sql`true` : Prisma.sql`c.activo`}
        ${termino ? Prisma.sql`AND (c.nombre_busqueda LIKE '%' || texto_busqueda(${termino}) || '%' OR c.rut = ${q.search!.replace(/[.\s]/g, '').toUpperCase()})` : Prisma.empty}`;
      const orden = q.orden === 'deuda' ? Prisma.sql`saldo DESC, c.nombre, c.id_cliente` : Prisma.sql`c.nombre, c.id_cliente`;
      const [filas, [totales]] = await Promise.all([
        db.$queryRaw<FilaCliente[]>(consultaClientes(q.id_minimarket, donde, orden, Prisma.sql`LIMIT ${q.limit} OFFSET ${q.skip}`)),
        db.$queryRaw<{ total: number; por_cobrar: bigint }[]>`
          SELECT (SELECT count(*)::int FROM cliente c WHERE c.id_minimarket = ${q.id_minimarket} AND ${donde}) AS total,
                 (SELECT coalesce(sum(cargo - abono), 0)::bigint FROM cuenta_cliente WHERE id_minimarket = ${q.id_minimarket}) AS por_cobrar`,
      ]);
      return { clientes: filas.map(toClienteDto), total: totales?.total ?? 0, por_cobrar: Number(totales?.por_cobrar ?? 0) };
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
      const filas = await db.$queryRaw<
        {
          fecha: Date;
          tipo: MovimientoCuenta['tipo'];
          id_venta: number | null;
          numero_venta: number | null;
          id_venta_csv: string | null;
          metodo_pago: MetodoAbono | null;
          cargo: number;
          abono: number;
          saldo: bigint;
        }[]
      >`
        SELECT m.fecha, m.tipo, m.id_venta, v.numero_venta, v.id_venta_csv, m.metodo_pago, m.cargo, m.abono,
               sum(m.cargo - m.abono) OVER (ORDER BY m.fecha, m.tipo IN ('compra', 'saldo_inicial') DESC, coalesce(m.id_venta, m.id_abono)
                                            ROWS UNBOUNDED PRECEDING)::bigint AS saldo
        FROM cuenta_cliente m
        LEFT JOIN venta v ON v.id_minimarket = m.id_minimarket AND v.id_venta = m.id_venta
        WHERE m.id_minimarket = ${id_minimarket} AND m.id_cliente = ${id}
        ORDER BY m.fecha, m.tipo IN ('compra', 'saldo_inicial') DESC, coalesce(m.id_venta, m.id_abono)`;
      // Each purchase's items, as sold: one read for the whole statement.
      const compras = filas.filter((f) => f.tipo === 'compra' && f.id_venta !== null).map((f) => f.id_venta!);
      const lineas =
        compras.length === 0
          ? []
          : await db.$queryRaw<(LineaCompraCuenta & { id_venta: number })[]>`
              SELECT id_venta, nombre_producto, num_unidades, unidad, subtotal FROM detalle_venta
              WHERE id_minimarket = ${id_minimarket} AND id_venta = ANY(${compras}::bigint[])
              ORDER BY id_venta, id_detalle_venta`;
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
