import { ShopSelector } from '../../components/shop/shop-selector';
import { RequiereTienda } from '../../components/shop/requiere-tienda';
import { SectionLayout } from '../../components/ui/section-layout';
import { PaginaNoEncontrada } from '../error-page';
import { useParams } from 'react-router-dom';
import { ClientePage } from '../../features/clientes/components/cliente-page';
import { ClientesPage } from '../../features/clientes/components/clientes-page';
import { AjustesPage } from '../../features/pos/components/ajustes/ajustes-page';
import { BoletasPage } from '../../features/pos/components/boletas/boletas-page';
import { CajaPage } from '../../features/pos/components/caja/caja-page';
import { InventarioPage } from '../../features/pos/components/inventario/inventario-page';
import { NuevaVentaPage } from '../../features/pos/components/nueva-venta/nueva-venta-page';
import { NuevoProductoPage } from '../../features/pos/components/nuevo-producto/nuevo-producto-page';
import { TransaccionesPage } from '../../features/pos/components/transacciones/transacciones-page';

export function PosLayout() {
  return (
    <SectionLayout
      titulo="Punto de Venta"
      acciones={<ShopSelector />}
      pestanas={[
        { to: '/pos/nueva-venta', label: 'NUEVA VENTA' },
        { to: '/pos/nuevo-producto', label: 'NUEVO PRODUCTO' },
        { to: '/pos/buscar-producto', label: 'BUSCAR PRODUCTO' },
        { to: '/pos/transacciones', label: 'TRANSACCIONES' },
        // 'Mermas' is the word an owner looks for; the page is stock adjustments of every reason.
        { to: '/pos/ajustes', label: 'AJUSTES Y MERMAS' },
        { to: '/pos/caja', label: 'CAJA' },
        // La libreta de fiado (issue #21): who owes what, each customer's statement and abonos.
        { to: '/pos/clientes', label: 'CLIENTES' },
        // The electronic boletas (issue #23): pending, rejected (retry) and issued by day.
        { to: '/pos/boletas', label: 'BOLETAS' },
      ]}
    />
  );
}

// Each page remounts when the administrador switches shops, so nothing of one shop leaks into another.
export function NuevaVentaRoute() {
  return <RequiereTienda>{(id) => <NuevaVentaPage key={id} idMinimarket={id} />}</RequiereTienda>;
}

export function NuevoProductoRoute() {
  return <RequiereTienda>{(id) => <NuevoProductoPage key={id} idMinimarket={id} />}</RequiereTienda>;
}

export function BuscarProductoRoute() {
  return <RequiereTienda>{(id) => <InventarioPage key={id} idMinimarket={id} />}</RequiereTienda>;
}

export function TransaccionesRoute() {
  return <RequiereTienda>{(id) => <TransaccionesPage key={id} idMinimarket={id} />}</RequiereTienda>;
}

export function CajaRoute() {
  return <RequiereTienda>{(id) => <CajaPage key={id} idMinimarket={id} />}</RequiereTienda>;
}

export function AjustesRoute() {
  return <RequiereTienda>{(id) => <AjustesPage key={id} idMinimarket={id} />}</RequiereTienda>;
}

export function ClientesRoute() {
  return <RequiereTienda>{(id) => <ClientesPage key={id} idMinimarket={id} />}</RequiereTienda>;
}

export function BoletasRoute() {
  return <RequiereTienda>{(id) => <BoletasPage key={id} idMinimarket={id} />}</RequiereTienda>;
}

export function ClienteRoute() {
  const idCliente = Number(useParams().id);
  if (!Number.isInteger(idCliente) || idCliente <= 0) return <PaginaNoEncontrada />;
  return <RequiereTienda>{(id) => <ClientePage key={`${id}-${idCliente}`} idMinimarket={id} idCliente={idCliente} />}</RequiereTienda>;
}
