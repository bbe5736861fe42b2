import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_HINT } from '@minimarket/contracts/comunes';
import { formatRut } from '@minimarket/contracts/rut';
import { pinPropioSchema } from '@minimarket/contracts/cajeros';
import { cambioContrasenaSchema, perfilUpdateSchema, type UsuarioActual } from '@minimarket/contracts/usuarios';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input, Textarea } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { mensajeDeError } from '../../../lib/api-client';
import { tituloPagina } from '../../../lib/app-info';
import { useAuth } from '../../../lib/auth';
import { aplicarErroresCampo } from '../../../lib/form-errors';
import { capitalizar, formatFecha } from '../../../utils/format';
import { PinInput } from '../../../components/ui/pin-input';
import { useActualizarPerfil, useCambiarContrasena, useFijarPinPropio } from '../api/cuenta';

const perfilFormSchema = perfilUpdateSchema.required({ nombre: true });
type PerfilInput = z.input<typeof perfilFormSchema>;

const contrasenaFormSchema = cambioContrasenaSchema
  .extend({ confirmacion: z.string() })
  .refine((v) => v.nueva_contrasena === v.confirmacion, { error: 'Las contraseñas no coinciden', path: ['confirmacion'] });
type ContrasenaInput = z.input<typeof contrasenaFormSchema>;

function Dato({ etiqueta, valor }: { etiqueta: string; valor: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{etiqueta}</dt>
      <dd className="text-sm font-medium break-words text-slate-900">{valor || '—'}</dd>
    </div>
  );
}

function DatosCuenta({ user }: { user: UsuarioActual }) {
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-slate-900">Tu cuenta</h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <Dato etiqueta="Correo" valor={user.correo} />
        <Dato
          etiqueta="Rol"
          valor={
            <Badge color={user.rol === 'administrador' ? 'azul' : user.rol === 'cajero' ? 'verde' : 'morado'}>
              {capitalizar(user.rol)}
            </Badge>
          }
        />
        <Dato etiqueta="Empresa" valor={user.empresa} />
        <Dato etiqueta="RUT" valor={user.rut_usuario && formatRut(user.rut_usuario)} />
        <Dato etiqueta="RUT de la empresa" valor={user.rut_empresa && formatRut(user.rut_empresa)} />
        <Dato etiqueta="Cuenta creada" valor={formatFecha(user.fecha_creacion)} />
        <Dato etiqueta="Minimarkets" valor={user.minimarkets.map((m) => m.nombre_minimarket).join(', ')} />
      </dl>
    </Card>
  );
}

function EditarPerfil({ user }: { user: UsuarioActual }) {
  const actualizar = useActualizarPerfil();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
    reset,
  } = useForm<PerfilInput, unknown, z.output<typeof perfilFormSchema>>({
    resolver: zodResolver(perfilFormSchema),
    defaultValues: { nombre: user.nombre, direccion: user.direccion ?? '', descripcion: user.descripcion ?? '' },
  });
  const guardar = handleSubmit(async (datos) => {
    setError(null);
    try {
      const nuevo = await actualizar.mutateAsync(datos);
      reset({ nombre: nuevo.nombre, direccion: nuevo.direccion ?? '', descripcion: nuevo.descripcion ?? '' });
      toast.success('Perfil actualizado exitosamente.', { duration: 2000 });
    } catch (e) {
      setError(mensajeDeError(e, 'No se pudo actualizar el perfil.'));
    }
  });
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-slate-900">Datos personales</h2>
      <form onSubmit={guardar} noValidate className="mt-3 space-y-4" aria-label="Datos personales">
        {error && <Alert tipo="error">{error}</Alert>}
        <Field label="Nombre" requerido error={errors.nombre?.message}>
          {(p) => <Input {...p} autoComplete="name" {...register('nombre')} />}
        </Field>
        <Field label="Dirección" error={errors.direccion?.message}>
          {(p) => <Input {...p} autoComplete="street-address" {...register('direccion')} />}
        </Field>
        <Field label="Descripción" error={errors.descripcion?.message}>
          {(p) => <Textarea {...p} rows={2} {...register('descripcion')} />}
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? 'Guardando...' : 'Guardar cambios'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function CambiarContrasena() {
  const cambiar = useCambiarContrasena();
  const [resultado, setResultado] = useState<{ tipo: 'exito' | 'error'; texto: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContrasenaInput>({
    resolver: zodResolver(contrasenaFormSchema),
    defaultValues: { contrasena_actual: '', nueva_contrasena: '', confirmacion: '' },
  });
  const guardar = handleSubmit(async ({ contrasena_actual, nueva_contrasena }) => {
    setResultado(null);
    try {
      const { message } = await cambiar.mutateAsync({ contrasena_actual, nueva_contrasena });
      reset();
      setResultado({ tipo: 'exito', texto: message });
    } catch (e) {
      aplicarErroresCampo(e, setError);
      setResultado({ tipo: 'error', texto: mensajeDeError(e, 'No se pudo cambiar la contraseña.') });
    }
  });
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-slate-900">Cambiar contraseña</h2>
      <form onSubmit={guardar} noValidate className="mt-3 space-y-4" aria-label="Cambiar contraseña">
        {resultado && <Alert tipo={resultado.tipo}>{resultado.texto}</Alert>}
        <Field label="Contraseña actual" error={errors.contrasena_actual?.message}>
          {(p) => <Input {...p} type="password" autoComplete="current-password" {...register('contrasena_actual')} />}
        </Field>
        <Field label="Nueva contraseña" error={errors.nueva_contrasena?.message} hint={PASSWORD_HINT}>
          {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('nueva_contrasena')} />}
        </Field>
        <Field label="Confirmar nueva contraseña" error={errors.confirmacion?.message}>
          {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('confirmacion')} />}
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Guardando...' : 'Cambiar contraseña'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

type PinInputForm = z.input<typeof pinPropioSchema>;

/**
 * «Tu PIN» (docs/cajeros.md): the owner's own PIN, set or changed with their password. With it they
 * take the shared till back and approve their cashiers' voids, returns and withdrawals.
 */
function TuPin({ user }: { user: UsuarioActual }) {
  const fijar = useFijarPinPropio();
  const [resultado, setResultado] = useState<{ tipo: 'exito' | 'error'; texto: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PinInputForm>({ resolver: zodResolver(pinPropioSchema), defaultValues: { pin: '', contrasena: '' } });
  const guardar = handleSubmit(async (datos) => {
    setResultado(null);
    try {
      await fijar.mutateAsync(datos);
      reset();
      setResultado({ tipo: 'exito', texto: user.tiene_pin ? 'Tu PIN cambió.' : 'Tu PIN quedó guardado.' });
    } catch (e) {
      aplicarErroresCampo(e, setError);
      setResultado({ tipo: 'error', texto: mensajeDeError(e, 'No se pudo guardar el PIN.') });
    }
  });
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Tu PIN</h2>
        <Badge color={user.tiene_pin ? 'verde' : 'amarillo'}>
          <span data-testid="estado-pin">{user.tiene_pin ? 'PIN creado' : 'Sin PIN'}</span>
        </Badge>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Para volver a la caja compartida y autorizar anulaciones, devoluciones y retiros de tus cajeros.
      </p>
      <form onSubmit={guardar} noValidate className="mt-3 space-y-4" aria-label="Tu PIN">
        {resultado && <Alert tipo={resultado.tipo}>{resultado.texto}</Alert>}
        <Field
          label={user.tiene_pin ? 'Nuevo PIN' : 'PIN'}
          error={errors.pin?.message}
          hint="De 4 a 6 dígitos, distinto del de tus cajeros."
        >
          {(p) => <PinInput {...p} {...register('pin')} />}
        </Field>
        <Field label="Tu contraseña" error={errors.contrasena?.message} hint="Para confirmar que eres tú.">
          {(p) => <Input {...p} type="password" autoComplete="current-password" {...register('contrasena')} />}
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Guardando...' : user.tiene_pin ? 'Cambiar PIN' : 'Crear PIN'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function PerfilPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <title>{tituloPagina('Mi perfil')}</title>
      <PageHeader titulo="Mi perfil" descripcion={`${user.nombre} · ${capitalizar(user.rol)}`} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <DatosCuenta user={user} />
          <EditarPerfil key={user.fecha_creacion + user.nombre} user={user} />
        </div>
        <div className="space-y-4">
          {/* The owner's PIN: an administrator works at no till. */}
          {user.rol === 'pyme' && <TuPin user={user} />}
          <CambiarContrasena />
        </div>
      </div>
    </div>
  );
}
