import {
  codigoPluSchema,
  MENSAJE_CAMPOS_OBLIGATORIOS_PRODUCTO,
  MENSAJE_CODIGO_O_PLU,
  precioVentaSchema,
  productoCreateSchema,
  productoUpdateSchema,
  STOCK_INICIAL_POR_DEFECTO,
  tieneCodigo,
  unidadVentaSchema,
} from '@minimarket/contracts/productos';
import { z } from 'zod';
import { leerPesoOCero } from '../../../lib/granel';
import { comoEntrada } from '../../../utils/zod-form';

const stockUnidades = productoUpdateSchema.shape.stock.unwrap();

/**
 * The product form: text inputs in, the contract's types out. Blank optional numbers mean
 * "not given" (not 0), a blank stock is the default of 1 unit (0 kg for a kg product: nothing
 * weighed yet), and the contract's own schemas do the checking so the browser and the server
 * refuse the same input in the same words.
 *
 * A kg product (issue #20) has its prices per kilo and its stock typed in kilos as a Chilean types
 * them ('12,5', '800 g'; leerPeso), sent as grams; and may have the scale's PLU. It needs a barcode or
 * its PLU, not both (issue 32, contracts' tieneCodigo): jamón, bread and vegetables have only a PLU. A
 * blank barcode is absent (undefined), never "".
 */
export const productoFormSchema = z
  .object({
    codigo_barra: z
      .string()
      .transform((v): unknown => v)
      .pipe(productoCreateSchema.shape.codigo_barra),
    nombre_producto: productoCreateSchema.shape.nombre_producto,
    categoria: productoCreateSchema.shape.categoria,
    unidad: unidadVentaSchema,
    precio_venta: z.string().trim().min(1, { error: MENSAJE_CAMPOS_OBLIGATORIOS_PRODUCTO }).transform(comoEntrada).pipe(precioVentaSchema),
    precio_compra: z
      .string()
      .trim()
      .transform((v): string | number | null => (v === '' ? null : v))
      .pipe(productoUpdateSchema.shape.precio_compra.unwrap()),
    stock: z.string(),
    codigo_plu: z.string(),
    descripcion: productoCreateSchema.shape.descripcion,
    marca: productoCreateSchema.shape.marca,
    imagen: productoCreateSchema.shape.imagen,
    /** Exempt from IVA (issue #23): its lines go on the boleta apart, as MntExe. */
    exento: z.boolean(),
  })
  .transform((v, ctx) => {
    const texto = v.stock.trim();
    let stock: number;
    if (v.unidad === 'kg') {
      const r = texto === '' ? ({ ok: true, valor: 0 } as const) : leerPesoOCero(texto);
      if (!r.ok) {
        ctx.addIssue({ code: 'custom', path: ['stock'], message: r.mensaje });
        return z.NEVER;
      }
      stock = r.valor;
    } else {
      const r = stockUnidades.safeParse(texto === '' ? STOCK_INICIAL_POR_DEFECTO : texto);
      if (!r.success) {
        ctx.addIssue({ code: 'custom', path: ['stock'], message: r.error.issues[0]?.message ?? 'El stock no es válido.' });
        return z.NEVER;
      }
      stock = r.data;
    }
    // Only a kg product carries a PLU; a unit product's (hidden) field is ignored.
    let codigo_plu: string | null = null;
    if (v.unidad === 'kg') {
      const r = codigoPluSchema.safeParse(v.codigo_plu);
      if (!r.success) {
        ctx.addIssue({ code: 'custom', path: ['codigo_plu'], message: r.error.issues[0]?.message ?? 'El PLU no es válido.' });
        return z.NEVER;
      }
      codigo_plu = r.data;
    }
    if (!tieneCodigo({ codigo_barra: v.codigo_barra, unidad: v.unidad, codigo_plu })) {
      ctx.addIssue({ code: 'custom', path: ['codigo_barra'], message: MENSAJE_CODIGO_O_PLU });
      return z.NEVER;
    }
    return { ...v, stock, codigo_plu };
  });

export type ProductoFormInput = z.input<typeof productoFormSchema>;
export type ProductoFormOutput = z.output<typeof productoFormSchema>;

export const productoFormVacio: ProductoFormInput = {
  codigo_barra: '',
  nombre_producto: '',
  categoria: '' as ProductoFormInput['categoria'],
  unidad: 'unidad',
  precio_venta: '',
  precio_compra: '',
  stock: String(STOCK_INICIAL_POR_DEFECTO),
  codigo_plu: '',
  descripcion: '',
  marca: '',
  imagen: '',
  exento: false,
};
