// The words of one product's figures: its price, its cost and its stock.
import type { Termino } from '../terminos.js';

export const PRODUCTOS = {
  /** A product's price. */
  precio: ['~precio', 'cuesta', 'cuestan', 'vale', 'valen', 'precio de venta', 'precio venta', 'cuanto sale', 'cuanto salen'],
  /** What a product costs the shop. */
  costo: ['costo', 'costos', 'precio de compra', 'precio compra', 'lo compro', 'compre', 'compro'],
  /** A product's stock. */
  existencias: [
    'stock',
    'queda',
    'quedan',
    'quedo',
    'hay',
    'tengo',
    'tenemos',
    'tienes',
    'tiene',
    'tienen',
    'unidades',
    'existencias',
    'inventario',
  ],
} satisfies Record<string, Termino[]>;
