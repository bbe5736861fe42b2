import { zodResolver } from '@hookform/resolvers/zod';
import { MENSAJE_CAMPOS_OBLIGATORIOS_PRODUCTO, type Producto, type ProductoUpdate } from '@minimarket/contracts/productos';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { BackHeader } from '../../../components/ui/back-header';
import { Card } from '../../../components/ui/card';
import { FormActions } from '../../../components/ui/form-actions';
import { mensajeDeError } from '../../../lib/api-client';
import { formatClp } from '../../../utils/format';
import { formatPeso } from '@minimarket/contracts/granel';
import { soloCambios } from '../../../utils/solo-cambios';
import { useActualizarProducto } from '../api/productos';
import { productoFormSchema, type ProductoFormInput, type ProductoFormOutput } from '../utils/producto-form-schema';
import { faltanObligatorios, ProductoCampos } from './producto-campos';

function aFormulario(p: Producto): ProductoFormInput {
  return {
    codigo_barra: p.codigo_barra ?? '',
    nombre_producto: p.nombre_producto,
    categoria: p.categoria,
    // As the money field shows them after editing ('$1.990'), so leaving one untouched is no change.
    precio_venta: formatClp(p.precio_venta_actual),
    precio_compra: p.precio_compra_actual === null ? '' : formatClp(p.precio_compra_actual),
    unidad: p.unidad,
    // A kg product's grams as the field reads them back: 12500 → '12,500' (kilos).
    stock: p.unidad === 'kg' ? formatPeso(p.stock).replace(/ kg$/, '') : String(p.stock),
    codigo_plu: p.codigo_plu ?? '',
    descripcion: p.descripcion ?? '',
    marca: p.marca ?? '',
    imagen: p.imagen ?? '',
    exento: p.exento,
  };
}

export function EditarProducto({ producto, onVolver }: { producto: Producto; onVolver: () => void }) {
  const actualizar = useActualizarProducto();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<ProductoFormInput, unknown, ProductoFormOutput>({
    resolver: zodResolver(productoFormSchema),
    defaultValues: aFormulario(producto),
  });

  const guardar = handleSubmit(async (datos) => {
    setError(null);
    try {
      // The server takes `stock` as the new count: sending back the one read earlier would undo sales since.
      const cambios: ProductoUpdate = soloCambios(datos, dirtyFields);
      // A barcode erased (a kg product left with its PLU) is removed: null, not left out.
      if (dirtyFields.codigo_barra && datos.codigo_barra === undefined) cambios.codigo_barra = null;
      if (dirtyFields.unidad) {
        // Another unit changes what the stock counts (units or grams): the figure on screen goes
        // with it, read in the new unit. A unit product carries no PLU.
        cambios.stock = datos.stock;
        if (datos.unidad === 'unidad' && producto.codigo_plu !== null) cambios.codigo_plu = null;
      }
      if (Object.keys(cambios).length === 0) {
        onVolver();
        return;
      }
      await actualizar.mutateAsync({ id: producto.id_producto, datos: cambios });
      toast.success('Producto actualizado exitosamente.', { duration: 2000 });
      onVolver();
    } catch (e) {
      setError(mensajeDeError(e, 'Hubo un error al actualizar el producto.'));
    }
  });

  return (
    <Card className="p-4 sm:p-5">
      <BackHeader titulo="Editar producto" textoVolver="Volver al inventario" tamanoTitulo="lg" onVolver={onVolver} />
      <form onSubmit={guardar} noValidate className="mt-4 space-y-4" aria-label="Editar producto">
        {faltanObligatorios(errors) && <Alert tipo="error">{MENSAJE_CAMPOS_OBLIGATORIOS_PRODUCTO}</Alert>}
        {error && <Alert tipo="error">{error}</Alert>}
        <ProductoCampos register={register} errors={errors} unidad={watch('unidad')} etiquetaStock="Stock" />
        <FormActions onCancelar={onVolver} guardando={isSubmitting} textoGuardar="Guardar cambios" />
      </form>
    </Card>
  );
}
