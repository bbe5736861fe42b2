// The cashier's form (docs/cajeros.md): a new one (name, PIN and, if they also sign in from another
// device, an e-mail and a password) or changes to one (the name, a new PIN, the e-mail and password).
// The contract's schemas refuse what the server refuses, in its words; 409 PIN_TAKEN / EMAIL_TAKEN land
// under their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { type Cajero, cajeroCreateSchema, cajeroUpdateSchema } from '@minimarket/contracts/cajeros';
import { PASSWORD_HINT } from '@minimarket/contracts/comunes';
import { useId, useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '../ui/alert';
import { Dialog } from '../ui/dialog';
import { Field, Input } from '../ui/field';
import { FormActions } from '../ui/form-actions';
import { PinInput } from '../ui/pin-input';
import { mensajeDeError } from '../../lib/api-client';
import { cambiosCajero, type EditarCajeroValores as EditarValores, useActualizarCajero, useCrearCajero } from '../../lib/cajeros';
import { aplicarErroresCampo } from '../../lib/form-errors';

const HINT_PIN = 'De 4 a 6 dígitos, distinto del de las demás personas de la tienda. Con él entra a la caja compartida.';

const crearFormSchema = z
  .object({ nombre: z.string(), pin: z.string(), conAcceso: z.boolean(), correo: z.string(), contrasena: z.string() })
  .transform(({ nombre, pin, conAcceso, correo, contrasena }) => ({
    nombre,
    pin,
    ...(conAcceso ? { correo: correo.trim(), contrasena } : {}),
  }))
  .pipe(cajeroCreateSchema);
type CrearInput = z.input<typeof crearFormSchema>;

/** Puts each problem of a schema under its field (the first one per field). */
function erroresDe<T extends FieldValues>(error: z.ZodError, setError: UseFormSetError<T>) {
  for (const issue of error.issues) setError(String(issue.path[0] ?? 'root') as Path<T>, { message: issue.message });
}

function CrearCajero({ idMinimarket, onListo }: { idMinimarket: number; onListo: () => void }) {
  const crear = useCrearCajero(idMinimarket);
  const [error, setErrorGeneral] = useState<string | null>(null);
  const idAcceso = useId();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CrearInput, unknown, z.output<typeof crearFormSchema>>({
    resolver: zodResolver(crearFormSchema),
    defaultValues: { nombre: '', pin: '', conAcceso: false, correo: '', contrasena: '' },
  });
  const conAcceso = watch('conAcceso');

  const guardar = handleSubmit(async (datos) => {
    setErrorGeneral(null);
    try {
      const cajero = await crear.mutateAsync(datos);
      toast.success(`Cajero «${cajero.nombre}» creado.`, { duration: 2000 });
      onListo();
    } catch (e) {
      if (!aplicarErroresCampo(e, setError)) setErrorGeneral(mensajeDeError(e, 'No se pudo crear el cajero.'));
    }
  });

  return (
    <form onSubmit={guardar} noValidate className="space-y-4" aria-label="Nuevo cajero">
      {error && <Alert tipo="error">{error}</Alert>}
      <Field label="Nombre" requerido error={errors.nombre?.message}>
        {(p) => <Input {...p} data-autofocus autoComplete="off" {...register('nombre')} />}
      </Field>
      <Field label="PIN" requerido error={errors.pin?.message} hint={HINT_PIN}>
        {(p) => <PinInput {...p} {...register('pin')} />}
      </Field>
      <div className="flex items-start gap-2">
        <input id={idAcceso} type="checkbox" className="mt-1 size-4 accent-marca-700" {...register('conAcceso')} />
        <label htmlFor={idAcceso} className="text-sm text-slate-700">
          También entra desde otro equipo con correo y contraseña
          <span className="block text-xs text-slate-600">
            Sin esto, entra solo con su PIN en una caja donde ya hay sesión de la tienda.
          </span>
        </label>
      </div>
      {conAcceso && (
        <>
          <Field label="Correo" error={errors.correo?.message}>
            {(p) => <Input {...p} type="email" autoComplete="off" {...register('correo')} />}
          </Field>
          <Field label="Contraseña" error={errors.contrasena?.message} hint={PASSWORD_HINT}>
            {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('contrasena')} />}
          </Field>
        </>
      )}
      <FormActions onCancelar={onListo} guardando={isSubmitting} textoGuardar="Crear cajero" />
    </form>
  );
}

function EditarCajero({ idMinimarket, cajero, onListo }: { idMinimarket: number; cajero: Cajero; onListo: () => void }) {
  const actualizar = useActualizarCajero(idMinimarket);
  const [error, setErrorGeneral] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EditarValores>({ defaultValues: { nombre: cajero.nombre, pin: '', correo: cajero.correo ?? '', contrasena: '' } });

  const guardar = handleSubmit(async (valores) => {
    setErrorGeneral(null);
    const cambios = cambiosCajero(cajero, valores);
    if (Object.keys(cambios).length === 0) {
      onListo();
      return;
    }
    const leido = cajeroUpdateSchema.safeParse(cambios);
    if (!leido.success) {
      erroresDe(leido.error, setError);
      return;
    }
    try {
      const nuevo = await actualizar.mutateAsync({ idUsuario: cajero.id_usuario, cambios });
      toast.success(`Cajero «${nuevo.nombre}» actualizado.`, { duration: 2000 });
      onListo();
    } catch (e) {
      if (!aplicarErroresCampo(e, setError)) setErrorGeneral(mensajeDeError(e, 'No se pudo actualizar el cajero.'));
    }
  });

  return (
    <form onSubmit={guardar} noValidate className="space-y-4" aria-label={`Editar a ${cajero.nombre}`}>
      {error && <Alert tipo="error">{error}</Alert>}
      <Field label="Nombre" requerido error={errors.nombre?.message}>
        {(p) => <Input {...p} data-autofocus autoComplete="off" {...register('nombre')} />}
      </Field>
      <Field label="Nuevo PIN" error={errors.pin?.message} hint="Déjalo vacío para no cambiarlo. De 4 a 6 dígitos.">
        {(p) => <PinInput {...p} {...register('pin')} />}
      </Field>
      <Field
        label="Correo"
        error={errors.correo?.message}
        hint={
          cajero.correo
            ? 'Bórralo para que entre solo con su PIN.'
            : 'Para que entre desde otro equipo, escribe un correo y una contraseña.'
        }
      >
        {(p) => <Input {...p} type="email" autoComplete="off" {...register('correo')} />}
      </Field>
      <Field label="Nueva contraseña" error={errors.contrasena?.message} hint={`Déjala vacía para no cambiarla. ${PASSWORD_HINT}`}>
        {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('contrasena')} />}
      </Field>
      <FormActions onCancelar={onListo} guardando={isSubmitting} textoGuardar="Guardar cambios" />
    </form>
  );
}

/** «Nuevo cajero» (cajero null) or «Editar cajero», in a dialog that starts fresh each time it opens. */
export function CajeroDialog({
  abierto,
  idMinimarket,
  cajero,
  onCerrar,
}: {
  abierto: boolean;
  idMinimarket: number;
  cajero: Cajero | null;
  onCerrar: () => void;
}) {
  return (
    <Dialog abierto={abierto} onCerrar={onCerrar} titulo={cajero ? `Editar a ${cajero.nombre}` : 'Nuevo cajero'}>
      {abierto &&
        (cajero ? (
          <EditarCajero key={cajero.id_usuario} idMinimarket={idMinimarket} cajero={cajero} onListo={onCerrar} />
        ) : (
          <CrearCajero idMinimarket={idMinimarket} onListo={onCerrar} />
        ))}
    </Dialog>
  );
}
