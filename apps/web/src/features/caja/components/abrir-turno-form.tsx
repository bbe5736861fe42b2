import { zodResolver } from '@hookform/resolvers/zod';
import { turnoAperturaSchema } from '@minimarket/contracts/caja';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { mensajeDeError } from '../../../lib/api-client';
import { formatClp } from '../../../utils/format';
import { useAbrirTurno } from '../api/caja';
import { montoEscrito } from '../utils/monto-escrito';
import { FormularioMonto } from './formulario-monto';

const aperturaFormSchema = z.object({
  monto_inicial: montoEscrito('Escribe el efectivo con que abres la caja (puede ser $0).', turnoAperturaSchema.shape.monto_inicial),
});

/**
 * Opens the shop's shift: a card in CAJA, or (enDialogo) the bare form inside Nueva venta's dialog,
 * which closes when `onAbierto` runs.
 */
export function AbrirTurnoForm({
  idMinimarket,
  onAbierto,
  enDialogo = false,
}: {
  idMinimarket: number;
  onAbierto?: () => void;
  enDialogo?: boolean;
}) {
  const abrir = useAbrirTurno();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof aperturaFormSchema>, unknown, z.output<typeof aperturaFormSchema>>({
    resolver: zodResolver(aperturaFormSchema),
    defaultValues: { monto_inicial: '' },
  });

  const enviar = handleSubmit(async ({ monto_inicial }) => {
    try {
      await abrir.mutateAsync({ idMinimarket, montoInicial: monto_inicial });
      toast.success(`Caja abierta con ${formatClp(monto_inicial)}.`, { duration: 2000 });
      onAbierto?.();
    } catch (e) {
      setError('root', { message: mensajeDeError(e, 'No se pudo abrir la caja.') });
    }
  });

  const contenido = (
    <>
      <p className={enDialogo ? 'text-sm text-slate-600' : 'mt-1 text-sm text-slate-600'}>
        No hay un turno de caja abierto. Cuenta el efectivo con que empiezas (el sencillo para dar vuelto) y abre el turno: las ventas que
        hagas desde ahora quedan en él.
      </p>
      <FormularioMonto
        onSubmit={enviar}
        className="mt-4"
        label="Efectivo inicial"
        error={errors.monto_inicial?.message}
        placeholder="$20.000"
        registro={register('monto_inicial')}
        deshabilitado={abrir.isPending}
      >
        {abrir.isPending ? 'Abriendo...' : 'Abrir turno'}
      </FormularioMonto>
      {errors.root?.message && (
        <Alert tipo="error" className="mt-3">
          {errors.root.message}
        </Alert>
      )}
    </>
  );
  if (enDialogo) return contenido;
  return (
    <Card className="p-4 sm:p-5">
      <h3 className="text-lg font-semibold text-slate-900">Abrir caja</h3>
      {contenido}
    </Card>
  );
}
