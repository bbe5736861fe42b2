// What is left to return of a sale, and reading the return form: a product's units may not go
// past what was sold minus what earlier returns took back (the server answers 409 beyond that).
// A kg line (issue #20) counts grams: its return is typed as a weight (leerPeso) and refunds
// montoPorPeso of the grams, or exactly what is left of its subtotal when the rest comes back (the
// server's rule; the server is the authority on the amount, this is the preview).
import { METODO_MIXTO, type MetodoPago } from '@minimarket/contracts/comunes';
import { formatPeso, montoADevolver, type UnidadVenta } from '@minimarket/contracts/granel';
import { redondearEfectivo } from '@minimarket/contracts/redondeo';
import type { Pago, Venta } from '@minimarket/contracts/ventas';
import { leerPesoOCero } from '../../../lib/granel';
import { contar } from '../../../utils/format';

export interface LineaDevolucion {
  id_producto: number;
  nombre_producto: string;
  /** The price paid, the refund's unit price. */
  precio_unitario: number;
  /** Units, or grams for a kg line. */
  vendidas: number;
  devueltas: number;
  /** vendidas − devueltas. */
  porDevolver: number;
  unidad: UnidadVenta;
  /** What the line charged, and what its returns refunded so far (a kg line's last return refunds the difference). */
  subtotalVendido: number;
  reembolsado: number;
  /**
   * Its lines were not charged price × quantity (a discount, a scale label's amount; issue 32): a return
   * refunds in proportion to what is left unrefunded (contracts' montoADevolver), as the server does.
   */
  proporcional: boolean;
}

export const MENSAJE_SIN_UNIDADES = 'Elige al menos una unidad para devolver.';
export const MENSAJE_CANTIDAD_ENTERA = 'La cantidad debe ser un número entero.';

/**
 * One line per product of the sale (a product sold in two lines, two labels of one product, is added
 * up), in the sale's order. A loose sale's line has no product: it is not returned alone (a void
 * gives it back).
 */
export function lineasDevolucion(venta: Pick<Venta, 'detalles' | 'devoluciones'>): LineaDevolucion[] {
  const lineas = new Map<number, LineaDevolucion>();
  for (const d of venta.detalles) {
    if (d.id_producto === null) continue;
    // A line kept before issue 32 has neither field: charged price × quantity.
    const proporcional = (d.descuento ?? 0) > 0 || (d.codigo_etiqueta ?? null) !== null;
    const linea = lineas.get(d.id_producto);
    if (linea) {
      linea.vendidas += d.num_unidades;
      linea.subtotalVendido += d.subtotal;
      linea.proporcional ||= proporcional;
    } else
      lineas.set(d.id_producto, {
        id_producto: d.id_producto,
        nombre_producto: d.nombre_producto,
        precio_unitario: d.precio_unitario,
        vendidas: d.num_unidades,
        devueltas: 0,
        porDevolver: 0,
        unidad: d.unidad ?? 'unidad',
        subtotalVendido: d.subtotal,
        reembolsado: 0,
        proporcional,
      });
  }
  for (const dev of venta.devoluciones ?? []) {
    for (const d of dev.detalles) {
      const linea = lineas.get(d.id_producto);
      if (linea) {
        linea.devueltas += d.num_unidades;
        linea.reembolsado += d.subtotal;
      }
    }
  }
  for (const linea of lineas.values()) linea.porDevolver = Math.max(0, linea.vendidas - linea.devueltas);
  return [...lineas.values()];
}

/** Whether anything of the sale can still be returned. */
export function quedaPorDevolver(venta: Pick<Venta, 'detalles' | 'devoluciones'>): boolean {
  return lineasDevolucion(venta).some((l) => l.porDevolver > 0);
}

export type LecturaDevolucion =
  | {
      ok: true;
      detalles: Array<{ id_producto: number; num_unidades: number }>;
      /** Units of unit lines and grams of kg lines, never added together. */
      unidades: number;
      gramos: number;
      total: number;
    }
  | { ok: false; errores: Record<number, string>; mensaje?: string };

/** The server's own sentence for going past what is left (its 409); a kg line says kilos. */
export function mensajeMaximo(linea: LineaDevolucion): string {
  if (linea.unidad === 'kg') return `De "${linea.nombre_producto}" quedan ${formatPeso(linea.porDevolver)} por devolver.`;
  const verbo = linea.porDevolver === 1 ? 'queda' : 'quedan';
  return `De "${linea.nombre_producto}" ${verbo} ${contar(linea.porDevolver, 'unidad', 'unidades')} por devolver.`;
}

/**
 * The refund of `cantidad` of a line: units × the price paid, or montoPorPeso of the grams at the
 * price per kilo paid, never more than what is left unrefunded; the return of everything left
 * refunds exactly what is left of its subtotal (so the returns of a line add up to what it charged).
 */
export function reembolsoLinea(linea: LineaDevolucion, cantidad: number): number {
  // The API's own rule (contracts' montoADevolver): the preview and the refund agree to the peso.
  return montoADevolver({
    unidad: linea.unidad,
    precio: linea.precio_unitario,
    cantidad,
    quedan: linea.porDevolver,
    porReembolsar: Math.max(0, linea.subtotalVendido - linea.reembolsado),
    proporcional: linea.proporcional,
  });
}

/** The order in which a split sale's refund goes back (the server's modules/ventas/reparto-devolucion.ts). */
const ORDEN_REEMBOLSO: readonly MetodoPago[] = ['Fiado', 'Efectivo', 'Tarjeta de Débito', 'Tarjeta de Crédito', 'Transferencia Bancaria'];

/**
 * The cash part of a refund of `total`, and how it is handed back rounded (Ley 20.956: refunding $3.146
 * in cash gives $3.150), for the return's preview. A sale paid in cash refunds in cash; a split one
 * gives back its fiado part first, then cash, then the rest, each part at most what it took less what
 * earlier returns gave back from it (the server's rule, which has the last word).
 */
export function efectivoDevolucion(
  venta: Pick<Venta, 'metodo_pago' | 'pagos' | 'devoluciones'>,
  total: number,
): { efectivo: number; redondeo: number; entregar: number } {
  let efectivo = 0;
  if (venta.metodo_pago === 'Efectivo') efectivo = total;
  else if (venta.metodo_pago === METODO_MIXTO) {
    const devuelto: Pago[] = (venta.devoluciones ?? []).flatMap((d) => d.pagos);
    let falta = total;
    for (const metodo of ORDEN_REEMBOLSO) {
      const parte = venta.pagos.find((p) => p.metodo_pago === metodo)?.monto ?? 0;
      const ya = devuelto.filter((p) => p.metodo_pago === metodo).reduce((s, p) => s + p.monto, 0);
      const monto = Math.min(falta, Math.max(0, parte - ya));
      if (metodo === 'Efectivo') efectivo = monto;
      falta -= monto;
    }
  }
  const entregar = redondearEfectivo(efectivo);
  return { efectivo, redondeo: entregar - efectivo, entregar };
}

/**
 * The form's quantities (text as typed, by product; blank is zero) checked against what is left:
 * the lines to send, their units and the refund at the price paid, or the error of each line.
 */
export function leerDevolucion(lineas: LineaDevolucion[], cantidades: Record<number, string>): LecturaDevolucion {
  const errores: Record<number, string> = {};
  const detalles: Array<{ id_producto: number; num_unidades: number }> = [];
  let unidades = 0;
  let gramos = 0;
  let total = 0;
  for (const linea of lineas) {
    const original = (cantidades[linea.id_producto] ?? '').trim();
    if (original === '') continue;
    let n: number;
    if (linea.unidad === 'kg') {
      // A weight as a Chilean types it ('0,100', '100 g', leerPeso's words); 0 is "none of this one".
      const r = leerPesoOCero(original);
      if (!r.ok) {
        errores[linea.id_producto] = r.mensaje;
        continue;
      }
      if (r.valor === 0) continue;
      n = r.valor;
    } else {
      const texto = original.replace(/\./g, '');
      if (!/^\d+$/.test(texto)) {
        errores[linea.id_producto] = MENSAJE_CANTIDAD_ENTERA;
        continue;
      }
      n = Number(texto);
      if (n === 0) continue;
    }
    if (n > linea.porDevolver) {
      errores[linea.id_producto] = mensajeMaximo(linea);
      continue;
    }
    detalles.push({ id_producto: linea.id_producto, num_unidades: n });
    if (linea.unidad === 'kg') gramos += n;
    else unidades += n;
    total += reembolsoLinea(linea, n);
  }
  if (Object.keys(errores).length > 0) return { ok: false, errores };
  if (detalles.length === 0) return { ok: false, errores, mensaje: MENSAJE_SIN_UNIDADES };
  return { ok: true, detalles, unidades, gramos, total };
}
