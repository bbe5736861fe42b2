import { zodResolver } from '@hookform/resolvers/zod';
import { formatPeso, leerPeso, type UnidadVenta } from '@minimarket/contracts/granel';
import { leerEntero } from '@minimarket/contracts/numeros';
import { costoTrasIngreso } from '@minimarket/contracts/costo-promedio';
import { ingresoStockSchema, MENSAJE_INGRESO_STOCK_INVALIDO, type Producto } from '@minimarket/contracts/productos';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/field';
import { MontoInput } from '../../../components/ui/monto-input';
import { mensajeDeError } from '../../../lib/api-client';
import { formatCantidadBreve, formatPrecio, MAX_GRAMOS_STOCK } from '../../../lib/granel';
import { contar, formatClp, formatEntero } from '../../../utils/format';
import { comoEntrada } from '../../../utils/zod-form';
import { useIngresoStock } from '../api/productos';

/** Blank is the spec's message; the rest is the contract's parser ('13.000', '$13.000') and rules. */
const requerido = z.string().trim().min(1, { error: MENSAJE_INGRESO_STOCK_INVALIDO }).transform(comoEntrada);

/** Kilos as a Chilean types them (leerPeso: '12,5', '800 g'), to grams; its messages as they are. */
const gramosRecibidos = z
  .string()
  .trim()
  .min(1, { error: MENSAJE_INGRESO_STOCK_INVALIDO })
  .transform((texto, ctx): string | number => {
    const r = leerPeso(texto, { maximo: MAX_GRAMOS_STOCK });
    if (r.ok) return r.gramos;
    ctx.addIssue({ code: 'custom', message: r.mensaje });
    return z.NEVER;
  })
  .pipe(ingresoStockSchema.shape.cantidad);

/** Units for a unit product; for a kg product the quantity is a weight, sent as grams. */
const ingresoFormSchema = (unidad: UnidadVenta) =>
  z.object({
    cantidad: unidad === 'kg' ? gramosRecibidos : requerido.pipe(ingresoStockSchema.shape.cantidad),
    costo_total: requerido.pipe(ingresoStockSchema.shape.costo_total),
  });

/** The preview's reading of a field: a positive whole number (grams for a weight), or nothing yet. */
function positivo(texto: string, opciones: { pesos?: boolean; unidad?: UnidadVenta } = {}): number | null {
  if (opciones.unidad === 'kg') {
    const r = leerPeso(texto, { maximo: MAX_GRAMOS_STOCK });
    return r.ok ? r.gramos : null;
  }
  const r = leerEntero(texto, { campo: '', pesos: opciones.pesos });
  return r.ok && r.valor > 0 ? r.valor : null;
}
type IngresoFormInput = z.input<ReturnType<typeof ingresoFormSchema>>;

export function IngresoStockDialog({ producto, onCerrar }: { producto: Producto | null; onCerrar: () => void }) {
  const ingreso = useIngresoStock();
  // The dialog is keyed by product (Inventario): the unit is fixed for one opening.
  const unidad = producto?.unidad ?? 'unidad';
  const kg = unidad === 'kg';
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<IngresoFormInput, unknown, z.output<ReturnType<typeof ingresoFormSchema>>>({
    resolver: zodResolver(ingresoFormSchema(unidad)),
    values: { cantidad: '', costo_total: '' },
  });
  const cantidad = positivo(watch('cantidad'), { unidad });
  const costo = positivo(watch('costo_total'), { pesos: true });
  // The rule the server applies when saving (under the product's lock, with the stock it finds then);
  // for a kg product a cost per kilo of grams.
  const costos =
    producto && cantidad !== null && costo !== null
      ? costoTrasIngreso({ stockActual: producto.stock, costoActual: producto.precio_compra_actual, cantidad, costoTotal: costo, unidad })
      : null;
  const mensaje = errors.cantidad?.message ?? errors.costo_total?.message ?? errors.root?.message;

  const enviar = handleSubmit(async (datos) => {
    if (!producto) return;
    try {
      await ingreso.mutateAsync({ id: producto.id_producto, ...datos });
      toast.success(
        kg
          ? `Se agregaron ${formatPeso(datos.cantidad)} a ${producto.nombre_producto}.`
          : `Se ${datos.cantidad === 1 ? 'agregó' : 'agregaron'} ${contar(datos.cantidad, 'unidad', 'unidades')} a ${producto.nombre_producto}.`,
        { duration: 2000 },
      );
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
      descripcion={
        producto ? `${producto.nombre_producto} · stock actual: ${formatCantidadBreve(producto.stock, producto.unidad)}` : undefined
      }
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
          <Field
            label={kg ? 'Cantidad (kg)' : 'Cantidad de unidades'}
            hint={kg ? 'En kilos con coma (12,5) o en gramos (800 g).' : undefined}
          >
            {(p) => (
              <Input
                {...p}
                aria-invalid={Boolean(errors.cantidad)}
                inputMode={kg ? 'decimal' : 'numeric'}
                autoComplete="off"
                {...register('cantidad')}
              />
            )}
          </Field>
          {/* Costs are written with IVA, as the invoice shows them (docs/stock.md «Costos con IVA»). */}
          <Field label="Costo total (con IVA)" hint="Con IVA, como dice la factura: lo que pagaste por todo lo que llegó.">
            {(p) => <MontoInput {...p} aria-invalid={Boolean(errors.costo_total)} {...register('costo_total')} />}
          </Field>
        </div>
        {producto && <VistaCosto producto={producto} cantidad={cantidad} costo={costo} costos={costos} />}
      </form>
    </Dialog>
  );
}

/**
 * What the delivery does to the unit cost, before saving: this purchase's unit cost and the
 * product's resulting one (weighted average with the stock on hand; docs/stock.md), with the sum
 * written out so the owner can check it.
 */
function VistaCosto({
  producto,
  cantidad,
  costo,
  costos,
}: {
  producto: Producto;
  cantidad: number | null;
  costo: number | null;
  costos: ReturnType<typeof costoTrasIngreso> | null;
}) {
  const actual = producto.precio_compra_actual;
  const kg = producto.unidad === 'kg';
  // A kg product's cost is per kilo: the stock and the delivery are said in kilos.
  const costoDe = kg ? 'Costo por kilo' : 'Costo unitario';
  let explicacion: string;
  if (!costos || cantidad === null || costo === null)
    explicacion = `Escribe la cantidad y el costo total para ver el ${costoDe.toLowerCase()} que quedará.`;
  else if (costos.promediado)
    explicacion = kg
      ? `Promedio ponderado: (${formatPeso(producto.stock)} × ${formatClp(actual!)}/kg + ${formatClp(costo)}) / ${formatPeso(
          producto.stock + cantidad,
        )}, redondeado al peso.`
      : `Promedio ponderado: (${formatEntero(producto.stock)} × ${formatClp(actual!)} + ${formatClp(costo)}) / ${formatEntero(
          producto.stock + cantidad,
        )} unidades, redondeado al peso.`;
  else if (producto.stock <= 0) explicacion = 'No hay stock que promediar: queda el costo de esta compra.';
  else explicacion = 'El producto no tenía precio de compra: queda el costo de esta compra.';
  return (
    <div className="space-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" aria-live="polite" data-testid="vista-costo">
      <p>
        {costoDe} de esta compra: <strong>{costos ? formatPrecio(costos.costoCompra, producto.unidad) : '—'}</strong>
      </p>
      <p>
        {costoDe} resultante: <strong>{costos ? formatPrecio(costos.costoResultante, producto.unidad) : '—'}</strong>
        <span className="text-slate-600">
          {' '}
          (actual: {actual !== null ? formatPrecio(actual, producto.unidad) : 'sin precio de compra'})
        </span>
      </p>
      <p className="text-xs text-slate-600">{explicacion}</p>
    </div>
  );
}
