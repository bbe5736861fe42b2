import { zodResolver } from '@hookform/resolvers/zod';
import { conversacionCreateSchema, PRIORIDADES, type Conversacion } from '@minimarket/contracts/soporte';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, Input, OpcionesTexto, Select, Textarea } from '../../../components/ui/field';
import { mensajeDeError } from '../../../lib/api-client';
import { useCurrentShop } from '../../../lib/current-shop';
import { useCrearConversacion } from '../../../lib/soporte';
import { cn } from '../../../utils/cn';

const formSchema = conversacionCreateSchema.omit({ id_minimarket: true });
type FormEntrada = z.input<typeof formSchema>;
type FormSalida = z.output<typeof formSchema>;

/**
 * A pyme writes to support: subject, message and (on the help page) priority. The browser refuses
 * what the server would, with the contract's words. `compacto` is the chat panel's narrow version.
 */
export function NuevaConversacionForm({
  onCreada,
  onCancelar,
  compacto = false,
}: {
  onCreada: (c: Conversacion) => void;
  onCancelar?: () => void;
  compacto?: boolean;
}) {
  const crear = useCrearConversacion();
  const { idMinimarket } = useCurrentShop();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormEntrada, unknown, FormSalida>({
    resolver: zodResolver(formSchema),
    defaultValues: { asunto: '', mensaje: '', prioridad: 'Media' },
  });

  const alEnviar = handleSubmit(async (datos) => {
    setError(null);
    try {
      onCreada(await crear.mutateAsync({ ...datos, ...(idMinimarket ? { id_minimarket: idMinimarket } : {}) }));
    } catch (e) {
      setError(mensajeDeError(e, 'No se pudo enviar tu mensaje. Inténtalo de nuevo.'));
    }
  });

  return (
    <form onSubmit={alEnviar} noValidate className={cn('space-y-3', compacto && 'text-sm')}>
      {error && <Alert tipo="error">{error}</Alert>}
      <Field label="Asunto" requerido error={errors.asunto?.message}>
        {(p) => <Input {...p} placeholder="Por ejemplo: no puedo cargar mi archivo" {...register('asunto')} />}
      </Field>
      <Field label="Mensaje" requerido error={errors.mensaje?.message}>
        {(p) => <Textarea {...p} rows={compacto ? 3 : 5} placeholder="Cuéntanos qué pasó o qué necesitas" {...register('mensaje')} />}
      </Field>
      {!compacto && (
        <Field label="Prioridad" error={errors.prioridad?.message} className="max-w-48">
          {(p) => (
            <Select {...p} {...register('prioridad')}>
              <OpcionesTexto valores={PRIORIDADES} />
            </Select>
          )}
        </Field>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancelar && (
          <Button variante="contorno" tamano={compacto ? 'sm' : 'md'} onClick={onCancelar}>
            Cancelar
          </Button>
        )}
        <Button type="submit" tamano={compacto ? 'sm' : 'md'} disabled={crear.isPending}>
          {crear.isPending ? 'Enviando...' : 'Enviar a soporte'}
        </Button>
      </div>
    </form>
  );
}
