import type { Producto } from '@minimarket/contracts/productos';

/** A product as a table shows it: the name, and under it the brand and barcode. */
export function ProductoCelda({ producto }: { producto: Pick<Producto, 'nombre_producto' | 'marca' | 'codigo_barra'> }) {
  return (
    <>
      <span className="block font-medium text-slate-900">{producto.nombre_producto}</span>
      <span className="block text-xs text-slate-600">{[producto.marca, producto.codigo_barra].filter(Boolean).join(' · ')}</span>
    </>
  );
}
