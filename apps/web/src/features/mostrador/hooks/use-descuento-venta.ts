// The sale's discount on the whole cart and its reason (docs/pagos.md «Descuentos»), kept beside the
// cart in sessionStorage: like the cart, they survive switching POS tabs and a reload within the tab.
import { useCallback, useEffect, useState } from 'react';
import type { DescuentoEscrito } from '../utils/carrito';

export interface DescuentoVenta {
  /** The discount on the whole cart (the lines' own ride on each line). */
  carrito: DescuentoEscrito | null;
  /** Why: one reason for the sale, required with any discount. */
  motivo: string;
}

const VACIO: DescuentoVenta = { carrito: null, motivo: '' };

export function useDescuentoVenta(idMinimarket: number) {
  const clave = `descuento-venta:${idMinimarket}`;
  const [descuento, setDescuento] = useState<DescuentoVenta>(() => {
    try {
      return { ...VACIO, ...(JSON.parse(window.sessionStorage.getItem(clave) ?? 'null') as DescuentoVenta | null) };
    } catch {
      return VACIO;
    }
  });
  useEffect(() => {
    try {
      window.sessionStorage.setItem(clave, JSON.stringify(descuento));
    } catch {
      // Storage full or unavailable: the discount still works, it just is not kept.
    }
  }, [clave, descuento]);
  const limpiar = useCallback(() => setDescuento(VACIO), []);
  return { descuento, setDescuento, limpiar };
}
