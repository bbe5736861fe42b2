import { zodResolver } from '@hookform/resolvers/zod';
import { MENSAJE_TICKET_PRECIO_REQUERIDO, RUTA_TICKET_PRODUCTO, ticketProductoSchema } from '@minimarket/contracts/soporte';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Input, Textarea } from '../../../../components/ui/field';
import { MontoInput } from '../../../../components/ui/monto-input';
import { ApiError, apiRequest, mensajeDeError } from '../../../../lib/api-client';
import { comoEntrada } from '../../../../utils/zod-form';

const ticketFormSchema = ticketProductoSchema.omit({ id_minimarket: true }).extend({
  precio: z
    .string()
    .trim()
    .min(1, { error: MENSAJE_TICKET_PRECIO_REQUERIDO })
    .transform(comoEntrada)
    .pipe(ticketProductoSchema.shape.precio),
});
type TicketFormInput = z.input<typeof ticketFormSchema>;

export const MENSAJE_TICKET_PRONTO =
  'El envío de solicitudes al equipo de soporte estará disponible pronto. Tu solicitud no se envió: mientras tanto, puedes agregar el producto tú mismo con el formulario.';

/** The server has no support-ticket route yet (404/405/501): say so instead of pretending. */
function rutaNoDisponible(e: unknown): boolean {
  return e instanceof ApiError && [404, 405, 501].includes(e.status);
}

/**
 * 'Agregar Producto': ask support to add a product the lookup did not find. It counts as
 * sent only when the server accepted it.
 */
export function TicketProductoDialog({
  abierto,
  onCerrar,
  idMinimarket,
  codigoBarra,
}: {
  abierto: boolean;
  onCerrar: () => void;
  idMinimarket: number;
  codigoBarra: string;
}) {
  const [aviso, setAviso] = useState<{ tipo: 'error' | 'info'; texto: string } | null>(null);
  const enviar = useMutation({
    mutationFn: (datos: z.output<typeof ticketFormSchema>) =>
      apiRequest<unknown>(RUTA_TICKET_PRODUCTO, { method: 'POST', json: { ...datos, id_minimarket: idMinimarket } }),
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TicketFormInput, unknown, z.output<typeof ticketFormSchema>>({
    resolver: zodResolver(ticketFormSchema),
    values: { codigo_barra: codigoBarra, nombre_producto: '', precio: '', marca: '', descripcion: '' },
  });

  const cerrar = () => {
    setAviso(null);
    onCerrar();
  };

  const alEnviar = handleSubmit(async (datos) => {
    setAviso(null);
    try {
      await enviar.mutateAsync(datos);
      toast.success('Solicitud enviada. El equipo de soporte te responderá en ¿Necesitas Ayuda?', { duration: 2000 });
      cerrar();
    } catch (e) {
      setAviso(
        rutaNoDisponible(e)
          ? { tipo: 'info', texto: MENSAJE_TICKET_PRONTO }
          : { tipo: 'error', texto: mensajeDeError(e, 'No se pudo enviar la solicitud. Inténtalo de nuevo.') },
      );
    }
  });

  return (
    <Dialog
      abierto={abierto}
      onCerrar={cerrar}
      titulo="Agregar Producto"
      descripcion="Pide al equipo de soporte que agregue un producto que no aparece en la base de datos."
      pie={
        <>
          <Button variante="contorno" onClick={cerrar}>
            Cancelar
          </Button>
          <Button type="submit" form="ticket-producto" disabled={enviar.isPending}>
            {enviar.isPending ? 'Enviando...' : 'Enviar solicitud'}
          </Button>
        </>
      }
    >
      <form id="ticket-producto" onSubmit={alEnviar} noValidate className="space-y-4">
        {aviso && <Alert tipo={aviso.tipo}>{aviso.texto}</Alert>}
        <Field label="Código de barras" error={errors.codigo_barra?.message}>
          {(p) => <Input {...p} className="font-mono" {...register('codigo_barra')} />}
        </Field>
        <Field label="Nombre del producto" requerido error={errors.nombre_producto?.message}>
          {(p) => <Input {...p} {...register('nombre_producto')} />}
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="Precio (CLP)" requerido error={errors.precio?.message}>
            {(p) => <MontoInput {...p} {...register('precio')} />}
          </Field>
          <Field label="Marca" error={errors.marca?.message}>
            {(p) => <Input {...p} {...register('marca')} />}
          </Field>
        </div>
        <Field label="Descripción" error={errors.descripcion?.message}>
          {(p) => <Textarea {...p} rows={2} {...register('descripcion')} />}
        </Field>
      </form>
    </Dialog>
  );
}
