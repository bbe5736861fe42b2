// POS → NUEVA VENTA: scan or search, the cart, the payment. Its state and effects live in
// hooks/use-venta.ts; this page lays them out and says what happened (the live region, the notices).
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { tituloPagina } from '../../../lib/app-info';
import { AjusteStockDialog } from '../../ajustes-stock';
import { useVenta, type NuevaVenta } from '../hooks/use-venta';
import { AvisoCaja } from './aviso-caja';
import { PagoPanel } from './pago-panel';
import { PesoDialog } from './peso-dialog';
import { VentaLibreDialog } from './venta-libre-dialog';
import { anuncioVenta, anuncioVentaPendiente, VentaPendienteRegistrada, VentaRegistrada } from './venta-registrada';
import { VentasRechazadas } from './ventas-rechazadas';
import { VistaCarrito } from './vista-carrito';

/**
 * On the page in both views before any sale, so a screen reader says the sale when its text arrives
 * (a live region added with its text already in it is often not read).
 */
function AnuncioVenta({ venta: { vista, cierre } }: { venta: NuevaVenta }) {
  const { ultimaVenta, ventaGuardada } = cierre;
  return (
    <div role="status" aria-live="polite" className="sr-only" data-testid="anuncio-venta">
      {ultimaVenta && vista === 'carrito'
        ? anuncioVenta(ultimaVenta.venta, ultimaVenta.cliente)
        : ventaGuardada && vista === 'carrito'
          ? anuncioVentaPendiente(ventaGuardada)
          : ''}
    </div>
  );
}

/** A product the system calls out of stock (or short) in the customer's hands: the owner may correct its stock. */
function AvisoFaltaStock({ venta: { carrito, esDueno, setCorrigiendo } }: { venta: NuevaVenta }) {
  const { faltaStock } = carrito;
  if (!faltaStock) return null;
  return (
    <Alert
      tipo="aviso"
      className="mb-4"
      accion={
        esDueno ? (
          <Button tamano="sm" variante="contorno" onClick={() => setCorrigiendo(faltaStock.producto)}>
            Corregir stock
          </Button>
        ) : undefined
      }
    >
      <span data-testid="aviso-falta-stock">
        {faltaStock.mensaje}
        {esDueno && ' Si el cliente lo tiene en la mano, el conteo está mal: corrige el stock y sigue vendiendo.'}
      </span>
    </Alert>
  );
}

export function NuevaVentaPage({ idMinimarket }: { idMinimarket: number }) {
  const venta = useVenta(idMinimarket);
  const { vista, carrito, descuento, cierre } = venta;
  return (
    <>
      <title>{tituloPagina('Nueva venta')}</title>
      <h2 className="sr-only">Nueva venta</h2>
      <AnuncioVenta venta={venta} />
      <AvisoCaja idMinimarket={idMinimarket} rechazo={cierre.rechazoCaja} soloSiBloquea={vista === 'pago'} />
      <VentasRechazadas />
      {cierre.dialogoAutorizacion}
      {cierre.ultimaVenta && vista === 'carrito' && (
        <VentaRegistrada venta={cierre.ultimaVenta.venta} cliente={cierre.ultimaVenta.cliente} />
      )}
      {cierre.ventaGuardada && vista === 'carrito' && <VentaPendienteRegistrada venta={cierre.ventaGuardada} />}
      {vista === 'carrito' && <AvisoFaltaStock venta={venta} />}
      <AjusteStockDialog idMinimarket={idMinimarket} producto={venta.corrigiendo} defaultTipo="conteo" onDone={venta.alCorregir} />
      <VentaLibreDialog abierto={venta.ventaLibre} onCerrar={() => venta.setVentaLibre(false)} onAgregar={venta.agregarLibre} />
      <PesoDialog pesaje={carrito.pesaje} onConfirmar={venta.confirmarPeso} onCerrar={venta.cerrarPeso} />
      {vista === 'pago' ? (
        <PagoPanel
          idMinimarket={idMinimarket}
          items={carrito.items}
          descuentoCarrito={descuento.carrito}
          motivoDescuento={descuento.motivo}
          rechazo={cierre.rechazoPago}
          procesando={cierre.procesando}
          cajaAbierta={venta.cajaAbierta}
          onRegresar={() => {
            cierre.setRechazoPago(null);
            venta.setVista('carrito');
          }}
          onFinalizar={cierre.finalizar}
        />
      ) : (
        <VistaCarrito venta={venta} />
      )}
    </>
  );
}
