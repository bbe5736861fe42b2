import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_HINT, passwordSchema, ROLES_CUENTA } from '@minimarket/contracts/comunes';
import { formatRut } from '@minimarket/contracts/rut';
import { usuarioCreateSchema, usuarioUpdateSchema, type Usuario, type UsuarioUpdate } from '@minimarket/contracts/usuarios';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { BackHeader } from '../../../components/ui/back-header';
import { Card } from '../../../components/ui/card';
import { Field, Input, Select, Textarea } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { Loading } from '../../../components/ui/loading';
import { mensajeDeError } from '../../../lib/api-client';
import { soloCambios } from '../../../utils/solo-cambios';
import { guardarFormulario } from '../utils/guardar-formulario';
import { capitalizar } from '../../../utils/format';
import { useActualizarUsuario, useCrearUsuario, usuarioQueryOptions } from '../api/usuarios';

const MENSAJE_ERROR_GUARDAR = 'Error al guardar el usuario.';

/** Blank keeps the current password; anything typed must follow the one password rule. */
const contrasenaOpcional = z.string().superRefine((valor, ctx) => {
  if (valor === '') return;
  const r = passwordSchema.safeParse(valor);
  if (!r.success) ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? 'Contraseña no válida' });
});

const editarSchema = z.object({
  nombre: usuarioCreateSchema.shape.nombre,
  correo: usuarioCreateSchema.shape.correo,
  empresa: usuarioCreateSchema.shape.empresa,
  rol: usuarioCreateSchema.shape.rol,
  direccion: usuarioCreateSchema.shape.direccion,
  descripcion: usuarioCreateSchema.shape.descripcion,
  estado: usuarioUpdateSchema.shape.estado.unwrap(),
  contrasena: contrasenaOpcional,
});

type CrearInput = z.input<typeof usuarioCreateSchema>;
type CrearOutput = z.output<typeof usuarioCreateSchema>;
type EditarInput = z.input<typeof editarSchema>;
type EditarOutput = z.output<typeof editarSchema>;

type CamposComunes = Pick<EditarInput, 'nombre' | 'correo' | 'empresa' | 'rol' | 'direccion' | 'descripcion'>;

/** The fields both forms share, in their order; what only one form has goes in between. */
function CamposUsuario({
  register,
  errors,
  descripcionAncha,
  children,
}: {
  register: (campo: keyof CamposComunes) => UseFormRegisterReturn;
  errors: FieldErrors<CamposComunes>;
  descripcionAncha?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <Field label="Nombre" requerido error={errors.nombre?.message}>
        {(p) => <Input {...p} autoComplete="off" {...register('nombre')} />}
      </Field>
      <Field label="Correo electrónico" requerido error={errors.correo?.message}>
        {(p) => <Input {...p} type="email" autoComplete="off" {...register('correo')} />}
      </Field>
      <Field label="Empresa" requerido error={errors.empresa?.message}>
        {(p) => <Input {...p} autoComplete="off" {...register('empresa')} />}
      </Field>
      <Field label="Rol" requerido error={errors.rol?.message}>
        {(p) => (
          <Select {...p} {...register('rol')}>
            <option value="">Selecciona un rol</option>
            {ROLES_CUENTA.map((r) => (
              <option key={r} value={r}>
                {capitalizar(r)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {children}
      <Field label="Dirección" error={errors.direccion?.message}>
        {(p) => <Input {...p} autoComplete="off" {...register('direccion')} />}
      </Field>
      <Field label="Descripción" error={errors.descripcion?.message} className={descripcionAncha ? 'sm:col-span-2' : undefined}>
        {(p) => <Textarea {...p} rows={2} {...register('descripcion')} />}
      </Field>
    </>
  );
}

/** `onCreado`: the list then shows the new user (a new account is otherwise on a later page). */
export function CrearUsuarioForm({ onVolver, onCreado }: { onVolver: () => void; onCreado: (u: Usuario) => void }) {
  const crear = useCrearUsuario();
  const [error, setErrorGeneral] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CrearInput, unknown, CrearOutput>({
    resolver: zodResolver(usuarioCreateSchema),
    defaultValues: {
      nombre: '',
      correo: '',
      empresa: '',
      rol: '' as CrearInput['rol'],
      contrasena: '',
      rut_usuario: '',
      rut_empresa: '',
      direccion: '',
      descripcion: '',
      estado: 'activo',
    },
  });

  const guardar = handleSubmit(async (datos) => {
    setErrorGeneral(null);
    // Optional fields left blank are not sent at all.
    const { direccion, descripcion, ...resto } = datos;
    await guardarFormulario({
      pedir: () =>
        crear.mutateAsync({
          ...resto,
          estado: 'activo',
          ...(direccion ? { direccion } : {}),
          ...(descripcion ? { descripcion } : {}),
        }),
      exito: 'Usuario creado exitosamente.',
      onListo: onCreado,
      setError,
      setErrorGeneral,
      mensajeError: MENSAJE_ERROR_GUARDAR,
    });
  });

  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <BackHeader titulo="Crear Nuevo Usuario" onVolver={onVolver} />
      <form onSubmit={guardar} noValidate className="space-y-4" aria-label="Crear usuario">
        {error && <Alert tipo="error">{error}</Alert>}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <CamposUsuario register={register} errors={errors} descripcionAncha>
            <Field label="RUT del usuario" requerido error={errors.rut_usuario?.message} hint="Ej: 12.345.678-5">
              {(p) => <Input {...p} autoComplete="off" {...register('rut_usuario')} />}
            </Field>
            <Field label="RUT de la empresa" requerido error={errors.rut_empresa?.message} hint="Ej: 76.543.210-3">
              {(p) => <Input {...p} autoComplete="off" {...register('rut_empresa')} />}
            </Field>
            <Field label="Contraseña" requerido error={errors.contrasena?.message} hint={PASSWORD_HINT}>
              {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('contrasena')} />}
            </Field>
          </CamposUsuario>
        </div>
        <p className="text-sm text-slate-600">El usuario nuevo queda activo.</p>
        <FormActions onCancelar={onVolver} guardando={isSubmitting} textoGuardar="Crear usuario" />
      </form>
    </Card>
  );
}

function EditarUsuarioFormulario({ usuario, onVolver }: { usuario: Usuario; onVolver: () => void }) {
  const actualizar = useActualizarUsuario();
  const [error, setErrorGeneral] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<EditarInput, unknown, EditarOutput>({
    resolver: zodResolver(editarSchema),
    defaultValues: {
      nombre: usuario.nombre,
      correo: usuario.correo,
      empresa: usuario.empresa,
      rol: usuario.rol,
      direccion: usuario.direccion ?? '',
      descripcion: usuario.descripcion ?? '',
      estado: usuario.estado,
      contrasena: '',
    },
  });

  const guardar = handleSubmit(async (datos) => {
    setErrorGeneral(null);
    // Only what changed is sent; the password only when a new one was typed.
    const cambios: UsuarioUpdate = soloCambios(datos, dirtyFields);
    delete cambios.contrasena;
    if (datos.contrasena) cambios.contrasena = datos.contrasena;
    if (Object.keys(cambios).length === 0) {
      onVolver();
      return;
    }
    await guardarFormulario({
      pedir: () => actualizar.mutateAsync({ id: usuario.id_usuario, datos: cambios }),
      exito: 'Usuario actualizado exitosamente.',
      onListo: onVolver,
      setError,
      setErrorGeneral,
      mensajeError: MENSAJE_ERROR_GUARDAR,
    });
  });

  return (
    <form onSubmit={guardar} noValidate className="space-y-4" aria-label="Editar usuario">
      {error && <Alert tipo="error">{error}</Alert>}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <CamposUsuario register={register} errors={errors}>
          <Field label="RUT del usuario" hint="No se puede modificar.">
            {(p) => <Input {...p} readOnly value={formatRut(usuario.rut_usuario)} />}
          </Field>
          <Field label="RUT de la empresa" hint="No se puede modificar.">
            {(p) => <Input {...p} readOnly value={formatRut(usuario.rut_empresa)} />}
          </Field>
          <Field
            label="Nueva contraseña"
            error={errors.contrasena?.message}
            hint={`Déjala en blanco para mantener la actual. ${PASSWORD_HINT}.`}
          >
            {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('contrasena')} />}
          </Field>
          <Field label="Estado" error={errors.estado?.message}>
            {(p) => (
              <Select {...p} {...register('estado')}>
                <option value="activo">Activo</option>
                <option value="inactivo">Inactivo</option>
              </Select>
            )}
          </Field>
        </CamposUsuario>
      </div>
      <FormActions onCancelar={onVolver} guardando={isSubmitting} textoGuardar="Guardar cambios" />
    </form>
  );
}

export function EditarUsuarioForm({ id, onVolver }: { id: number; onVolver: () => void }) {
  const { data, isPending, isError, error } = useQuery(usuarioQueryOptions(id));
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <BackHeader titulo="Editar usuario" onVolver={onVolver} />
      {isPending ? (
        <Loading />
      ) : isError ? (
        <Alert tipo="error">Error al obtener datos del usuario: {mensajeDeError(error, 'Error desconocido')}</Alert>
      ) : (
        <EditarUsuarioFormulario usuario={data} onVolver={onVolver} />
      )}
    </Card>
  );
}
