// Support requests. The first one is the 'Agregar Producto' ticket of the new-product
// screen: a product the barcode lookup did not find, for support to add (decisions §7
// makes it open a support conversation). Added by the web app; the route is still to come.
import { z } from 'zod';
import { enteroDesdeTexto, idSchema, textoOpcional } from './comunes.js';
import { LIMITES_PRODUCTO } from './reglas.js';

/** POST /api/soporte/tickets-producto → the created ticket (201). */
export const RUTA_TICKET_PRODUCTO = '/soporte/tickets-producto';

export const MENSAJE_TICKET_NOMBRE_REQUERIDO = 'El nombre del producto es requerido';
export const MENSAJE_TICKET_PRECIO_REQUERIDO = 'El precio es requerido';
export const MENSAJE_TICKET_PRECIO_INVALIDO = 'El precio debe ser un número mayor a 0';

export const ticketProductoSchema = z.object({
  id_minimarket: idSchema,
  codigo_barra: z.string().trim().max(LIMITES_PRODUCTO.codigoBarra).optional().nullable(),
  nombre_producto: z
    .string({ error: MENSAJE_TICKET_NOMBRE_REQUERIDO })
    .trim()
    .min(1, { error: MENSAJE_TICKET_NOMBRE_REQUERIDO })
    .max(LIMITES_PRODUCTO.nombre),
  precio: enteroDesdeTexto(
    z
      .number()
      .int({ error: MENSAJE_TICKET_PRECIO_INVALIDO })
      .positive({ error: MENSAJE_TICKET_PRECIO_INVALIDO })
      .max(LIMITES_PRODUCTO.precio, { error: 'El precio es demasiado alto.' }),
    { campo: 'El precio', pesos: true, mensajeTipo: MENSAJE_TICKET_PRECIO_INVALIDO },
  ),
  marca: textoOpcional,
  descripcion: textoOpcional,
});
export type TicketProducto = z.input<typeof ticketProductoSchema>;

export const ticketProductoRespuestaSchema = z.object({
  id_ticket: z.number().int(),
  estado: z.string(),
  fecha: z.iso.datetime(),
});
