// The till's cart: kept in the browser tab, changed from the latest items (scans arrive faster than
// React re-renders), with the notice of a product short of stock and the kg product waiting for its weight.
import type { Producto } from '@minimarket/contracts/productos';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { esGranel } from '../../../lib/granel';
import type { Pesaje } from '../components/peso-dialog';
import { agregarAlCarrito, type ItemCarrito, type ResultadoCarrito } from '../utils/carrito';

/** The cart survives switching POS tabs (and a reload) within the browser tab. */
function useCarritoGuardado(idMinimarket: number) {
  const clave = `carrito:${idMinimarket}`;
  const [items, setItems] = useState<ItemCarrito[]>(() => {
    try {
      return JSON.parse(window.sessionStorage.getItem(clave) ?? '[]') as ItemCarrito[];
    } catch {
      return [];
    }
  });
  useEffect(() => {
    try {
      window.sessionStorage.setItem(clave, JSON.stringify(items));
    } catch {
      // Storage full or unavailable: the cart still works, it just is not kept.
    }
  }, [clave, items]);
  return [items, setItems] as const;
}

export function useCarritoVenta(idMinimarket: number) {
  const [items, setItems] = useCarritoGuardado(idMinimarket);

  // Scans can arrive faster than React re-renders: each change starts from the latest cart.
  const actuales = useRef(items);
  useLayoutEffect(() => {
    actuales.current = items;
  }, [items]);

  // The shelf against the count: a product the system says is out (or short) but the customer holds.
  // The owner corrects its stock from here (AjusteStockDialog, a 'conteo' through the ledger).
  const [faltaStock, setFaltaStock] = useState<{ producto: Producto; mensaje: string } | null>(null);

  const aplicar = useCallback(
    (resultado: ResultadoCarrito) => {
      actuales.current = resultado.items;
      setItems(resultado.items);
      if (resultado.error) toast.error(resultado.error);
      setFaltaStock(resultado.sinStock && resultado.error ? { producto: resultado.sinStock, mensaje: resultado.error } : null);
      return !resultado.error;
    },
    [setItems],
  );

  // A kg product waiting for its weight (a new line, or a line weighed again).
  const [pesaje, setPesaje] = useState<Pesaje | null>(null);

  /**
   * Adds a product: one unit, or for a kg product the weight prompt first (its stock is checked in
   * grams when the weight is confirmed). True when a unit went in or the prompt opened.
   */
  const agregar = useCallback(
    (producto: Producto) => {
      if (esGranel(producto)) {
        setPesaje({ producto });
        return true;
      }
      return aplicar(agregarAlCarrito(actuales.current, producto));
    },
    [aplicar],
  );

  return { items, actuales, aplicar, agregar, faltaStock, setFaltaStock, pesaje, setPesaje };
}

export type CarritoVenta = ReturnType<typeof useCarritoVenta>;
