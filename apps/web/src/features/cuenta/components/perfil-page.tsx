import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_HINT } from '@minimarket/contracts/comunes';
import { formatRut } from '@minimarket/contracts/rut';
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
import { aplicarErroresCampo } from '../../../utils/form-errors';
import { capitalizar, formatFecha } from '../../../utils/format';
import { useActualizarPerfil, useCambiarContrasena } from '../api/cuenta';

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
        <Dato etiqueta="Rol" valor={<Badge color={user.rol === 'administrador' ? 'azul' : 'morado'}>{capitalizar(user.rol)}</Badge>} />
        <Dato etiqueta="Empresa" valor={user.empresa} />
        <Dato etiqueta="RUT" valor={formatRut(user.rut_usuario)} />
        <Dato etiqueta="RUT de la empresa" valor={formatRut(user.rut_empresa)} />
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
        <CambiarContrasena />
      </div>
    </div>
  );
}
