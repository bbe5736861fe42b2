import type { AjusteStockResultado, TipoAjuste } from '@minimarket/contracts/ajustes-stock';
import { Dialog } from '../../../components/ui/dialog';
import { AjusteStockForm, type ProductoAjustable } from './ajuste-stock-form';

/**
 * "Ajustar stock" as a dialog, to open from anywhere in the POS: Inventario's rows, and the sale
 * screen when a product the system calls agotado is in the customer's hands (the owner corrects the
 * stock with a count, then sells it). Open while `producto` is set. `onDone` is called once: with the
 * result after saving (its `producto` is the product as it is now), or with nothing when closed
 * without saving. Every product list is fetched again after a save (useAjustarStock).
 */
export function AjusteStockDialog({
  idMinimarket,
  producto,
  defaultTipo = 'conteo',
  onDone,
}: {
  idMinimarket: number;
  producto: ProductoAjustable | null;
  defaultTipo?: TipoAjuste;
  onDone: (resultado?: AjusteStockResultado) => void;
}) {
  // The native dialog also reports 'close' when it closes because `producto` went null after a
  // save: by then this render has no product, so that close is not taken for a cancel.
  const terminar = (resultado?: AjusteStockResultado) => {
    if (producto) onDone(resultado);
  };
  return (
    <Dialog
      abierto={producto !== null}
      onCerrar={() => terminar()}
      titulo="Ajustar stock"
      // The stock is in the form's preview, which follows the server's figure after a refusal.
      descripcion={producto?.nombre_producto}
      className="max-w-xl"
    >
      {producto && (
        // Keyed by product: each opening starts with an empty form.
        <AjusteStockForm
          key={producto.id_producto}
          idMinimarket={idMinimarket}
          producto={producto}
          defaultTipo={defaultTipo}
          onDone={terminar}
          onCancelar={() => terminar()}
        />
      )}
    </Dialog>
  );
}
