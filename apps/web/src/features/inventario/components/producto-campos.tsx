import { ETIQUETA_UNIDAD_VENTA, UNIDADES_VENTA, type UnidadVenta } from '@minimarket/contracts/granel';
import { MENSAJE_CAMPOS_OBLIGATORIOS_PRODUCTO } from '@minimarket/contracts/productos';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field, Input, Select, Textarea } from '../../../components/ui/field';
import { MontoInput } from '../../../components/ui/monto-input';
import { OpcionesCategoria } from '../../productos';
import type { ProductoFormInput } from '../utils/producto-form-schema';

/** A required field left blank: the form shows the one spec message on top, the field says why. */
function mensajeCampo(mensaje: string | undefined): string | undefined {
  return mensaje === MENSAJE_CAMPOS_OBLIGATORIOS_PRODUCTO ? 'Este campo es obligatorio.' : mensaje;
}

export function faltanObligatorios(errors: FieldErrors<ProductoFormInput>): boolean {
  return Object.values(errors).some((e) => e?.message === MENSAJE_CAMPOS_OBLIGATORIOS_PRODUCTO);
}

export function ProductoCampos({
  register,
  errors,
  unidad,
  conStock = true,
  etiquetaStock = 'Stock inicial',
}: {
  register: UseFormRegister<ProductoFormInput>;
  errors: FieldErrors<ProductoFormInput>;
  /** The form's current "Se vende": a kg product's prices are per kilo and its stock in kilos. */
  unidad: UnidadVenta;
  conStock?: boolean;
  etiquetaStock?: string;
}) {
  const kg = unidad === 'kg';
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field
        label="Código de barras"
        requerido={!kg}
        error={mensajeCampo(errors.codigo_barra?.message)}
        hint={kg ? 'Opcional si el producto tiene su PLU de balanza.' : undefined}
      >
        {(p) => <Input {...p} autoComplete="off" inputMode="numeric" className="font-mono" {...register('codigo_barra')} />}
      </Field>
      <Field label="Nombre del producto" requerido error={mensajeCampo(errors.nombre_producto?.message)}>
        {(p) => <Input {...p} autoComplete="off" {...register('nombre_producto')} />}
      </Field>
      <Field label="Categoría" requerido error={mensajeCampo(errors.categoria?.message)}>
        {(p) => (
          <Select {...p} {...register('categoria')}>
            <OpcionesCategoria vacia="Selecciona una categoría" />
          </Select>
        )}
      </Field>
      <Field label="Marca" error={errors.marca?.message}>
        {(p) => <Input {...p} autoComplete="off" {...register('marca')} />}
      </Field>
      <Field
        label="Se vende"
        error={errors.unidad?.message}
        hint={kg ? 'Se pesa al vender: el precio y el costo son por kilo, el stock va en kilos.' : undefined}
      >
        {(p) => (
          <Select {...p} {...register('unidad')}>
            {UNIDADES_VENTA.map((u) => (
              <option key={u} value={u}>
                {ETIQUETA_UNIDAD_VENTA[u]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {kg ? (
        <Field label="PLU (balanza)" error={errors.codigo_plu?.message} hint="Opcional. El número con que la balanza imprime su etiqueta.">
          {(p) => (
            <Input {...p} inputMode="numeric" autoComplete="off" className="font-mono" placeholder="Ej: 42" {...register('codigo_plu')} />
          )}
        </Field>
      ) : (
        // Keeps the grid's pairs in step: the prices start a row either way.
        <div className="hidden sm:block" aria-hidden="true" />
      )}
      <Field label={kg ? 'Precio por kilo (CLP)' : 'Precio de venta (CLP)'} requerido error={mensajeCampo(errors.precio_venta?.message)}>
        {(p) => <MontoInput {...p} placeholder={kg ? 'Ej: $8.990' : 'Ej: $1.290'} {...register('precio_venta')} />}
      </Field>
      <Field
        label={kg ? 'Costo por kilo (CLP)' : 'Precio de compra (CLP)'}
        error={errors.precio_compra?.message}
        hint="Opcional, con IVA, como dice la factura. Sirve para calcular tu margen."
      >
        {(p) => <MontoInput {...p} {...register('precio_compra')} />}
      </Field>
      {conStock && (
        <Field
          label={kg ? `${etiquetaStock} (kg)` : etiquetaStock}
          error={errors.stock?.message}
          hint={kg ? 'En kilos con coma (12,5) o en gramos (800 g).' : undefined}
        >
          {(p) => <Input {...p} inputMode={kg ? 'decimal' : 'numeric'} autoComplete="off" {...register('stock')} />}
        </Field>
      )}
      <Field label="URL de la imagen" error={errors.imagen?.message}>
        {(p) => <Input {...p} type="url" autoComplete="off" placeholder="https://..." {...register('imagen')} />}
      </Field>
      <Field label="Descripción" error={errors.descripcion?.message} className="sm:col-span-2">
        {(p) => <Textarea {...p} rows={2} {...register('descripcion')} />}
      </Field>
      <label className="flex items-start gap-3 text-sm text-slate-700 sm:col-span-2">
        <input type="checkbox" className="mt-1 size-5 accent-marca-700" {...register('exento')} />
        <span>
          <span className="font-medium text-slate-900">Exento de IVA</span>
          <span className="block text-slate-600">
            Solo si por ley no paga IVA: en la boleta electrónica va aparte, como monto exento. Si tienes dudas, pregúntale a tu contador.
          </span>
        </span>
      </label>
      {errors.exento?.message && <p className="text-sm text-red-700 sm:col-span-2">{errors.exento.message}</p>}
    </div>
  );
}
