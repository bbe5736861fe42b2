import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';

/** An unknown code at the till: the owner creates it with the code filled in and comes back with it in the cart. */
export function enlaceCrearProducto(codigo: string): ReactNode {
  return (
    <Link to={`/pos/nuevo-producto?${new URLSearchParams({ codigo, volver: 'venta' })}`} className={buttonClasses('contorno', 'sm')}>
      Crear producto
    </Link>
  );
}
