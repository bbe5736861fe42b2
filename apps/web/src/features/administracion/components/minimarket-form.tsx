import { zodResolver } from '@hookform/resolvers/zod';
import {
  minimarketCreateSchema,
  UMBRAL_STOCK_BAJO_POR_DEFECTO,
  type Minimarket,
  type MinimarketCreate,
} from '@minimarket/contracts/minimarkets';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DescargarDatos } from '../../../components/shop/descargar-datos';
import { Alert } from '../../../components/ui/alert';
import { BackHeader } from '../../../components/ui/back-header';
import { Card } from '../../../components/ui/card';
import { Field, Input, Select } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { Loading } from '../../../components/ui/loading';
import { mensajeDeError } from '../../../lib/api-client';
import { soloCambios } from '../../../utils/solo-cambios';
import { guardarFormulario } from '../utils/guardar-formulario';
import { minimarketQueryOptions } from '../../../lib/current-shop';
import { useActualizarMinimarket, useCrearMinimarket } from '../api/minimarkets';
import { SelectorDueno } from './selector-dueno';

const MENSAJE_ERROR_GUARDAR = 'Error al guardar el minimarket.';
export const TAMANOS = ['Pequeño', 'Mediano', 'Grande'];
const RUBROS_SUGERIDOS = ['Minimarket', 'Almacén', 'Botillería', 'Panadería', 'Verdulería', 'Supermercado'];

const formSchema = minimarketCreateSchema.extend({
  // A blank threshold means "use the default", not 0.
  umbral_stock_bajo: z
    .string()
    .trim()
    .transform((v): string | number | undefined => (v === '' ? undefined : v))
    .pipe(minimarketCreateSchema.shape.umbral_stock_bajo),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

function Formulario({ minimarket, onVolver }: { minimarket: Minimarket | null; onVolver: () => void }) {
  const crear = useCrearMinimarket();
  const actualizar = useActualizarMinimarket();
  const [error, setErrorGeneral] = useState<string | null>(null);
  const rubrosId = useId();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      nombre_minimarket: minimarket?.nombre_minimarket ?? '',
      direccion: minimarket?.direccion ?? '',
      comuna: minimarket?.comuna ?? '',
      rubro: minimarket?.rubro ?? '',
      tamano: minimarket?.tamano ?? '',
      id_usuario: minimarket ? String(minimarket.id_usuario) : '',
      umbral_stock_bajo: minimarket ? String(minimarket.umbral_stock_bajo) : '',
    },
  });

  const guardar = handleSubmit(async (datos) => {
    setErrorGeneral(null);
    const payload: MinimarketCreate = { ...datos, id_usuario: Number(datos.id_usuario) };
    if (payload.umbral_stock_bajo === undefined) delete payload.umbral_stock_bajo;
    await guardarFormulario({
      // An edit sends only what changed (the owner may have set the threshold meanwhile).
      pedir: () =>
        minimarket
          ? actualizar.mutateAsync({ id: minimarket.id_minimarket, datos: soloCambios(payload, dirtyFields) })
          : crear.mutateAsync(payload),
      exito: minimarket ? 'Minimarket actualizado exitosamente.' : 'Minimarket creado exitosamente.',
      onListo: onVolver,
      setError,
      setErrorGeneral,
      mensajeError: MENSAJE_ERROR_GUARDAR,
    });
  });

  return (
    <form onSubmit={guardar} noValidate className="space-y-4" aria-label={minimarket ? 'Editar minimarket' : 'Crear minimarket'}>
      {error && <Alert tipo="error">{error}</Alert>}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Nombre del minimarket" requerido error={errors.nombre_minimarket?.message}>
          {(p) => <Input {...p} autoComplete="off" {...register('nombre_minimarket')} />}
        </Field>
        <SelectorDueno
          registro={register('id_usuario')}
          valor={String(watch('id_usuario') ?? '')}
          actual={minimarket && { id_usuario: minimarket.id_usuario, nombre: minimarket.nombre_usuario, correo: minimarket.correo_usuario }}
          error={errors.id_usuario?.message}
        />
        <Field label="Dirección" requerido error={errors.direccion?.message}>
          {(p) => <Input {...p} autoComplete="off" {...register('direccion')} />}
        </Field>
        <Field label="Comuna" requerido error={errors.comuna?.message}>
          {(p) => <Input {...p} autoComplete="off" {...register('comuna')} />}
        </Field>
        <Field label="Rubro" requerido error={errors.rubro?.message}>
          {(p) => <Input {...p} autoComplete="off" list={rubrosId} {...register('rubro')} />}
        </Field>
        <datalist id={rubrosId}>
          {RUBROS_SUGERIDOS.map((r) => (
            <option key={r} value={r} />
          ))}
        </datalist>
        <Field label="Tamaño" requerido error={errors.tamano?.message}>
          {(p) => (
            <Select {...p} {...register('tamano')}>
              <option value="">Selecciona un tamaño</option>
              {minimarket && !TAMANOS.includes(minimarket.tamano) && <option value={minimarket.tamano}>{minimarket.tamano}</option>}
              {TAMANOS.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Umbral de stock bajo"
          error={errors.umbral_stock_bajo?.message}
          hint={`Un producto con menos unidades que este número cuenta como stock bajo. Si lo dejas en blanco se usa ${UMBRAL_STOCK_BAJO_POR_DEFECTO}.`}
        >
          {(p) => <Input {...p} inputMode="numeric" autoComplete="off" {...register('umbral_stock_bajo')} />}
        </Field>
      </div>
      <FormActions onCancelar={onVolver} guardando={isSubmitting} textoGuardar={minimarket ? 'Guardar cambios' : 'Crear minimarket'} />
    </form>
  );
}

export function MinimarketForm({ id, onVolver }: { id: number | null; onVolver: () => void }) {
  // Fresh when the form opens: the owner may have changed the shop since the list loaded.
  const detalle = useQuery({ ...minimarketQueryOptions(id ?? 0), staleTime: 0, enabled: id !== null });
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <BackHeader titulo={id === null ? 'Crear Nuevo Minimarket' : 'Editar minimarket'} onVolver={onVolver} />
      {id === null ? (
        <Formulario minimarket={null} onVolver={onVolver} />
      ) : detalle.isPending ? (
        <Loading />
      ) : detalle.isError ? (
        <Alert tipo="error">Error al obtener datos del minimarket: {mensajeDeError(detalle.error, 'Error desconocido')}</Alert>
      ) : (
        <>
          <Formulario minimarket={detalle.data} onVolver={onVolver} />
          <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
            <span className="text-sm text-slate-600">Todos los datos de la tienda, un CSV por tabla:</span>
            <DescargarDatos idMinimarket={detalle.data.id_minimarket} texto="Descargar datos (.zip)" />
          </div>
        </>
      )}
    </Card>
  );
}
