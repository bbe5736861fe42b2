// A cart's lines as the sale writes them (issue 32, docs/pagos.md and docs/granel.md): a line scanned
// from a scale label is read again here with the shop's layout, so it is charged what the label says
// (a price label its printed amount, its grams derived for the stock; a weight label its grams at the
// shop's price) and never what the device says it says; a loose sale's line keeps its name and category.
import { formatPeso, type UnidadVenta } from '@minimarket/contracts/granel';
import { leerEtiqueta, mensajePluDesconocido, normalizarPlu, pesoDeEtiqueta } from '@minimarket/contracts/etiqueta-balanza';
import type { ventaCreateSchema } from '@minimarket/contracts/ventas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { LineaVentaNueva } from '../../data/venta.js';
import { validation } from '../../lib/errors.js';
import { formatoEtiquetaDe } from '../minimarkets/minimarkets.service.js';

type VentaCreate = z.output<typeof ventaCreateSchema>;

export const MENSAJE_ETIQUETA_SIN_FORMATO = 'Esta tienda no tiene configuradas sus etiquetas de balanza: vende el producto por su peso.';
export const MENSAJE_ETIQUETA_OTRO_PRODUCTO = 'La etiqueta escaneada es de otro producto: vuelve a escanearla.';
export const mensajeEtiquetaOtroPeso = (producto: string, etiqueta: number, linea: number) =>
  `La etiqueta de "${producto}" marca ${formatPeso(etiqueta)}, no ${formatPeso(linea)}: vuelve a escanearla.`;

/**
 * The lines to write. A label line gets `monto_etiqueta`, its gross as the label gives it, checked by
 * escribir_venta against the line's subtotal and discount. Refused with 422 in Spanish: a label that
 * does not read with the shop's layout, of another product, or of another weight than the line's.
 *
 * An offline sale was made on the device with what it knew then: if its label no longer reads (the
 * shop changed its layout since), the line is taken as the device charged it (its subtotal and
 * discount), never refused — what was sold is a fact (docs/offline.md).
 */
export async function lineasDeVenta(
  db: Db,
  tienda: {
    id_minimarket: number;
    etiqueta_prefijo: string | null;
    etiqueta_digitos_plu: number | null;
    etiqueta_contenido: string | null;
  },
  data: VentaCreate,
): Promise<LineaVentaNueva[]> {
  const offline = data.origen === 'offline';
  const formato = formatoEtiquetaDe(tienda);
  const lineas: LineaVentaNueva[] = [];
  for (const [i, d] of data.detalles.entries()) {
    const linea: LineaVentaNueva = {
      id_producto: d.id_producto,
      num_unidades: d.num_unidades,
      precio_unitario: d.precio_unitario,
      subtotal: d.subtotal,
      descuento: d.descuento,
      ...(d.id_producto === null ? { nombre_producto: d.nombre_producto, categoria: d.categoria } : {}),
    };
    if (d.codigo_etiqueta !== undefined && d.id_producto !== null) {
      const campo = `detalles.${i}.codigo_etiqueta`;
      const rechazo = (mensaje: string) => validation(mensaje, [{ campo, mensaje }]);
      linea.codigo_etiqueta = d.codigo_etiqueta;
      const leida = formato ? leerEtiqueta(d.codigo_etiqueta, formato) : null;
      const producto =
        leida?.ok === true
          ? await db.producto.findUnique({
              where: { id_minimarket_codigo_plu: { id_minimarket: tienda.id_minimarket, codigo_plu: normalizarPlu(leida.plu) } },
            })
          : null;
      const peso = leida?.ok === true && producto ? pesoDeEtiqueta(leida, producto) : null;
      if (offline && (!peso?.ok || producto?.id_producto !== d.id_producto || peso.gramos !== d.num_unidades)) {
        linea.monto_etiqueta = d.subtotal + d.descuento;
      } else if (!formato) throw rechazo(MENSAJE_ETIQUETA_SIN_FORMATO);
      else if (!leida?.ok) throw rechazo(leida?.mensaje ?? MENSAJE_ETIQUETA_SIN_FORMATO);
      else if (!producto || producto.unidad !== ('kg' satisfies UnidadVenta))
        throw rechazo(mensajePluDesconocido(normalizarPlu(leida.plu)));
      else if (producto.id_producto !== d.id_producto) throw rechazo(MENSAJE_ETIQUETA_OTRO_PRODUCTO);
      else if (!peso?.ok) throw rechazo(peso?.mensaje ?? MENSAJE_ETIQUETA_OTRO_PRODUCTO);
      else if (peso.gramos !== d.num_unidades)
        throw rechazo(mensajeEtiquetaOtroPeso(producto.nombre_producto, peso.gramos, d.num_unidades));
      else linea.monto_etiqueta = peso.monto;
    }
    lineas.push(linea);
  }
  return lineas;
}
