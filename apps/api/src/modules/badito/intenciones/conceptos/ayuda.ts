// The words of the how-to questions: loading a file, the recommendations, adding a product, selling, and a problem.
import type { Termino } from '../terminos.js';

export const AYUDA = {
  cargarFuerte: ['~importar', 'excel', 'csv', 'xml', 'xlsx', 'archivo', 'archivos', 'planilla', 'plantilla', 'masiva', 'carga masiva'],
  cargarVerbo: ['~cargar', 'subo', 'subir', 'sube'],
  cargarObjeto: ['datos', 'informacion', 'catalogo', 'inventario', 'productos', 'ventas', 'lista'],
  recomendaciones: ['~recomendacion', '~recomendar', 'recomiendas', 'sugerencia', 'sugerencias', 'consejo', 'consejos', 'abc'],
  accionProducto: ['~agregar', '~crear', 'creo', '~ingresar', '~registrar', '~anadir', 'dar de alta', 'nuevo', 'nueva', 'meter', 'meto'],
  palabraProducto: ['~producto', 'articulo', 'articulos', 'item', 'cosas', 'cosa'],
  accionVender: ['~vender', '~venta', '~cobrar', 'escanear', 'escaneo', 'lector', 'pos', 'carrito', 'boleta'],
  /** Something does not work: a how-to answer also offers support. */
  problema: [
    'error',
    'errores',
    'falla',
    'fallo',
    'problema',
    'problemas',
    'no puedo',
    'no me deja',
    'no funciona',
    'no carga',
    'no se carga',
    'no sube',
    'no se sube',
    'no anda',
    'se cayo',
    'reclamo',
  ],
} satisfies Record<string, Termino[]>;
