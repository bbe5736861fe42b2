import {
  MENSAJE_CAMPOS_OBLIGATORIOS_PRODUCTO,
  precioVentaSchema,
  productoCreateSchema,
  productoUpdateSchema,
  STOCK_INICIAL_POR_DEFECTO,
} from '@minimarket/contracts/productos';
import { z } from 'zod';
import { comoEntrada } from '../../../utils/zod-form';

/**
 * The product form: text inputs in, the contract's types out. Blank optional numbers mean
 * "not given" (not 0), a blank stock is the default of 1, and the contract's own schemas do
 * the checking so the browser and the server refuse the same input in the same words.
 */
export const productoFormSchema = z.object({
  codigo_barra: productoCreateSchema.shape.codigo_barra,
  nombre_producto: productoCreateSchema.shape.nombre_producto,
  categoria: productoCreateSchema.shape.categoria,
  precio_venta: z.string().trim().min(1, { error: MENSAJE_CAMPOS_OBLIGATORIOS_PRODUCTO }).transform(comoEntrada).pipe(precioVentaSchema),
  precio_compra: z
    .string()
    .trim()
    .transform((v): string | number | null => (v === '' ? null : v))
    .pipe(productoUpdateSchema.shape.precio_compra.unwrap()),
  stock: z
    .string()
    .trim()
    .transform((v): string | number => (v === '' ? STOCK_INICIAL_POR_DEFECTO : v))
    .pipe(productoUpdateSchema.shape.stock.unwrap()),
  descripcion: productoCreateSchema.shape.descripcion,
  marca: productoCreateSchema.shape.marca,
  imagen: productoCreateSchema.shape.imagen,
});

export type ProductoFormInput = z.input<typeof productoFormSchema>;
export type ProductoFormOutput = z.output<typeof productoFormSchema>;

export const productoFormVacio: ProductoFormInput = {
  codigo_barra: '',
  nombre_producto: '',
  categoria: '' as ProductoFormInput['categoria'],
  precio_venta: '',
  precio_compra: '',
  stock: String(STOCK_INICIAL_POR_DEFECTO),
  descripcion: '',
  marca: '',
  imagen: '',
};
