import { clienteCreateSchema, clienteUpdateSchema, hoyEnSantiago, LIMITES_CLIENTE, type Cliente } from '@minimarket/contracts/clientes';
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { toast } from 'sonner';
import { Alert } from '../ui/alert';
import { Dialog } from '../ui/dialog';
import { Field, Input } from '../ui/field';
import { FormActions } from '../ui/form-actions';
import { MontoInput } from '../ui/monto-input';
import { ApiError, mensajeDeError } from '../../lib/api-client';
import { useActualizarCliente, useCrearCliente } from '../../lib/clientes';
import { formatClp } from '../../utils/format';

type Campo = 'nombre' | 'telefono' | 'rut' | 'direccion' | 'limite_credito' | 'saldo_inicial' | 'saldo_inicial_desde';
type Valores = Record<Campo, string>;

function valoresDe(cliente: Cliente | null, nombreInicial: string): Valores {
  return {
    nombre: cliente?.nombre ?? nombreInicial,
    telefono: cliente?.telefono ?? '',
    rut: cliente?.rut ?? '',
    direccion: cliente?.direccion ?? '',
    limite_credito: cliente && cliente.limite_credito !== null ? formatClp(cliente.limite_credito) : '',
    saldo_inicial: '',
    saldo_inicial_desde: '',
  };
}

/** What the form sends: the typed text, an empty limit meaning no limit (null). */
function pedido(v: Valores) {
  return {
    nombre: v.nombre,
    telefono: v.telefono,
    rut: v.rut,
    direccion: v.direccion,
    limite_credito: v.limite_credito.trim() === '' ? null : v.limite_credito,
  };
}

/** A new customer also brings what the paper notebook says they owe, and since when (never edited later). */
function pedidoNuevo(v: Valores) {
  return {
    ...pedido(v),
    saldo_inicial: v.saldo_inicial.trim() === '' ? null : v.saldo_inicial,
    saldo_inicial_desde: v.saldo_inicial_desde === '' ? null : v.saldo_inicial_desde,
  };
}

/** The form's state: the values typed, each field's error (the contract's words, or the server's), and saving. */
function useClienteForm({
  idMinimarket,
  cliente,
  nombreInicial,
  onListo,
}: {
  idMinimarket: number;
  cliente: Cliente | null;
  nombreInicial: string;
  onListo: (cliente: Cliente) => void;
}) {
  const [valores, setValores] = useState<Valores>(() => valoresDe(cliente, nombreInicial));
  const [errores, setErrores] = useState<Partial<Record<Campo, string>>>({});
  const [errorGeneral, setErrorGeneral] = useState<string | null>(null);
  const crear = useCrearCliente();
  const actualizar = useActualizarCliente();

  const cambiar = (campo: Campo, valor: string) => {
    setValores((v) => ({ ...v, [campo]: valor }));
    setErrores((e) => ({ ...e, [campo]: undefined }));
  };

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    setErrorGeneral(null);
    // The contract's own schema: the words are the API's.
    const cuerpo = cliente ? pedido(valores) : pedidoNuevo(valores);
    const r = cliente ? clienteUpdateSchema.safeParse(cuerpo) : clienteCreateSchema.safeParse({ id_minimarket: idMinimarket, ...cuerpo });
    if (!r.success) {
      const nuevos: Partial<Record<Campo, string>> = {};
      for (const issue of r.error.issues) {
        const campo = issue.path[0] as Campo;
        nuevos[campo] ??= issue.message;
      }
      setErrores(nuevos);
      return;
    }
    const alFallar = (err: unknown) => {
      if (err instanceof ApiError && err.errors.length > 0) {
        const nuevos: Partial<Record<Campo, string>> = {};
        for (const { campo, mensaje } of err.errors) if (campo in valores) nuevos[campo as Campo] ??= mensaje;
        setErrores(nuevos);
      }
      setErrorGeneral(mensajeDeError(err, 'No se pudo guardar el cliente.'));
    };
    const listo = (mensaje: (c: Cliente) => string) => (c: Cliente) => {
      toast.success(mensaje(c));
      onListo(c);
    };
    if (cliente) {
      actualizar.mutate(
        { idCliente: cliente.id_cliente, cambios: cuerpo },
        { onSuccess: listo(() => 'Cliente actualizado.'), onError: alFallar },
      );
    } else {
      crear.mutate(
        { id_minimarket: idMinimarket, ...cuerpo },
        { onSuccess: listo((c) => `Cliente ${c.nombre} creado.`), onError: alFallar },
      );
    }
  };

  return { valores, errores, errorGeneral, cambiar, enviar, guardando: crear.isPending || actualizar.isPending };
}
type FormCliente = ReturnType<typeof useClienteForm>;

/** One field of the form, bound to its value and its error; `monto` for pesos. */
function CampoCliente({
  formulario,
  campo,
  label,
  hint,
  requerido,
  monto = false,
  ...control
}: {
  formulario: FormCliente;
  campo: Campo;
  label: string;
  hint?: string;
  requerido?: boolean;
  monto?: boolean;
} & InputHTMLAttributes<HTMLInputElement>) {
  const Control = monto ? MontoInput : Input;
  return (
    <Field label={label} hint={hint} requerido={requerido} error={formulario.errores[campo]}>
      {(p) => <Control {...p} {...control} value={formulario.valores[campo]} onChange={(e) => formulario.cambiar(campo, e.target.value)} />}
    </Field>
  );
}

/** The form inside the dialog: mounted on each opening, so it starts from the customer as it is. */
function ClienteForm({
  idMinimarket,
  cliente,
  nombreInicial,
  onListo,
  onCancelar,
}: {
  idMinimarket: number;
  cliente: Cliente | null;
  nombreInicial: string;
  onListo: (cliente: Cliente) => void;
  onCancelar: () => void;
}) {
  const form = useClienteForm({ idMinimarket, cliente, nombreInicial, onListo });
  return (
    <form className="space-y-4" onSubmit={form.enviar} noValidate>
      <CampoCliente
        formulario={form}
        campo="nombre"
        label="Nombre"
        requerido
        data-autofocus
        maxLength={LIMITES_CLIENTE.nombre}
        autoComplete="off"
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <CampoCliente
          formulario={form}
          campo="telefono"
          label="Teléfono"
          hint="Para enviarle su saldo por WhatsApp."
          type="tel"
          inputMode="tel"
          placeholder="9 1234 5678"
          maxLength={LIMITES_CLIENTE.telefono}
        />
        <CampoCliente formulario={form} campo="rut" label="RUT" hint="Opcional." placeholder="12.345.678-5" autoComplete="off" />
      </div>
      <CampoCliente formulario={form} campo="direccion" label="Dirección" hint="Opcional." maxLength={LIMITES_CLIENTE.direccion} />
      <CampoCliente
        formulario={form}
        campo="limite_credito"
        label="Límite de crédito"
        hint="Lo más que puede deber. Vacío: sin límite."
        monto
        placeholder="Sin límite"
      />
      {!cliente && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <CampoCliente
            formulario={form}
            campo="saldo_inicial"
            label="Saldo inicial (libreta)"
            hint="Lo que ya debe según tu libreta de papel. Después no se edita: los abonos lo bajan."
            monto
            placeholder="$0"
          />
          <CampoCliente
            formulario={form}
            campo="saldo_inicial_desde"
            label="Debe desde"
            hint="Su compra impaga más antigua. Vacío: hoy."
            type="date"
            max={hoyEnSantiago()}
          />
        </div>
      )}
      {form.errorGeneral && <Alert tipo="error">{form.errorGeneral}</Alert>}
      <FormActions onCancelar={onCancelar} guardando={form.guardando} textoGuardar={cliente ? 'Guardar cambios' : 'Crear cliente'} />
    </form>
  );
}

/**
 * "Nuevo cliente" / "Editar cliente": from CLIENTES, the customer's page and the sale's payment
 * (a fiado sale creates its customer without leaving the sale). `onListo` gets the customer as
 * the server saved it.
 */
export function ClienteDialog({
  abierto,
  idMinimarket,
  cliente = null,
  nombreInicial = '',
  onListo,
  onCerrar,
}: {
  abierto: boolean;
  idMinimarket: number;
  /** Editing this customer; null: a new one. */
  cliente?: Cliente | null;
  /** A new customer's name as already typed (the payment's search). */
  nombreInicial?: string;
  onListo: (cliente: Cliente) => void;
  onCerrar: () => void;
}) {
  return (
    <Dialog abierto={abierto} onCerrar={onCerrar} titulo={cliente ? 'Editar cliente' : 'Nuevo cliente'} className="max-w-xl">
      <ClienteForm idMinimarket={idMinimarket} cliente={cliente} nombreInicial={nombreInicial} onListo={onListo} onCancelar={onCerrar} />
    </Dialog>
  );
}
