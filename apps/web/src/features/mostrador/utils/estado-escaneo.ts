// What the line under the scan field says when a product goes into the cart, whichever way it came
// (a scan, a quick key, the manual search, a weight, a loose sale): a screen reader hears it there.
import type { EstadoEscaneo } from '../../escaner';

/** «Agregado al carrito: Pan · 0,350 kg», or «No se agregó Pan.» when the cart refused it. */
export const estadoAgregado = (nombre: string, ok: boolean, detalle?: string): EstadoEscaneo =>
  ok
    ? { tipo: 'exito', texto: `Agregado al carrito: ${nombre}${detalle !== undefined ? ` · ${detalle}` : ''}` }
    : { tipo: 'error', texto: `No se agregó ${nombre}.` };

/** A kg product waits for its weight before it goes in. */
export const estadoPesar = (nombre: string): EstadoEscaneo => ({ tipo: 'info', texto: `Pesa ${nombre} e ingresa el peso.` });
