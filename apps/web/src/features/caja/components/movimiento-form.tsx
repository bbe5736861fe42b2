import { zodResolver } from '@hookform/resolvers/zod';
import { movimientoCajaCreateSchema, TIPOS_MOVIMIENTO_CAJA } from '@minimarket/contracts/caja';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { useAutorizacionDueno } from '../../../components/shop/autorizacion-dueno';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input, Select } from '../../../components/ui/field';
import { MontoInput } from '../../../components/ui/monto-input';
import { mensajeDeError } from '../../../lib/api-client';
import { formatClp } from '../../../utils/format';
import { comoEntrada } from '../../../utils/zod-form';
import { useMovimientoCaja } from '../api/caja';

const movimientoFormSchema = movimientoCajaCreateSchema.extend({
  monto: z.string().trim().min(1, { error: 'Escribe el monto.' }).transform(comoEntrada).pipe(movimientoCajaCreateSchema.shape.monto),
});
type MovimientoFormInput = z.input<typeof movimientoFormSchema>;

const ETIQUETA_TIPO: Record<(typeof TIPOS_MOVIMIENTO_CAJA)[number], string> = {
  ingreso: 'Ingreso (entra efectivo)',
  retiro: 'Retiro (sale efectivo)',
};

/**
 * Cash put in (more change) or taken out (a supplier paid, a deposit) during the shift, with its reason.
 * A cashier's withdrawal needs the owner's PIN (asked for when the server says so).
 */
export function MovimientoForm({ idTurno }: { idTurno: number }) {
  const movimiento = useMovimientoCaja();
  const autorizacion = useAutorizacionDueno();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<MovimientoFormInput, unknown, z.output<typeof movimientoFormSchema>>({
    resolver: zodResolver(movimientoFormSchema),
    defaultValues: { tipo: 'retiro', monto: '', motivo: '' },
  });

  const enviar = handleSubmit(async (datos) => {
    try {
      const hecho = await autorizacion.ejecutar((aut) => movimiento.mutateAsync({ idTurno, movimiento: { ...datos, autorizacion: aut } }));
      if (!hecho) return;
      toast.success(`${datos.tipo === 'ingreso' ? 'Ingreso' : 'Retiro'} de ${formatClp(datos.monto)} registrado.`, { duration: 2000 });
      reset();
    } catch (e) {
      setError('root', { message: mensajeDeError(e, 'No se pudo registrar el movimiento.') });
    }
  });

  return (
    <Card className="p-4 sm:p-5">
      <h3 className="text-lg font-semibold text-slate-900">Ingreso o retiro de efectivo</h3>
      <form onSubmit={enviar} noValidate className="mt-3 space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Tipo">
            {(p) => (
              <Select {...p} {...register('tipo')}>
                {TIPOS_MOVIMIENTO_CAJA.map((t) => (
                  <option key={t} value={t}>
                    {ETIQUETA_TIPO[t]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Monto" error={errors.monto?.message}>
            {(p) => <MontoInput {...p} placeholder="$5.000" {...register('monto')} />}
          </Field>
        </div>
        <Field label="Motivo" error={errors.motivo?.message}>
          {(p) => <Input {...p} maxLength={200} placeholder="Ej: pago al proveedor de pan" autoComplete="off" {...register('motivo')} />}
        </Field>
        {errors.root?.message && <Alert tipo="error">{errors.root.message}</Alert>}
        <div className="flex justify-end">
          <Button type="submit" disabled={movimiento.isPending}>
            {movimiento.isPending ? 'Guardando...' : 'Registrar movimiento'}
          </Button>
        </div>
      </form>
      {autorizacion.dialogo}
    </Card>
  );
}
