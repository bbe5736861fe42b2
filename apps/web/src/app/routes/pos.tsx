import { ShopSelector } from '../../components/shop/shop-selector';
import { RequiereTienda } from '../../components/shop/requiere-tienda';
import { SectionLayout } from '../../components/ui/section-layout';
import { PaginaNoEncontrada } from '../error-page';
import { useParams } from 'react-router-dom';
import { ClientePage } from '../../features/clientes/components/cliente-page';
import { ClientesPage } from '../../features/clientes/components/clientes-page';
import { AjustesPage } from '../../features/ajustes-stock/components/ajustes-page';
import { BoletasPage } from '../../features/boletas/components/boletas-page';
import { CajaPage } from '../../features/caja/components/caja-page';
import { InventarioPage } from '../../features/inventario/components/inventario-page';
import { NuevaVentaPage } from '../../features/mostrador/components/nueva-venta-page';
import { NuevoProductoPage } from '../../features/inventario/components/nuevo-producto-page';
import { TransaccionesPage } from '../../features/ventas/components/transacciones-page';
import { useAuth } from '../../lib/auth';
import { pestanasPos } from '../../lib/permisos';

export function PosLayout() {
  const { user } = useAuth();
  return (
    <SectionLayout
      titulo="Punto de Venta"
      acciones={<ShopSelector />}
      // Each role sees the tabs it may use (lib/permisos.ts): a cashier has no Nuevo producto, Ajustes or Boletas.
      pestanas={pestanasPos(user?.rol ?? 'cajero')}
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
