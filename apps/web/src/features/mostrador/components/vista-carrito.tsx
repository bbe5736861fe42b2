// Nueva venta's cart view: the scan field and the quick keys, the cart, and the manual search, with
// the skip link that takes the focus from the search back to «Proceder al pago».
import type { Producto } from '@minimarket/contracts/productos';
import { useRef } from 'react';
import { esGranel } from '../../../lib/granel';
import { useCurrentShop } from '../../../lib/current-shop';
import { EscanerPanel } from '../../escaner';
import type { NuevaVenta } from '../hooks/use-venta';
import { cambiarCantidad, fijarDescuentoLinea, quitarDelCarrito } from '../utils/carrito';
import { estadoAgregado, estadoPesar } from '../utils/estado-escaneo';
import { CarritoPanel } from './carrito-panel';
import { ProductosVentaTabla } from './productos-venta-tabla';
import { TeclasRapidas } from './teclas-rapidas';

/** The cart's «Proceder al pago» button, found by its words inside the cart's box. */
const botonPagar = (caja: HTMLElement | null) =>
  [...(caja?.querySelectorAll('button') ?? [])].find((b) => /^proceder al pago$/i.test(b.textContent?.trim() ?? ''));

export function VistaCarrito({ venta }: { venta: NuevaVenta }) {
  const { umbralStockBajo } = useCurrentShop();
  const { carrito, descuento, setEstadoEscaneo, escaneo, cierre } = venta;
  const { items, actuales, aplicar, agregar, setPesaje } = carrito;
  // The cart's box: «Ir al pago» takes the focus to its «Proceder al pago».
  const caja = useRef<HTMLDivElement>(null);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-5">
      <div className="lg:col-span-3">
        <EscanerPanel
          titulo="Escanear producto"
          descripcion="Usa el lector de código de barras en cualquier momento: el producto se agrega solo al carrito."
          onCodigo={(c) => void escaneo.alEscanear(c)}
          buscando={escaneo.buscando}
          estado={venta.estadoEscaneo}
        />
        <div className="mt-4">
          <TeclasRapidas
            idMinimarket={venta.idMinimarket}
            esDueno={venta.esDueno}
            onVentaLibre={() => venta.setVentaLibre(true)}
            // One tap, one unit (a kg product opens the weight); said where a scan is said.
            onAgregar={(p) => {
              const ok = agregar(p);
              if (!esGranel(p)) setEstadoEscaneo(estadoAgregado(p.nombre_producto, ok));
            }}
          />
        </div>
      </div>
      <div className="lg:col-span-2 lg:row-span-2">
        <div className="lg:sticky lg:top-20" ref={caja}>
          <CarritoPanel
            items={items}
            descuentoCarrito={descuento.carrito}
            motivoDescuento={descuento.motivo}
            topeCajero={venta.topeCajero}
            onSumar={(item) => agregar(item.producto)}
            onCambiarCantidad={(clave, texto) => aplicar(cambiarCantidad(actuales.current, clave, texto))}
            onPesar={(item) => setPesaje({ producto: item.producto, gramos: item.cantidad })}
            onQuitar={(clave) => aplicar({ items: quitarDelCarrito(actuales.current, clave) })}
            onVaciar={() => {
              aplicar({ items: [] });
              venta.limpiarDescuento();
            }}
            onDescuento={(clave, d, motivo) => {
              if (clave !== null) aplicar({ items: fijarDescuentoLinea(actuales.current, clave, d) });
              venta.setDescuento((v) => ({ carrito: clave === null ? d : v.carrito, motivo: motivo || v.motivo }));
            }}
            onPagar={() => {
              cierre.olvidarUltima();
              venta.setVista('pago');
            }}
          />
        </div>
      </div>
      <div className="lg:col-span-3">
        <ProductosVentaTabla
          idMinimarket={venta.idMinimarket}
          umbral={umbralStockBajo}
          // A product added by hand is said in the scanner's live region, as a scanned one is (the line
          // under the scan field speaks of the latest product in, whichever way it came).
          onAgregar={(p: Producto) => {
            if (esGranel(p)) {
              setPesaje({ producto: p, escaneado: true });
              setEstadoEscaneo(estadoPesar(p.nombre_producto));
              return;
            }
            setEstadoEscaneo(estadoAgregado(p.nombre_producto, agregar(p)));
          }}
        />
        {/* The manual search comes after the cart on the page: from its «Agregar» buttons the next Tab
            stops ran round the whole page (29 of them) before «Proceder al pago». This skip link, seen
            when it has the focus, takes the focus back to it. */}
        {items.length > 0 && (
          <button
            type="button"
            className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-marca-800 underline focus:not-sr-only focus:mt-2 focus:inline-block"
            onClick={() => botonPagar(caja.current)?.focus()}
          >
            Ir al pago
          </button>
        )}
      </div>
    </div>
  );
}
