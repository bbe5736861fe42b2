import { zodResolver } from '@hookform/resolvers/zod';
import { ingresoStockSchema, MENSAJE_INGRESO_STOCK_INVALIDO, precioCompraUnitario, type Producto } from '@minimarket/contracts/productos';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Input } from '../../../../components/ui/field';
import { mensajeDeError } from '../../../../lib/api-client';
import { formatClp, formatEntero } from '../../../../utils/format';
import { useIngresoStock } from '../../api/productos';

/** Whole numbers typed as text; anything else fails with the contract's one message. */
const entero = (campo: z.ZodNumber) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v), { error: MENSAJE_INGRESO_STOCK_INVALIDO })
    .transform(Number)
    .pipe(campo);

const ingresoFormSchema = z.object({
  cantidad: entero(ingresoStockSchema.shape.cantidad),
  costo_total: entero(ingresoStockSchema.shape.costo_total),
});
type IngresoFormInput = z.input<typeof ingresoFormSchema>;

export function IngresoStockDialog({ producto, onCerrar }: { producto: Producto | null; onCerrar: () => void }) {
  const ingreso = useIngresoStock();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<IngresoFormInput, unknown, z.output<typeof ingresoFormSchema>>({
    resolver: zodResolver(ingresoFormSchema),
    values: { cantidad: '', costo_total: '' },
  });
  const cantidad = Number(watch('cantidad'));
  const costo = Number(watch('costo_total'));
  const unitario =
    Number.isInteger(cantidad) && cantidad > 0 && Number.isInteger(costo) && costo > 0 ? precioCompraUnitario(costo, cantidad) : null;
  const mensaje = errors.cantidad?.message ?? errors.costo_total?.message ?? errors.root?.message;

  const enviar = handleSubmit(async (datos) => {
    if (!producto) return;
    try {
      await ingreso.mutateAsync({ id: producto.id_producto, ...datos });
      toast.success(`Se agregaron ${formatEntero(datos.cantidad)} unidades a ${producto.nombre_producto}.`, { duration: 2000 });
      onCerrar();
    } catch (e) {
      setError('root', { message: mensajeDeError(e, 'Hubo un error al actualizar el producto.') });
    }
  });

  return (
    <Dialog
      abierto={producto !== null}
      onCerrar={onCerrar}
      titulo="Agregar stock"
      descripcion={producto ? `${producto.nombre_producto} · stock actual: ${formatEntero(producto.stock)}` : undefined}
      pie={
        <>
          <Button variante="contorno" onClick={onCerrar}>
            Cancelar
          </Button>
          <Button type="submit" form="ingreso-stock" disabled={ingreso.isPending}>
            {ingreso.isPending ? 'Guardando...' : 'Agregar stock'}
          </Button>
        </>
      }
    >
      <form id="ingreso-stock" onSubmit={enviar} noValidate className="space-y-4">
        {mensaje && <Alert tipo="error">{mensaje}</Alert>}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="Cantidad de unidades">
            {(p) => (
              <Input {...p} aria-invalid={Boolean(errors.cantidad)} inputMode="numeric" autoComplete="off" {...register('cantidad')} />
            )}
          </Field>
          <Field label="Costo total de la compra (CLP)">
            {(p) => (
              <Input
                {...p}
                aria-invalid={Boolean(errors.costo_total)}
                inputMode="numeric"
                autoComplete="off"
                {...register('costo_total')}
              />
            )}
          </Field>
        </div>
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" aria-live="polite">
          Precio de compra unitario: <strong>{unitario !== null ? formatClp(unitario) : '—'}</strong>
          <span className="block text-xs text-slate-600">Costo total dividido por la cantidad, redondeado hacia arriba.</span>
        </p>
      </form>
    </Dialog>
  );
}
