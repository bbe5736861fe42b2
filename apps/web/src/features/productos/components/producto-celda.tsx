import type { Producto } from '@minimarket/contracts/productos';

/**
 * A product as a table shows it: the name, and under it the brand and barcode, or the scale's PLU for a
 * kg product that has no barcode (issue 32).
 */
export function ProductoCelda({
  producto,
}: {
  producto: Pick<Producto, 'nombre_producto' | 'marca' | 'codigo_barra'> & { codigo_plu?: string | null };
}) {
  const codigo = producto.codigo_barra ?? (producto.codigo_plu ? `PLU ${producto.codigo_plu}` : null);
  return (
    <>
      <span className="block font-medium text-slate-900">{producto.nombre_producto}</span>
      <span className="block text-xs text-slate-600">{[producto.marca, codigo].filter(Boolean).join(' · ')}</span>
    </>
  );
}
