import { zodResolver } from '@hookform/resolvers/zod';
import {
  emisorUpdateSchema,
  MENSAJE_ACTECO_REQUERIDO,
  NOMBRE_PROVEEDOR,
  PROVEEDORES_DTE,
  type Emisor,
  type EmisorUpdate,
} from '@minimarket/contracts/boletas';
import { formatRut, normalizeRut } from '@minimarket/contracts/rut';
import { useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select } from '../../../components/ui/field';
import { mensajeDeError } from '../../../lib/api-client';
import { AVISO_SIMULADOR, useGuardarEmisor } from '../../../lib/boletas';
import { aplicarErroresCampo } from '../../../lib/form-errors';

/** A number field the contract coerces: blank is "missing", not 0 (a resolution may well be N° 0). */
const numeroObligatorio = (mensaje: string, esquema: z.ZodType<number, unknown>) =>
  z
    .string()
    .trim()
    .min(1, { error: mensaje })
    // Widened for `pipe` only (it wants the next schema's input type); nothing changes at run time.
    .transform((v): unknown => v)
    .pipe(esquema);

/**
 * The form's text in, the contract's request out. The API key is write-only: blank keeps the stored
 * one, so the field is left out of the request then. The Acteco is sent always (blank: none), and
 * issuing needs one, as the server says (a nota de crédito carries it; docs/boleta.md «Acteco»).
 */
const formSchema = emisorUpdateSchema
  .omit({ id_minimarket: true })
  .extend({
    codigo_sucursal: z
      .string()
      .transform((v): string | null | undefined => v)
      .pipe(emisorUpdateSchema.shape.codigo_sucursal),
    acteco: z
      .string()
      .transform((v): string | number | null | undefined => v)
      .pipe(emisorUpdateSchema.shape.acteco),
    resolucion_numero: numeroObligatorio('El número de resolución es obligatorio.', emisorUpdateSchema.shape.resolucion_numero),
    resolucion_anio: numeroObligatorio('El año de la resolución es obligatorio.', emisorUpdateSchema.shape.resolucion_anio),
    api_key: z
      .string()
      .trim()
      .transform((v) => (v === '' ? undefined : v))
      .pipe(emisorUpdateSchema.shape.api_key),
  })
  .superRefine((v, ctx) => {
    if (v.emitir && (v.acteco === null || v.acteco === undefined)) {
      ctx.addIssue({ code: 'custom', message: MENSAJE_ACTECO_REQUERIDO, path: ['acteco'] });
    }
  });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

function rutConPuntos(rut: string): string {
  const normal = normalizeRut(rut);
  return normal === null ? rut : formatRut(normal);
}

function aFormulario(e: Emisor): FormInput {
  return {
    // With its dots, as people write it (the contract takes either way).
    rut: e.rut === null ? '' : rutConPuntos(e.rut),
    razon_social: e.razon_social ?? '',
    giro: e.giro ?? '',
    direccion: e.direccion ?? '',
    comuna: e.comuna ?? '',
    codigo_sucursal: e.codigo_sucursal ?? '',
    resolucion_numero: e.resolucion_numero === null ? '' : String(e.resolucion_numero),
    resolucion_anio: e.resolucion_anio === null ? '' : String(e.resolucion_anio),
    acteco: e.acteco ?? '',
    proveedor: e.proveedor,
    api_key: '',
    emitir: e.emitir,
  };
}

interface PropsCampos {
  register: UseFormRegister<FormInput>;
  errors: FieldErrors<FormInput>;
}

/** The issuer as SII knows it: RUT, name, giro, address, branch, Acteco and the resolution. */
function CamposEmisor({ register, errors }: PropsCampos) {
  return (
    <>
      <Field label="RUT del emisor" requerido error={errors.rut?.message} hint="El RUT de la empresa que emite, ej: 76.123.456-0.">
        {(p) => <Input {...p} autoComplete="off" className="max-w-52" {...register('rut')} />}
      </Field>
      <Field label="Razón social" requerido error={errors.razon_social?.message}>
        {(p) => <Input {...p} autoComplete="organization" {...register('razon_social')} />}
      </Field>
      <Field label="Giro" requerido error={errors.giro?.message} className="sm:col-span-2" hint="Como figura en el SII.">
        {(p) => <Input {...p} autoComplete="off" {...register('giro')} />}
      </Field>
      <Field label="Dirección" requerido error={errors.direccion?.message}>
        {(p) => <Input {...p} autoComplete="street-address" {...register('direccion')} />}
      </Field>
      <Field label="Comuna" requerido error={errors.comuna?.message}>
        {(p) => <Input {...p} autoComplete="off" {...register('comuna')} />}
      </Field>
      <Field
        label="Código de sucursal SII"
        error={errors.codigo_sucursal?.message}
        hint="Opcional. Déjalo en blanco si el local es la casa matriz."
      >
        {(p) => <Input {...p} inputMode="numeric" autoComplete="off" className="max-w-40 font-mono" {...register('codigo_sucursal')} />}
      </Field>
      <Field
        label="Código de actividad económica (Acteco)"
        error={errors.acteco?.message}
        hint="El código de tu giro en el SII, de 6 dígitos (por ejemplo 472101 para almacenes)."
      >
        {(p) => (
          <Input {...p} inputMode="numeric" autoComplete="off" maxLength={6} className="max-w-40 font-mono" {...register('acteco')} />
        )}
      </Field>
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-700">Resolución SII</legend>
        <Field label="Número" requerido error={errors.resolucion_numero?.message}>
          {(p) => <Input {...p} inputMode="numeric" autoComplete="off" {...register('resolucion_numero')} />}
        </Field>
        <Field label="Año" requerido error={errors.resolucion_anio?.message}>
          {(p) => <Input {...p} inputMode="numeric" autoComplete="off" placeholder="Ej: 2014" {...register('resolucion_anio')} />}
        </Field>
      </fieldset>
    </>
  );
}

/** Who stamps and sends the documents, and its API key (write-only: never shown again). */
function CamposProveedor({ register, errors, tieneApiKey }: PropsCampos & { tieneApiKey: boolean }) {
  return (
    <>
      <Field label="Proveedor" requerido error={errors.proveedor?.message}>
        {(p) => (
          <Select {...p} {...register('proveedor')}>
            {PROVEEDORES_DTE.map((x) => (
              <option key={x} value={x}>
                {NOMBRE_PROVEEDOR[x]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label={
          <span className="flex items-center gap-2">
            API key del proveedor
            {tieneApiKey && (
              <Badge color="verde" className="font-normal">
                Guardada
              </Badge>
            )}
          </span>
        }
        error={errors.api_key?.message}
        hint={
          tieneApiKey
            ? 'Guardada: por seguridad no se muestra. Déjala en blanco para mantenerla, o escribe una nueva para cambiarla.'
            : 'Te la entrega el proveedor. Se guarda cifrada y nunca se vuelve a mostrar.'
        }
      >
        {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('api_key')} />}
      </Field>
    </>
  );
}

/**
 * «Boleta electrónica» in Configuración (issue #23): the issuer's data as SII knows it, the provider
 * that stamps and sends the documents, its API key and whether the shop issues boletas. Keyed by the
 * saved data in the page, so after a save the form starts again from what the server has.
 */
export function BoletaElectronicaForm({ emisor }: { emisor: Emisor }) {
  const guardar = useGuardarEmisor();
  const [error, setErrorGeneral] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: aFormulario(emisor),
  });
  const simulador = watch('proveedor') === 'simulador';

  const enviar = handleSubmit(async ({ api_key, ...datos }) => {
    setErrorGeneral(null);
    const cuerpo: EmisorUpdate = { ...datos, id_minimarket: emisor.id_minimarket, ...(api_key ? { api_key } : {}) };
    try {
      const guardado = await guardar.mutateAsync(cuerpo);
      reset(aFormulario(guardado));
      toast.success('Configuración guardada.', { duration: 2000 });
    } catch (e) {
      // A field the server refused shows under it; what is not about one field, on top.
      aplicarErroresCampo(e, setError);
      setErrorGeneral(mensajeDeError(e, 'No se pudo guardar la configuración de la boleta electrónica.'));
    }
  });

  return (
    <form onSubmit={enviar} noValidate className="mt-4 space-y-4" aria-label="Boleta electrónica">
      {error && <Alert tipo="error">{error}</Alert>}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <CamposEmisor register={register} errors={errors} />
        <CamposProveedor register={register} errors={errors} tieneApiKey={emisor.tiene_api_key} />
      </div>
      {simulador && (
        <Alert tipo="aviso" className="font-medium">
          {AVISO_SIMULADOR}
        </Alert>
      )}
      <label className="flex items-start gap-3 text-sm text-slate-700">
        <input type="checkbox" className="mt-1 size-5 accent-marca-700" {...register('emitir')} />
        <span>
          <span className="font-medium text-slate-900">Emitir boletas electrónicas</span>
          <span className="block text-slate-600">
            Cada venta pide su boleta al proveedor. La venta no espera: el comprobante dice «Boleta en proceso» y se puede reimprimir con el
            folio apenas llegue.
          </span>
        </span>
      </label>
      {/* Not «Guardar»: the page's alerts form has that button, and one name per action reads better (and finds one button). */}
      <Button type="submit" disabled={isSubmitting || !isDirty}>
        {isSubmitting ? 'Guardando...' : 'Actualizar boleta electrónica'}
      </Button>
    </form>
  );
}
