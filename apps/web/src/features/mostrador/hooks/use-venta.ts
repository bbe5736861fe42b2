// Nueva venta's state and effects: the cart (use-carrito-venta.ts), the scan (use-escaneo-venta.ts),
// the checkout (use-finalizar-venta.ts), the discount, the two views (cart, payment), the catalogue kept
// up to date on the device, and the product that comes back from «Crear producto».
import type { AjusteStockResultado } from '@minimarket/contracts/ajustes-stock';
import { formatPeso } from '@minimarket/contracts/granel';
import type { Producto } from '@minimarket/contracts/productos';
import { NOMBRE_VENTA_LIBRE } from '@minimarket/contracts/ventas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../../lib/auth';
import { minimarketQueryOptions } from '../../../lib/current-shop';
import { refrescarCatalogo } from '../../../lib/offline/catalogo';
import { sinConexion } from '../../../lib/offline/conexion';
import { formatClp } from '../../../utils/format';
import type { EstadoEscaneo } from '../../escaner';
import { obtenerProductos } from '../api/productos';
import { useCajaAbierta } from '../components/aviso-caja';
import type { VentaLibre } from '../components/venta-libre-dialog';
import { releerEtiquetas } from '../utils/buscar-sin-conexion';
import { actualizarCarrito, agregarAlCarrito, agregarVentaLibre, cambiarPeso, claveLinea, esDeProducto } from '../utils/carrito';
import { estadoAgregado } from '../utils/estado-escaneo';
import { type CarritoVenta, useCarritoVenta } from './use-carrito-venta';
import { useDescuentoVenta } from './use-descuento-venta';
import { useEscaneoVenta } from './use-escaneo-venta';
import { useFinalizarVenta } from './use-finalizar-venta';

/** How often the counter asks for the catalogue's changes while it is open. */
const INTERVALO_CATALOGO_MS = 3 * 60_000;

/** Back from "Crear producto" (an unknown code at the till): the new product goes in the cart, once. */
function useProductoCreado(agregar: (producto: Producto) => boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const creado = (location.state as { agregar?: Producto } | null)?.agregar;
  const yaAgregado = useRef<Producto | null>(null);
  useEffect(() => {
    // Once per arrival, even when an effect runs twice (React's development mode).
    if (!creado || yaAgregado.current === creado) return;
    yaAgregado.current = creado;
    agregar(creado);
    void navigate(location.pathname, { replace: true, state: null });
  }, [creado, agregar, navigate, location.pathname]);
}

/** The device's catalogue: brought up to date on arrival and every few minutes while here. */
function useCatalogoAlDia(idMinimarket: number) {
  useEffect(() => {
    void refrescarCatalogo(idMinimarket);
    const id = window.setInterval(() => {
      if (!sinConexion()) void refrescarCatalogo(idMinimarket);
    }, INTERVALO_CATALOGO_MS);
    return () => window.clearInterval(id);
  }, [idMinimarket]);
}

/**
 * The cart against the server: its products read again (price, stock, gone) and its labels read again
 * with today's price, once on arrival (a cart kept from earlier in this tab may hold old prices or
 * stock) and whenever the server refused the sale for them. `alVaciarse`: nothing was left.
 */
function useCarritoAlDia(idMinimarket: number, { actuales, aplicar }: Pick<CarritoVenta, 'actuales' | 'aplicar'>, alVaciarse: () => void) {
  const refrescarCarrito = async () => {
    let frescos: Map<number, Producto | null>;
    try {
      frescos = await obtenerProductos(idMinimarket, [
        ...new Set(actuales.current.filter(esDeProducto).map((i) => i.producto.id_producto)),
      ]);
    } catch {
      return; // Could not ask the server: leave the cart as it was.
    }
    // A label's line is read again with today's price (a loose sale stays as it was).
    const etiquetas = await releerEtiquetas(idMinimarket, actuales.current);
    const nuevos = actualizarCarrito(actuales.current, frescos, etiquetas);
    aplicar({ items: nuevos });
    if (nuevos.length === 0) alVaciarse();
  };

  const refrescadoAlEntrar = useRef(false);
  useEffect(() => {
    if (refrescadoAlEntrar.current) return;
    refrescadoAlEntrar.current = true;
    if (actuales.current.length > 0) void refrescarCarrito();
  });
  return refrescarCarrito;
}

export function useVenta(idMinimarket: number) {
  const usuario = useAuth().user;
  const esDueno = usuario?.rol === 'pyme';
  const carrito = useCarritoVenta(idMinimarket);
  const { items, actuales, aplicar, agregar, setFaltaStock, pesaje, setPesaje } = carrito;
  const [vista, setVista] = useState<'carrito' | 'pago'>('carrito');
  const [estadoEscaneo, setEstadoEscaneo] = useState<EstadoEscaneo | null>(null);
  const cajaAbierta = useCajaAbierta(idMinimarket);
  // The discount on the whole cart and the sale's reason (docs/pagos.md «Descuentos»); each line's own rides on it.
  const { descuento, setDescuento, limpiar: limpiarDescuento } = useDescuentoVenta(idMinimarket);
  // A cashier's cap on discounts: the cart warns past it (the server asks for the owner's PIN). The owner has none.
  const tienda = useQuery(minimarketQueryOptions(idMinimarket));
  const topeCajero = usuario?.rol === 'cajero' ? (tienda.data?.descuento_maximo_pct ?? null) : null;
  const [ventaLibre, setVentaLibre] = useState(false);
  // The product the owner corrects the stock of («Corregir stock»).
  const [corrigiendo, setCorrigiendo] = useState<Producto | null>(null);

  useProductoCreado(agregar);
  const escaneo = useEscaneoVenta({ idMinimarket, esDueno, activo: vista === 'carrito', carrito, setEstadoEscaneo });

  useCatalogoAlDia(idMinimarket);
  const refrescarCarrito = useCarritoAlDia(idMinimarket, carrito, () => setVista('carrito'));

  const cierre = useFinalizarVenta({
    idMinimarket,
    items,
    descuento,
    refrescarCarrito,
    limpiarCarrito: () => {
      aplicar({ items: [] });
      limpiarDescuento();
      setVista('carrito');
      setEstadoEscaneo(null);
    },
  });

  const confirmarPeso = (gramos: number) => {
    if (!pesaje) return;
    const { producto } = pesaje;
    setPesaje(null);
    const ok = aplicar(
      pesaje.gramos !== undefined
        ? cambiarPeso(actuales.current, claveLinea({ producto, cantidad: gramos }), gramos)
        : agregarAlCarrito(actuales.current, producto, gramos),
    );
    if (pesaje.escaneado) setEstadoEscaneo(estadoAgregado(producto.nombre_producto, ok, formatPeso(gramos)));
  };

  return {
    idMinimarket,
    esDueno,
    vista,
    setVista,
    carrito,
    estadoEscaneo,
    setEstadoEscaneo,
    escaneo,
    cajaAbierta,
    descuento,
    setDescuento,
    limpiarDescuento,
    topeCajero,
    ventaLibre,
    setVentaLibre,
    corrigiendo,
    setCorrigiendo,
    /** The corrected product, as the server has it now, goes (one more unit) into the cart. */
    alCorregir: (resultado?: AjusteStockResultado) => {
      setCorrigiendo(null);
      if (!resultado) return;
      setFaltaStock(null);
      agregar(resultado.producto);
    },
    confirmarPeso,
    cerrarPeso: () => {
      // A scanned kg product left unweighed: the line under the scan field no longer asks for it.
      if (pesaje?.escaneado) setEstadoEscaneo(null);
      setPesaje(null);
    },
    agregarLibre: (v: VentaLibre) => {
      setVentaLibre(false);
      aplicar({ items: agregarVentaLibre(actuales.current, v) });
      setEstadoEscaneo(estadoAgregado(v.nombre || NOMBRE_VENTA_LIBRE, true, formatClp(v.monto)));
    },
    cierre,
  };
}

export type NuevaVenta = ReturnType<typeof useVenta>;
