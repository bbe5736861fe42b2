// A code at the till, scanned, typed or read by the camera: the product into the cart, a kg product to
// its weight, a scale label read with the shop's layout, or «Crear producto» for an unknown one. With
// no answer from the API, the device's catalogue answers (lib/offline/catalogo.ts).
import { formatPeso } from '@minimarket/contracts/granel';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { toast } from 'sonner';
import { mensajeDeError } from '../../../lib/api-client';
import { minimarketQueryOptions } from '../../../lib/current-shop';
import { esGranel } from '../../../lib/granel';
import { type EstadoEscaneo, useBarcodeScanner } from '../../escaner';
import { enlaceCrearProducto } from '../components/crear-producto-enlace';
import { buscarProductoLocalOEnLinea, leerEtiquetaLocalOEnLinea } from '../utils/buscar-sin-conexion';
import { agregarEtiquetaAlCarrito } from '../utils/carrito';
import { estadoAgregado, estadoPesar } from '../utils/estado-escaneo';
import type { CarritoVenta } from './use-carrito-venta';

/**
 * Whether an unknown code starts with the prefix of the shop's scale labels. The layout comes
 * from the shop's data as the app already holds it (no request when it is fresh); asked here,
 * after the barcode lookup, so a scan right after the page loads still reads a label.
 */
async function esEtiqueta(queryClient: QueryClient, idMinimarket: number, codigo: string) {
  try {
    const { formato_etiqueta: formato } = await queryClient.fetchQuery(minimarketQueryOptions(idMinimarket));
    return formato !== null && codigo.startsWith(formato.prefijo);
  } catch {
    return false;
  }
}

/**
 * A scale label (a code the shop's barcodes do not know that starts with its label prefix): the
 * server reads it with the shop's layout and answers the product, the grams and the label's
 * amount, or without an answer the device reads it with the same rule; their refusals (a bad
 * check digit, an unknown PLU) are Spanish sentences shown as they are, and nothing is added.
 *
 * Each label is a line of its own, charged the label's `monto` (issue 32: a price label its printed
 * amount, what the customer read; a weight label montoPorPeso of its grams) with the grams that leave
 * the stock, and its 13 digits for the server to read again (carrito.ts agregarEtiquetaAlCarrito).
 */
async function agregarEtiqueta(
  { idMinimarket, codigo, local }: { idMinimarket: number; codigo: string; local: boolean },
  { actuales, aplicar }: Pick<CarritoVenta, 'actuales' | 'aplicar'>,
  informar: (estado: EstadoEscaneo) => void,
) {
  try {
    const leida = await leerEtiquetaLocalOEnLinea(idMinimarket, codigo, local);
    if (leida.tipo !== 'ok') {
      // Only the device can say "not a label" here: the code is in neither of its lists.
      const texto = leida.tipo === 'error' ? leida.mensaje : 'Sin conexión: el código no está en el catálogo del equipo.';
      informar({ tipo: 'error', texto });
      toast.error(texto);
      return;
    }
    const { producto, gramos, monto } = leida;
    const ok = aplicar(agregarEtiquetaAlCarrito(actuales.current, producto, { codigo, gramos, monto }));
    informar(estadoAgregado(producto.nombre_producto, ok, formatPeso(gramos)));
  } catch (e) {
    const texto = mensajeDeError(e, 'No se pudo leer la etiqueta de la balanza.');
    informar({ tipo: 'error', texto });
    toast.error(texto);
  }
}

/**
 * Scans can overlap (a slow answer, a fast cashier): the line under the scan field speaks of the
 * latest one only, so an older "no encontrado" never lands after a later success. The scanner gun
 * works from anywhere on the page while `activo` (the cart's view).
 */
export function useEscaneoVenta({
  idMinimarket,
  esDueno,
  activo,
  carrito,
  setEstadoEscaneo,
}: {
  idMinimarket: number;
  esDueno: boolean;
  activo: boolean;
  carrito: Pick<CarritoVenta, 'actuales' | 'aplicar' | 'agregar' | 'setPesaje'>;
  setEstadoEscaneo: Dispatch<SetStateAction<EstadoEscaneo | null>>;
}) {
  const queryClient = useQueryClient();
  const [buscando, setBuscando] = useState(false);
  const { actuales, aplicar, agregar, setPesaje } = carrito;
  const ultimoEscaneo = useRef(0);
  const alEscanear = useCallback(
    async (codigo: string) => {
      const este = ++ultimoEscaneo.current;
      const informar = (estado: EstadoEscaneo) => {
        if (este === ultimoEscaneo.current) setEstadoEscaneo(estado);
      };
      setBuscando(true);
      informar({ tipo: 'info', texto: `Buscando ${codigo}...` });
      try {
        // The exact barcode first, as always (the scanner's one request): a shop's own code that
        // happens to start with 20 still sells as itself.
        // Without an answer from the API, the device's catalogue (lib/offline/catalogo.ts).
        const { producto, local } = await buscarProductoLocalOEnLinea(idMinimarket, codigo);
        // Without the API, an unknown code may still be a scale label: the device reads it with the
        // layout of its last refresh.
        if (!producto && (local || (await esEtiqueta(queryClient, idMinimarket, codigo)))) {
          await agregarEtiqueta({ idMinimarket, codigo, local }, { actuales, aplicar }, informar);
          return;
        }
        if (!producto) {
          informar({
            tipo: 'error',
            texto: 'Producto no encontrado en el inventario.',
            // The owner creates it with the code filled in and comes back with it in the cart.
            accion: esDueno ? enlaceCrearProducto(codigo) : undefined,
          });
          toast.error('Producto no encontrado en el inventario.');
          return;
        }
        if (esGranel(producto)) {
          setPesaje({ producto, escaneado: true });
          informar(estadoPesar(producto.nombre_producto));
          return;
        }
        informar(estadoAgregado(producto.nombre_producto, agregar(producto)));
      } catch (e) {
        const texto = mensajeDeError(e, 'Error al buscar el producto.');
        informar({ tipo: 'error', texto });
        toast.error(texto);
      } finally {
        if (este === ultimoEscaneo.current) setBuscando(false);
      }
    },
    [idMinimarket, queryClient, actuales, aplicar, agregar, setPesaje, esDueno, setEstadoEscaneo],
  );

  useBarcodeScanner((codigo) => void alEscanear(codigo), activo);

  return { buscando, alEscanear };
}
