import type { Producto } from '@minimarket/contracts/productos';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { mensajeDeError } from '../../../lib/api-client';
import { useEliminarProducto } from '../api/productos';

/** «Eliminar producto»: asked first; on an error the dialog stays open, so the owner can try again or cancel. */
export function EliminarProductoDialog({ producto, onCerrar }: { producto: Producto | null; onCerrar: () => void }) {
  const eliminar = useEliminarProducto();
  return (
    <ConfirmDialog
      abierto={producto !== null}
      titulo="Eliminar producto"
      procesando={eliminar.isPending}
      onCancelar={onCerrar}
      onConfirmar={() => {
        if (!producto) return;
        const nombre = producto.nombre_producto;
        eliminar.mutate(producto.id_producto, {
          onSuccess: () => {
            toast.success(`Producto "${nombre}" eliminado.`, { duration: 2000 });
            onCerrar();
          },
          // The dialog stays open, so the owner can try again or cancel.
          onError: (e) => {
            console.error(e);
            toast.error(mensajeDeError(e, 'No se pudo eliminar el producto.'));
          },
        });
      }}
    >
      {producto
        ? `¿Seguro que deseas eliminar "${producto.nombre_producto}"? Dejará de aparecer en el inventario y en las ventas; su historial se conserva.`
        : null}
    </ConfirmDialog>
  );
}
