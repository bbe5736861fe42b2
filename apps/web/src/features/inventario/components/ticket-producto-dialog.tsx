import { zodResolver } from '@hookform/resolvers/zod';
import { MENSAJE_TICKET_PRECIO_REQUERIDO, ticketProductoSchema, type Conversacion } from '@minimarket/contracts/soporte';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Textarea } from '../../../components/ui/field';
import { MontoInput } from '../../../components/ui/monto-input';
import { mensajeDeError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { rutaConversacion } from '../../../lib/soporte';
import { comoEntrada } from '../../../utils/zod-form';
import { useSolicitarProducto } from '../api/productos';

const ticketFormSchema = ticketProductoSchema.omit({ id_minimarket: true }).extend({
  precio: z
    .string()
    .trim()
    .min(1, { error: MENSAJE_TICKET_PRECIO_REQUERIDO })
    .transform(comoEntrada)
    .pipe(ticketProductoSchema.shape.precio),
});
type TicketFormInput = z.input<typeof ticketFormSchema>;

/** The dialog's title: a request to support, not a second way to save the product (issue 19). */
export const TITULO_SOLICITUD_PRODUCTO = 'Solicitar un producto a soporte';

/**
 * The product ticket (spec: 'Agregar Producto'): ask support to add a product the lookup did not
 * find. The server opens a support conversation whose first message carries the ticket's fields;
 * it counts as sent only when the server accepted it, and then the dialog links to that conversation.
 * Nothing is saved in the inventory: that is the page's own form.
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
  const { user } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [enviada, setEnviada] = useState<Conversacion | null>(null);
  const enviar = useSolicitarProducto();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TicketFormInput, unknown, z.output<typeof ticketFormSchema>>({
    resolver: zodResolver(ticketFormSchema),
    values: { codigo_barra: codigoBarra, nombre_producto: '', precio: '', marca: '', descripcion: '' },
  });

  const cerrar = () => {
    setError(null);
    setEnviada(null);
    onCerrar();
  };

  const alEnviar = handleSubmit(async (datos) => {
    setError(null);
    try {
      setEnviada(await enviar.mutateAsync({ ...datos, id_minimarket: idMinimarket }));
    } catch (e) {
      setError(mensajeDeError(e, 'No se pudo enviar la solicitud. Inténtalo de nuevo.'));
    }
  });

  if (enviada)
    return (
      <Dialog abierto={abierto} onCerrar={cerrar} titulo={TITULO_SOLICITUD_PRODUCTO} pie={<Button onClick={cerrar}>Cerrar</Button>}>
        <div className="space-y-3">
          <Alert tipo="exito">
            Listo: tu solicitud llegó al equipo de soporte como la conversación «{enviada.asunto}». Te avisaremos cuando respondan.
          </Alert>
          {user && (
            <Link
              to={rutaConversacion(user.rol, enviada.id_conversacion)}
              className="inline-block text-sm font-medium text-marca-700 underline"
              onClick={cerrar}
            >
              Ver conversación
            </Link>
          )}
        </div>
      </Dialog>
    );

  return (
    <Dialog
      abierto={abierto}
      onCerrar={cerrar}
      titulo={TITULO_SOLICITUD_PRODUCTO}
      descripcion="Envía los datos al equipo de soporte para que agregue el producto a la base de datos de productos. Esto abre una conversación con soporte; no guarda nada en tu inventario."
      pie={
        <>
          <Button variante="contorno" onClick={cerrar}>
            Cancelar
          </Button>
          <Button type="submit" form="ticket-producto" disabled={enviar.isPending}>
            {enviar.isPending ? 'Enviando...' : 'Enviar solicitud a soporte'}
          </Button>
        </>
      }
    >
      <form id="ticket-producto" onSubmit={alEnviar} noValidate className="space-y-4">
        {error && <Alert tipo="error">{error}</Alert>}
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
