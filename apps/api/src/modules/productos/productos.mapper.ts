import type { Producto } from '@minimarket/contracts/productos';
import type { Producto as ProductoRow } from '../../generated/prisma/client.js';
import type { UsuarioSesion } from '../../lib/sesion.js';

/** The mapper for what this person may read: a cashier never sees purchase costs (docs/cajeros.md). */
export function productoDtoPara(usuario: UsuarioSesion): (p: ProductoRow) => Producto {
  if (usuario.rol !== 'cajero') return toProductoDto;
  return (p) => ({ ...toProductoDto(p), precio_compra_actual: null });
}

export function toProductoDto(p: ProductoRow): Producto {
  return {
    id_producto: p.id_producto,
    id_minimarket: p.id_minimarket,
    nombre_producto: p.nombre_producto,
    categoria: p.categoria as Producto['categoria'],
    precio_venta_actual: p.precio_venta_actual,
    precio_compra_actual: p.precio_compra_actual,
    stock: p.stock,
    codigo_barra: p.codigo_barra,
    descripcion: p.descripcion,
    marca: p.marca,
    imagen: p.imagen,
    estado: p.estado as Producto['estado'],
    unidad: p.unidad as Producto['unidad'],
    codigo_plu: p.codigo_plu,
    exento: p.exento,
    fecha_creacion: p.fecha_creacion.toISOString(),
  };
}
