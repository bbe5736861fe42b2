// What every notice says, in one place: the stock checks, the end of an import and the demo data
// all build their notices here, so the wording never drifts between them.
import { contar, formatClp } from '@minimarket/contracts/formato';
import { formatPeso, type UnidadVenta } from '@minimarket/contracts/granel';
import type { TIPOS_NOTIFICACION } from '@minimarket/contracts/notificaciones';
import { ZONA_HORARIA } from '@minimarket/contracts/reglas';
import { type AlertaVenta, DIAS_PRECIOS_CONOCIDOS, MINUTOS_ANTES_DEL_CONTACTO } from '@minimarket/contracts/ventas';

/** "10:02", Santiago's clock. */
const HORA_MINUTO = new Intl.DateTimeFormat('es-CL', { timeZone: ZONA_HORARIA, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export interface Aviso {
  tipo: (typeof TIPOS_NOTIFICACION)[number];
  titulo: string;
  descripcion: string;
  url_accion: string;
}

/** 'Ver detalle' opens the inventory on the product the notice is about. */
const urlProducto = (idProducto: number) => `/pos/buscar-producto?producto=${idProducto}`;
const URL_CARGAS = '/cargar';

interface ProductoAvisado {
  id_producto: number;
  nombre_producto: string;
}

export const avisoAgotado = (producto: ProductoAvisado): Aviso => ({
  tipo: 'agotado',
  titulo: 'Producto agotado',
  descripcion: `"${producto.nombre_producto}" se quedó sin stock.`,
  url_accion: urlProducto(producto.id_producto),
});

/**
 * "Quedan 3 unidades de …", or for a product sold by weight (its stock in grams) "Quedan 0,800 kg
 * de …" (formatPeso; 1,000 kg is still plural, as a Chilean says it).
 */
export const avisoStockBajo = (producto: ProductoAvisado, quedan: number, unidad: UnidadVenta = 'unidad'): Aviso => ({
  tipo: 'stock_bajo',
  titulo: 'Stock bajo',
  descripcion:
    unidad === 'kg'
      ? `Quedan ${formatPeso(quedan)} de "${producto.nombre_producto}".`
      : `Queda${quedan === 1 ? '' : 'n'} ${contar(quedan, 'unidad', 'unidades')} de "${producto.nombre_producto}".`,
  url_accion: urlProducto(producto.id_producto),
});

/** The notice an import that did not load everything leaves for whoever uploaded it. */
export function avisoCargaConErrores(carga: {
  nombre_archivo: string;
  estado: 'Con errores' | 'Error';
  errores: number;
  mensaje: string;
}): Aviso {
  const conErrores = carga.estado === 'Con errores';
  return {
    tipo: 'carga_con_errores',
    titulo: conErrores ? 'Carga con errores' : 'No se pudo cargar un archivo',
    descripcion: conErrores
      ? `"${carga.nombre_archivo}" tiene ${contar(carga.errores, 'error', 'errores')}. Descarga las filas rechazadas, corrígelas y vuelve a cargarlas.`
      : `"${carga.nombre_archivo}": ${carga.mensaje}`,
    url_accion: URL_CARGAS,
  };
}

/** The weekly notice of a shop with products to reorder; it opens the recommendations. */
export function avisoRecomendaciones(reponer: readonly ProductoAvisado[]): Aviso {
  const primero = reponer[0]!;
  const otros = reponer.length - 1;
  return {
    tipo: 'recomendaciones',
    titulo: 'Nuevas recomendaciones',
    descripcion:
      otros === 0
        ? `Conviene reponer "${primero.nombre_producto}" antes de que se agote.`
        : `Conviene reponer "${primero.nombre_producto}" y ${contar(otros, 'producto más', 'productos más')} antes de que se agoten.`,
    url_accion: '/visualizar/recomendaciones',
  };
}

/** Where a pyme reads one of its support conversations. */
export const urlConversacionPyme = (idConversacion: number) => `/ayuda/soporte/${idConversacion}`;

/** A new support message, for the other side: the administradores or the shop's owner. */
export function avisoMensajeSoporte(
  c: { id_conversacion: number; asunto: string; nombre_minimarket: string },
  para: 'administrador' | 'pyme',
): Aviso {
  return para === 'administrador'
    ? {
        tipo: 'soporte',
        titulo: 'Nuevo mensaje de soporte',
        descripcion: `${c.nombre_minimarket}: "${c.asunto}".`,
        url_accion: `/chats/chat/${c.id_conversacion}`,
      }
    : {
        tipo: 'soporte',
        titulo: 'Respuesta de soporte',
        descripcion: `Soporte respondió en "${c.asunto}".`,
        url_accion: urlConversacionPyme(c.id_conversacion),
      };
}

/** Where the owner reads a customer's account (POS › Clientes). */
export const urlCliente = (idCliente: number) => `/pos/clientes/${idCliente}`;

/**
 * La libreta: a customer's oldest unpaid purchase passed the shop's days (docs/fiado.md, "Avisos").
 * "Juana Pérez te debe $12.500 desde hace 31 días."
 */
export const avisoFiadoVencido = (cliente: { id_cliente: number; nombre: string }, saldo: number, dias: number): Aviso => ({
  tipo: 'fiado_vencido',
  titulo: 'Fiado por cobrar',
  descripcion: `${cliente.nombre} te debe ${formatClp(saldo)} desde hace ${contar(dias, 'día', 'días')}.`,
  url_accion: urlCliente(cliente.id_cliente),
});

/**
 * A sale made offline sold more than the books had (docs/offline.md «El servidor»): "Se vendieron 3
 * unidades de "X" sin stock mientras la caja estaba sin conexión: cuéntalo." (grams as kilos).
 */
export const avisoFaltanteOffline = (producto: ProductoAvisado, faltante: number, unidad: UnidadVenta = 'unidad'): Aviso => ({
  tipo: 'faltante_offline',
  titulo: 'Vendido sin stock: cuenta el producto',
  descripcion:
    unidad === 'kg'
      ? `Se vendieron ${formatPeso(faltante)} de "${producto.nombre_producto}" sin stock mientras la caja estaba sin conexión: cuéntalo.`
      : `Se vendi${faltante === 1 ? 'ó' : 'eron'} ${contar(faltante, 'unidad', 'unidades')} de "${producto.nombre_producto}" sin stock mientras la caja estaba sin conexión: cuéntalo.`,
  url_accion: urlProducto(producto.id_producto),
});

/** Where Transacciones finds a sale by what a person reads (its number or provisional reference). */
const urlTransaccion = (buscar: string) => `/pos/transacciones?buscar=${encodeURIComponent(buscar)}`;

/**
 * A sale made offline the owner should look at, once per sale, naming who sold it (docs/offline.md
 * «El rastro»): "La venta C1-0042 (N° 57) de Ana, sin conexión: se cobró a un precio que el producto no
 * tuvo en los 7 días antes de la venta; tiene hora 10:02, más de 10 minutos antes del último contacto
 * del equipo con el servidor; dejó a Rosa con $12.000 de fiado, sobre su límite de $10.000."
 */
export function avisoVentaOffline(
  venta: { numero_venta: number | null; referencia_local: string | null; nombre_vendedor: string | null; fecha_venta: string },
  motivos: { alertas: readonly AlertaVenta[]; fiadoSobreLimite: { cliente: string; saldo: number; limite: number } | null },
): Aviso {
  const numero = venta.numero_venta !== null ? `N° ${venta.numero_venta}` : '';
  const nombre = venta.referencia_local ? `${venta.referencia_local}${numero ? ` (${numero})` : ''}` : numero;
  const partes: string[] = [];
  if (motivos.alertas.includes('precio_desconocido'))
    partes.push(`se cobró a un precio que el producto no tuvo en los ${DIAS_PRECIOS_CONOCIDOS} días antes de la venta`);
  if (motivos.alertas.includes('fecha_anterior_al_contacto'))
    partes.push(
      `tiene hora ${HORA_MINUTO.format(new Date(venta.fecha_venta))}, más de ${MINUTOS_ANTES_DEL_CONTACTO} minutos antes del último contacto del equipo con el servidor`,
    );
  if (motivos.fiadoSobreLimite) {
    const f = motivos.fiadoSobreLimite;
    partes.push(`dejó a ${f.cliente} con ${formatClp(f.saldo)} de fiado, sobre su límite de ${formatClp(f.limite)}`);
  }
  if (motivos.alertas.includes('descuento_sobre_tope')) partes.push('tiene un descuento por sobre el tope de la tienda para un cajero');
  return {
    tipo: 'venta_offline',
    titulo: 'Venta sin conexión por revisar',
    descripcion: `La venta ${nombre}${venta.nombre_vendedor ? ` de ${venta.nombre_vendedor}` : ''}, sin conexión: ${partes.join('; ')}.`,
    url_accion: urlTransaccion(venta.referencia_local ?? String(venta.numero_venta ?? '')),
  };
}
