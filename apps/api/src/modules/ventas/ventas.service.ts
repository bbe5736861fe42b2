// Sales after they are made: Transacciones' list, one sale, its receipt, a void and a return, and
// the sales refused for good on their way from a device's outbox. Recording one is registrar.ts. A
// cashier's void or return needs the owner's PIN (docs/cajeros.md «La autorización del dueño»); every
// void and return goes to the shop's audit trail with who did it and who approved it.
import type { z } from 'zod';
import { ESTADO_VENTA_COMPLETADA, METODO_MIXTO, type MetodoPago } from '@minimarket/contracts/comunes';
import { contarCantidad } from '@minimarket/contracts/cantidad';
import { formatClp } from '@minimarket/contracts/formato';
import { montoADevolver, type UnidadVenta } from '@minimarket/contracts/granel';
import { MAX_ENTERO } from '@minimarket/contracts/reglas';
import { formatRut } from '@minimarket/contracts/rut';
import {
  MENSAJE_DEVOLUCION_VENTA_ANULADA,
  MENSAJE_PRODUCTO_NO_EN_VENTA,
  MENSAJE_VENTA_YA_ANULADA,
  type Devolucion,
  type devolucionCreateSchema,
  type Pago,
  referenciaVenta,
  redondeoDePagos,
  type resolucionRechazadaSchema,
  type VentaRechazada,
  type ventaCreateSchema,
  type ventasQuerySchema,
  type ventasRechazadasQuerySchema,
  vueltoDeVenta,
} from '@minimarket/contracts/ventas';
import type { Autorizacion } from '@minimarket/contracts/cajeros';
import { desgloseIva, LEYENDA_COMPROBANTE, type Boleta } from '@minimarket/contracts/caja';
import type { Db, Tx } from '../../db/client.js';
import { conflict, notFound, validation } from '../../lib/errors.js';
import { zonedToUtc } from '../../lib/tiempo.js';
import { registrarAuditoria } from '../../data/auditoria.js';
import { devolverUnidades } from '../../data/producto.js';
import { pagosDeVenta, registrarDevolucion } from '../../data/devolucion.js';
import {
  anularVenta,
  listarVentas,
  unidadesPorDevolver,
  tiendaDeVenta,
  ventaBloqueada,
  ventaConDetalles,
  ventaConDueno,
  ventaParaBoleta,
} from '../../data/venta.js';
import { listarRechazadas, resolverRechazada } from '../../data/venta-rechazada.js';
import { turnoAbiertoCompartido } from '../../data/turno-caja.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import { boletaElectronicaDeVenta } from '../boletas/boleta-de-venta.js';
import type { Autorizaciones } from '../cajeros/autorizacion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { repartirDevolucion } from './reparto-devolucion.js';
import { createRegistrarVenta } from './registrar.js';
import { type DatosRechazo, errorDeRechazo } from './rechazos.js';
import { partesDePago, toVentaDto } from './ventas.mapper.js';

type VentaCreate = z.output<typeof ventaCreateSchema>;
type VentasQuery = z.output<typeof ventasQuerySchema>;

export const MENSAJE_VENTA_NO_ENCONTRADA = 'Venta no encontrada.';
export const MENSAJE_RECHAZADA_NO_ENCONTRADA = 'No hay una venta rechazada por resolver con ese número.';

/**
 * What the Transacciones search box asks for: a sale number ("12", "#12", "N° 12", "n°12") or, as
 * typed, the id a sale had in an imported file. A number past any integer matches no number.
 */
function ventaBuscada(texto: string) {
  const digitos = /^(?:#|n[°º.]?\s*)?(\d{1,10})$/i.exec(texto.replace(/\s+/g, ' ').trim());
  const numero = digitos ? Number(digitos[1]) : null;
  return { numero: numero !== null && numero >= 1 && numero <= MAX_ENTERO ? numero : null, idCsv: texto };
}

/** A set-aside sale as the owner reads it: the cart as the device sent it, and the refusal in words. */
function toRechazadaDto(f: Awaited<ReturnType<typeof listarRechazadas>>['filas'][number]): VentaRechazada {
  const c = f.cuerpo as Partial<VentaCreate> & { detalles?: Array<{ nombre_producto?: string; num_unidades: number; subtotal: number }> };
  return {
    id_venta_rechazada: f.id_venta_rechazada,
    fecha: f.fecha.toISOString(),
    id_usuario: f.id_usuario,
    nombre_usuario: f.nombre_usuario,
    motivo: errorDeRechazo(f.datos as unknown as DatosRechazo, c.origen === 'offline').message,
    code: f.code,
    referencia_local: c.referencia_local ?? null,
    fecha_venta: c.fecha_venta ?? null,
    total: c.total ?? 0,
    metodo_pago: c.metodo_pago ?? '',
    lineas: (c.detalles ?? []).map((d) => ({
      nombre_producto: d.nombre_producto ?? '',
      num_unidades: d.num_unidades,
      subtotal: d.subtotal,
    })),
    resuelta_en: f.resuelta_en?.toISOString() ?? null,
    nombre_resuelta_por: f.nombre_resuelta_por,
    nota_resolucion: f.nota_resolucion,
  };
}

export type VentasService = ReturnType<typeof createVentasService>;

export function createVentasService({ db, acceso, autorizaciones }: { db: Db; acceso: AccesoMinimarket; autorizaciones: Autorizaciones }) {
  const registro = createRegistrarVenta({ db, acceso, autorizaciones });

  /** The shop of a sale the caller may see (else 404, as if it did not exist). */
  async function tiendaVisible(usuario: UsuarioSesion, id: number): Promise<number> {
    const tienda = await tiendaDeVenta(db, id);
    const m = tienda === null ? null : await db.minimarket.findUnique({ where: { id_minimarket: tienda }, select: { id_usuario: true } });
    if (tienda === null || !m || !acceso.puedeVer(usuario, { id_minimarket: tienda, id_usuario: m.id_usuario })) {
      throw notFound(MENSAJE_VENTA_NO_ENCONTRADA, 'SALE_NOT_FOUND');
    }
    return tienda;
  }

  /** A sale under its row lock (a second void or return of it waits for this transaction). */
  async function bloqueada(tx: Tx, idMinimarket: number, id: number) {
    const v = await ventaBloqueada(tx, idMinimarket, id);
    if (!v) throw notFound(MENSAJE_VENTA_NO_ENCONTRADA, 'SALE_NOT_FOUND');
    return v;
  }

  return {
    create: (usuario: UsuarioSesion, data: VentaCreate, idempotencyKey?: string) => registro.registrar(usuario, data, idempotencyKey),

    async list(usuario: UsuarioSesion, q: VentasQuery) {
      await acceso.assertAcceso(usuario, q.id_minimarket);
      const buscada = q.search ? ventaBuscada(q.search) : undefined;
      const r = await listarVentas(
        db,
        {
          idMinimarket: q.id_minimarket,
          buscada,
          desde: q.start_date ? zonedToUtc(q.start_date) : undefined,
          // The whole last second counts: 23:59:59 means up to 23:59:59.999.
          hasta: q.end_date ? new Date(zonedToUtc(q.end_date).getTime() + 999) : undefined,
          idVendedor: q.id_vendedor,
          origen: q.origen,
          conAlertas: q.con_alertas,
        },
        { skip: q.skip, take: q.limit },
      );
      return { sales: r.filas.map(toVentaDto), total: r.total, ventas_completadas: r.ventasContadas, monto_total: r.ingresos };
    },

    async get(usuario: UsuarioSesion, id: number) {
      const venta = await ventaConDueno(db, id);
      if (!venta || !acceso.puedeVer(usuario, { id_minimarket: venta.id_minimarket, id_usuario: venta.minimarket.id_usuario })) {
        throw notFound(MENSAJE_VENTA_NO_ENCONTRADA, 'SALE_NOT_FOUND');
      }
      return toVentaDto(venta);
    },

    /**
     * Voids a whole sale: under the sale's row lock (a second void waits, then finds it voided: 409),
     * 'Anulada' with who, who approved, when and why, every unit back through the ledger, its day
     * summed again, and an entry in the audit trail.
     */
    async anular(usuario: UsuarioSesion, id: number, motivo: string, autorizacion?: Autorizacion) {
      const idMinimarket = await tiendaVisible(usuario, id);
      const idAutorizador = await autorizaciones.exigir(usuario, idMinimarket, 'anulacion', autorizacion);
      await db.$transaction(async (tx) => {
        const v = await bloqueada(tx, idMinimarket, id);
        if (v.estado_venta !== ESTADO_VENTA_COMPLETADA) throw conflict(MENSAJE_VENTA_YA_ANULADA, 'SALE_ALREADY_VOIDED');
        const idTurno = await turnoAbiertoCompartido(tx, idMinimarket);
        await anularVenta(tx, {
          idMinimarket,
          idVenta: id,
          fechaVenta: v.fecha_venta,
          idUsuario: usuario.id_usuario,
          motivo,
          idTurno,
          idAutorizador,
        });
        // What is still out: sold minus what was already returned.
        const unidades = (await unidadesPorDevolver(tx, idMinimarket, id))
          .map((p) => ({ id_producto: p.id_producto, cantidad: p.quedan }))
          .filter((u) => u.cantidad > 0);
        await devolverUnidades(tx, {
          idMinimarket,
          idVenta: id,
          idUsuario: usuario.id_usuario,
          tipo: 'anulacion',
          motivo: `Anulación de la venta ${referenciaVenta(v)}`,
          unidades,
        });
        await registrarAuditoria(tx, {
          id_minimarket: idMinimarket,
          accion: 'anulacion',
          id_usuario: usuario.id_usuario,
          id_autorizador: idAutorizador,
          detalle: `Anuló la venta ${referenciaVenta(v)} (${formatClp(v.total)}): ${motivo}`,
          datos: { id_venta: id },
        });
      });
      return toVentaDto(await ventaConDetalles(db, idMinimarket, id));
    },

    /**
     * Returns part of a sale: at most what was sold minus what was already returned (409 beyond),
     * refunded at the price paid, the units back through the ledger, its day summed again, an entry
     * in the audit trail. Under the sale's row lock, so two returns (or a return and a void) of one
     * sale take turns.
     */
    async devolver(usuario: UsuarioSesion, id: number, body: z.output<typeof devolucionCreateSchema>): Promise<Devolucion> {
      const idMinimarket = await tiendaVisible(usuario, id);
      const idAutorizador = await autorizaciones.exigir(usuario, idMinimarket, 'devolucion', body.autorizacion);
      const idDevolucion = await db.$transaction(async (tx) => {
        const v = await bloqueada(tx, idMinimarket, id);
        if (v.estado_venta !== ESTADO_VENTA_COMPLETADA) throw conflict(MENSAJE_DEVOLUCION_VENTA_ANULADA, 'SALE_VOIDED');
        const disponibles = new Map((await unidadesPorDevolver(tx, idMinimarket, id)).map((p) => [p.id_producto, p]));
        const pedidas = new Map<number, number>();
        for (const d of body.detalles) pedidas.set(d.id_producto, (pedidas.get(d.id_producto) ?? 0) + d.num_unidades);
        const lineas = [...pedidas].map(([idProducto, cantidad]) => {
          const p = disponibles.get(idProducto);
          if (!p) throw validation(MENSAJE_PRODUCTO_NO_EN_VENTA, [{ campo: 'detalles', mensaje: MENSAJE_PRODUCTO_NO_EN_VENTA }]);
          const unidad = p.unidad as UnidadVenta;
          if (cantidad > p.quedan)
            throw conflict(
              `De "${p.nombre_producto}" ${p.quedan === 1 && unidad === 'unidad' ? 'queda' : 'quedan'} ${contarCantidad(p.quedan, unidad)} por devolver.`,
              'RETURN_EXCEEDS_SALE',
            );
          return {
            id_producto: idProducto,
            num_unidades: cantidad,
            precio_unitario: p.precio_unitario,
            subtotal: montoADevolver({
              unidad,
              precio: p.precio_unitario,
              cantidad,
              quedan: p.quedan,
              porReembolsar: p.por_reembolsar,
              proporcional: p.proporcional,
            }),
            costo_unitario: p.costo_unitario,
            categoria: p.categoria,
          };
        });
        const idTurno = await turnoAbiertoCompartido(tx, idMinimarket);
        const total = lineas.reduce((s, l) => s + l.subtotal, 0);
        // A split sale gives back fiado first, then cash, then the rest (reparto-devolucion.ts).
        let pagos: Pago[] | null = null;
        if (v.metodo_pago === METODO_MIXTO) {
          const { partes, devuelto } = await pagosDeVenta(tx, idMinimarket, id);
          pagos = repartirDevolucion(total, partes, devuelto);
        }
        // Cash goes back rounded as it was paid (Ley 20.956): refunding $3.146 in cash gives back $3.150.
        const redondeo = redondeoDePagos(pagos ?? [{ metodo_pago: v.metodo_pago as MetodoPago, monto: total }]);
        const nueva = await registrarDevolucion(tx, {
          idMinimarket,
          idVenta: id,
          fechaVenta: v.fecha_venta,
          idTurno,
          metodoPago: v.metodo_pago,
          pagos,
          motivo: body.motivo,
          idUsuario: usuario.id_usuario,
          idAutorizador,
          redondeo,
          lineas,
        });
        await devolverUnidades(tx, {
          idMinimarket,
          idVenta: id,
          idUsuario: usuario.id_usuario,
          tipo: 'devolucion',
          motivo: `Devolución de la venta ${referenciaVenta(v)}`,
          unidades: lineas.map((l) => ({ id_producto: l.id_producto, cantidad: l.num_unidades })),
        });
        await registrarAuditoria(tx, {
          id_minimarket: idMinimarket,
          accion: 'devolucion',
          id_usuario: usuario.id_usuario,
          id_autorizador: idAutorizador,
          detalle: `Devolvió ${formatClp(total)} de la venta ${referenciaVenta(v)}: ${body.motivo}`,
          datos: { id_venta: id, id_devolucion: nueva },
        });
        return nueva;
      });
      const venta = toVentaDto(await ventaConDetalles(db, idMinimarket, id));
      return venta.devoluciones!.find((d) => d.id_devolucion === idDevolucion)!;
    },

    /** The sales set aside on their way from a device's outbox (the owner's list; docs/offline.md «El rastro»). */
    async rechazadas(usuario: UsuarioSesion, q: z.output<typeof ventasRechazadasQuerySchema>) {
      await acceso.assertAcceso(usuario, q.id_minimarket);
      const r = await listarRechazadas(db, { idMinimarket: q.id_minimarket, todas: q.todas, skip: q.skip, limit: q.limit });
      return { rechazadas: r.filas.map(toRechazadaDto), total: r.total, pendientes: r.pendientes };
    },

    /** The owner settled one: who, when and how, also in the audit trail. */
    async resolverRechazada(usuario: UsuarioSesion, id: number, body: z.output<typeof resolucionRechazadaSchema>) {
      await acceso.assertAcceso(usuario, body.id_minimarket);
      await db.$transaction(async (tx) => {
        if (!(await resolverRechazada(tx, { idMinimarket: body.id_minimarket, id, idUsuario: usuario.id_usuario, nota: body.nota }))) {
          throw notFound(MENSAJE_RECHAZADA_NO_ENCONTRADA, 'REFUSED_SALE_NOT_FOUND');
        }
        await registrarAuditoria(tx, {
          id_minimarket: body.id_minimarket,
          accion: 'venta_apartada_resuelta',
          id_usuario: usuario.id_usuario,
          detalle: `Resolvió una venta rechazada sin conexión: ${body.nota}`,
          datos: { id_venta_rechazada: id },
        });
      });
    },

    /** The receipt's data: the shop (name, RUT, address), the lines, neto and IVA, cash and change. */
    async boleta(usuario: UsuarioSesion, id: number): Promise<Boleta> {
      const venta = await ventaParaBoleta(db, id);
      if (!venta || !acceso.puedeVer(usuario, { id_minimarket: venta.id_minimarket, id_usuario: venta.minimarket.id_usuario }))
        throw notFound(MENSAJE_VENTA_NO_ENCONTRADA, 'SALE_NOT_FOUND');
      const m = venta.minimarket;
      const pagos = partesDePago(venta.metodo_pago, venta.total, venta.pagos);
      const electronica = await boletaElectronicaDeVenta(db, venta.id_minimarket, venta.id_venta);
      return {
        id_venta: venta.id_venta,
        numero_venta: venta.numero_venta,
        id_venta_csv: venta.id_venta_csv,
        fecha_venta: venta.fecha_venta.toISOString(),
        minimarket: { nombre: m.nombre_minimarket, rut: formatRut(m.usuario.rut_empresa ?? ''), direccion: m.direccion, comuna: m.comuna },
        lineas: venta.detalles.map((d) => ({
          nombre_producto: d.nombre_producto,
          num_unidades: d.num_unidades,
          precio_unitario: d.precio_unitario,
          subtotal: d.subtotal,
          unidad: d.unidad as UnidadVenta,
          descuento: d.descuento,
        })),
        motivo_descuento: venta.motivo_descuento,
        total: venta.total,
        // A boleta's own amounts when there is one (exempt lines apart); otherwise all of it is taxed.
        ...(electronica ? { neto: electronica.neto, iva: electronica.iva } : desgloseIva(venta.total)),
        metodo_pago: venta.metodo_pago as Boleta['metodo_pago'],
        pagos,
        estado_venta: venta.estado_venta,
        redondeo: venta.redondeo,
        monto_recibido: venta.monto_recibido,
        vuelto: vueltoDeVenta({ monto_recibido: venta.monto_recibido, pagos }),
        cliente: venta.cliente?.nombre ?? null,
        referencia_local: venta.referencia_local,
        boleta_electronica: electronica,
        de_prueba: electronica?.de_prueba ?? false,
        // With its folio the paper is the boleta itself; until then it is a receipt.
        leyenda: electronica?.folio ? null : LEYENDA_COMPROBANTE,
      };
    },
  };
}
