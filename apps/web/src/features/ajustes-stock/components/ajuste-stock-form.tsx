import { zodResolver } from '@hookform/resolvers/zod';
import {
  AYUDA_TIPO_AJUSTE,
  CODIGO_STOCK_CAMBIO,
  cantidadContadaSchema,
  ETIQUETA_TIPO_AJUSTE,
  MENSAJE_TIPO_AJUSTE,
  mensajeAjusteSinStock,
  soloDescuenta,
  TIPOS_AJUSTE,
  unidadesSalidaSchema,
  type AjusteStockResultado,
  type TipoAjuste,
} from '@minimarket/contracts/ajustes-stock';
import { formatPeso, type UnidadVenta } from '@minimarket/contracts/granel';
import { leerEntero } from '@minimarket/contracts/numeros';
import { useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { ApiError, mensajeDeError } from '../../../lib/api-client';
import { formatCantidadBreve, leerCantidad as leerCantidadGranel, leerPesoOCero, MAX_GRAMOS_STOCK } from '../../../lib/granel';
import { cn } from '../../../utils/cn';
import { contar } from '../../../utils/format';
import { comoEntrada } from '../../../utils/zod-form';
import { obtenerProducto, useAjustarStock } from '../api/ajustes-stock';
import { cantidadConSigno, pedidoAjuste, stockTrasAjuste } from '../utils/ajustes';

/** What the form needs of a product: the sale screen and Inventario both have it. */
export interface ProductoAjustable {
  id_producto: number;
  nombre_producto: string;
  stock: number;
  /** 'kg': the stock and every quantity here are grams, typed in kilos (leerPeso). */
  unidad?: UnidadVenta;
}

const MAX_NOTA = 200;

const ajusteFormSchema = (unidad: UnidadVenta | undefined) =>
  z
    .object({
      tipo: z.enum(TIPOS_AJUSTE, { error: MENSAJE_TIPO_AJUSTE }),
      cantidad: z.string(),
      nota: z
        .string()
        .trim()
        .max(MAX_NOTA, { error: `La nota puede tener a lo más ${MAX_NOTA} caracteres.` }),
    })
    .superRefine((v, ctx) => {
      const texto = v.cantidad.trim();
      if (!texto) {
        ctx.addIssue({ code: 'custom', path: ['cantidad'], message: 'Escribe la cantidad.' });
        return;
      }
      if (unidad === 'kg') {
        // A weight as a Chilean types it (leerPeso's words); a count may be 0 kg, a take-out not.
        const r = soloDescuenta(v.tipo) ? leerCantidadGranel(texto, 'kg', { maximo: MAX_GRAMOS_STOCK }) : leerPesoOCero(texto);
        if (!r.ok) ctx.addIssue({ code: 'custom', path: ['cantidad'], message: r.mensaje });
        return;
      }
      // The contract's fields, so the words are the API's: a count may be 0; units that leave, above 0.
      const campo = soloDescuenta(v.tipo) ? unidadesSalidaSchema : cantidadContadaSchema;
      const r = campo.safeParse(comoEntrada(texto));
      if (!r.success) ctx.addIssue({ code: 'custom', path: ['cantidad'], message: r.error.issues[0]?.message ?? 'Cantidad no válida.' });
    });
type AjusteFormInput = z.input<ReturnType<typeof ajusteFormSchema>>;

/** The preview's reading of the quantity: a whole number (grams for kg) of 0 or more, or nothing yet. */
function leerCantidad(texto: string, unidad: UnidadVenta | undefined): number | null {
  if (unidad === 'kg') {
    const r = leerPesoOCero(texto);
    return r.ok ? r.valor : null;
  }
  const r = leerEntero(texto, { campo: '' });
  return r.ok && r.valor >= 0 ? r.valor : null;
}

/** The quantity field's words: a weight or units, that leave or that were counted. */
function etiquetaCantidad(kg: boolean, descuenta: boolean): string {
  if (kg) return descuenta ? 'Kilos que salen' : 'Peso contado en el estante (kg)';
  return descuenta ? 'Unidades que salen' : 'Cantidad contada en el estante';
}

/** The reason: a radio each, with what it means. */
function MotivosAjuste({ tipo, registro, error }: { tipo: TipoAjuste; registro: UseFormRegisterReturn<'tipo'>; error?: string }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Motivo</legend>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {TIPOS_AJUSTE.map((t) => (
          <label
            key={t}
            className={cn(
              'flex cursor-pointer items-start gap-2 rounded-lg border px-3 py-2 text-sm',
              tipo === t ? 'border-marca-600 bg-marca-50' : 'border-slate-200 hover:bg-slate-50',
            )}
          >
            <input type="radio" value={t} className="mt-1 accent-marca-700" {...registro} />
            <span>
              <span className="block font-medium text-slate-900">{ETIQUETA_TIPO_AJUSTE[t]}</span>
              <span className="block text-xs text-slate-600">{AYUDA_TIPO_AJUSTE[t]}</span>
            </span>
          </label>
        ))}
      </div>
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}

/** The stock in the system and what the adjustment leaves, before saving. */
function VistaAjuste({ stockSistema, queda, unidad }: { stockSistema: number; queda: number | null; unidad: UnidadVenta | undefined }) {
  return (
    <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" aria-live="polite" data-testid="vista-ajuste">
      Stock en el sistema: <strong>{formatCantidadBreve(stockSistema, unidad)}</strong>
      {queda !== null && (
        <>
          {' '}
          → queda en <strong>{formatCantidadBreve(queda, unidad)}</strong> ({cantidadConSigno(queda - stockSistema, unidad)})
        </>
      )}
      {queda !== null && queda < 0 && <span className="block text-red-700">El stock no puede quedar negativo.</span>}
    </p>
  );
}

/**
 * The adjustment form: reason, quantity (counted, or units that leave), an optional note. A count
 * is sent with the stock shown here; if a sale moved it meanwhile the server refuses (409) and the
 * form shows the new figure to count against. `onDone` gets the result after saving.
 */
export function AjusteStockForm({
  idMinimarket,
  producto,
  defaultTipo = 'conteo',
  onDone,
  onCancelar,
}: {
  idMinimarket: number;
  producto: ProductoAjustable;
  defaultTipo?: TipoAjuste;
  onDone: (resultado: AjusteStockResultado) => void;
  onCancelar: () => void;
}) {
  const ajustar = useAjustarStock();
  const { unidad } = producto;
  const kg = unidad === 'kg';
  // The stock the owner is counting against: the one given, or the server's after a refusal.
  const [stockSistema, setStockSistema] = useState(producto.stock);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<AjusteFormInput, unknown, z.output<ReturnType<typeof ajusteFormSchema>>>({
    resolver: zodResolver(ajusteFormSchema(unidad)),
    defaultValues: { tipo: defaultTipo, cantidad: '', nota: '' },
  });
  const tipo = watch('tipo');
  const cantidad = leerCantidad(watch('cantidad'), unidad);
  const queda = stockTrasAjuste(tipo, stockSistema, cantidad);
  const descuenta = soloDescuenta(tipo);

  const enviar = handleSubmit(async (datos) => {
    const n = leerCantidad(datos.cantidad, unidad)!;
    if (soloDescuenta(datos.tipo) && n > stockSistema) {
      setError('cantidad', {
        message: mensajeAjusteSinStock(producto.nombre_producto, n, stockSistema, unidad),
      });
      return;
    }
    try {
      const resultado = await ajustar.mutateAsync({
        idProducto: producto.id_producto,
        ajuste: pedidoAjuste({ idMinimarket, tipo: datos.tipo, cantidad: n, stockSistema, nota: datos.nota }),
      });
      const queda = kg ? formatPeso(resultado.producto.stock) : contar(resultado.producto.stock, 'unidad', 'unidades');
      toast.success(`Ajuste guardado: ${producto.nombre_producto} quedó con ${queda}.`, {
        duration: 2000,
      });
      onDone(resultado);
    } catch (e) {
      setError('root', { message: mensajeDeError(e, 'No se pudo guardar el ajuste.') });
      // A sale moved the stock while counting: show the figure to count against now.
      if (e instanceof ApiError && e.code === CODIGO_STOCK_CAMBIO) {
        try {
          setStockSistema((await obtenerProducto(producto.id_producto)).stock);
        } catch {
          // The message already says what happened; the next try shows the server's figure again.
        }
      }
    }
  });

  return (
    <form onSubmit={enviar} noValidate className="space-y-4" aria-label={`Ajustar stock de ${producto.nombre_producto}`}>
      <MotivosAjuste tipo={tipo} registro={register('tipo')} error={errors.tipo?.message} />

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label={etiquetaCantidad(kg, descuenta)} error={errors.cantidad?.message}>
          {(p) => (
            <Input
              {...p}
              inputMode={kg ? 'decimal' : 'numeric'}
              autoComplete="off"
              placeholder={kg ? (descuenta ? 'Ej: 0,250 o 250 g' : 'Ej: 4,500') : descuenta ? 'Ej: 2' : 'Ej: 10'}
              {...register('cantidad')}
            />
          )}
        </Field>
        <Field label="Nota (opcional)" error={errors.nota?.message}>
          {(p) => <Input {...p} maxLength={MAX_NOTA} autoComplete="off" placeholder="Ej: se rompió al descargar" {...register('nota')} />}
        </Field>
      </div>

      <VistaAjuste stockSistema={stockSistema} queda={queda} unidad={unidad} />

      {errors.root?.message && <Alert tipo="error">{errors.root.message}</Alert>}

      <div className="flex flex-wrap justify-end gap-2">
        <Button variante="contorno" onClick={onCancelar}>
          Cancelar
        </Button>
        <Button type="submit" disabled={ajustar.isPending}>
          {ajustar.isPending ? 'Guardando...' : 'Guardar ajuste'}
        </Button>
      </div>
    </form>
  );
}
