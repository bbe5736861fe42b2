import { MENSAJE_CODIGO_O_PLU } from '@minimarket/contracts/productos';
import { describe, expect, it } from 'vitest';
import { productoFormSchema, productoFormVacio, type ProductoFormInput } from './producto-form-schema';

const formulario = (cambios: Partial<ProductoFormInput>): ProductoFormInput => ({
  ...productoFormVacio,
  codigo_barra: '7801234567890',
  nombre_producto: 'Jamón Pierna',
  categoria: 'Fiambrería',
  precio_venta: '$8.990',
  ...cambios,
});

const error = (cambios: Partial<ProductoFormInput>, campo: string) => {
  const r = productoFormSchema.safeParse(formulario(cambios));
  return r.success ? null : r.error.issues.find((i) => i.path[0] === campo)?.message;
};

describe('the product form by way of selling', () => {
  it('reads a kg product stock in kilos as a Chilean types it, to grams', () => {
    expect(productoFormSchema.parse(formulario({ unidad: 'kg', stock: '2,5' })).stock).toBe(2500);
    expect(productoFormSchema.parse(formulario({ unidad: 'kg', stock: '800 g' })).stock).toBe(800);
    expect(productoFormSchema.parse(formulario({ unidad: 'kg', stock: '0' })).stock).toBe(0);
    // Blank: nothing weighed yet.
    expect(productoFormSchema.parse(formulario({ unidad: 'kg', stock: '' })).stock).toBe(0);
    expect(error({ unidad: 'kg', stock: '2.5' }, 'stock')).toBe(
      'Escribe los decimales del peso con coma (ej: 1,250 kg) o indica gramos (ej: 1.250 g); se encontró "2.5".',
    );
  });

  it('keeps a unit product stock in whole units, blank being 1', () => {
    expect(productoFormSchema.parse(formulario({ stock: '' })).stock).toBe(1);
    expect(productoFormSchema.parse(formulario({ stock: '1.200' })).stock).toBe(1200);
    expect(error({ stock: '2,5' }, 'stock')).toBeTruthy();
  });

  it('stores a kg product PLU without leading zeros and ignores it on a unit product', () => {
    expect(productoFormSchema.parse(formulario({ unidad: 'kg', codigo_plu: '00042' })).codigo_plu).toBe('42');
    expect(productoFormSchema.parse(formulario({ unidad: 'kg', codigo_plu: '' })).codigo_plu).toBeNull();
    expect(productoFormSchema.parse(formulario({ unidad: 'unidad', codigo_plu: '42' })).codigo_plu).toBeNull();
    expect(error({ unidad: 'kg', codigo_plu: '123456' }, 'codigo_plu')).toBe(
      'El PLU es el número de la balanza: de 1 a 5 dígitos, mayor a 0.',
    );
  });

  it('sends whether the product is exempt from IVA, not exempt unless ticked', () => {
    expect(productoFormSchema.parse(formulario({})).exento).toBe(false);
    expect(productoFormSchema.parse(formulario({ exento: true })).exento).toBe(true);
  });

  it('takes a kg product with its PLU and no barcode; any other product needs its barcode (issue 32)', () => {
    const jamon = productoFormSchema.parse(formulario({ unidad: 'kg', codigo_barra: '  ', codigo_plu: '42' }));
    expect(jamon.codigo_barra).toBeUndefined();
    expect(jamon.codigo_plu).toBe('42');
    expect(error({ unidad: 'kg', codigo_barra: '', codigo_plu: '' }, 'codigo_barra')).toBe(MENSAJE_CODIGO_O_PLU);
    expect(error({ unidad: 'unidad', codigo_barra: '', codigo_plu: '42' }, 'codigo_barra')).toBe(MENSAJE_CODIGO_O_PLU);
    expect(productoFormSchema.parse(formulario({ unidad: 'kg', codigo_plu: '42' })).codigo_barra).toBe('7801234567890');
  });
});
