import { abonoCreateSchema, METODOS_ABONO, type Cliente, type MetodoAbono } from '@minimarket/contracts/clientes';
import { leerEntero } from '@minimarket/contracts/numeros';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Select } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { MontoInput } from '../../../components/ui/monto-input';
import { mensajeDeError } from '../../../lib/api-client';
import { turnoActualQueryOptions } from '../../../lib/caja';
import { useRegistrarAbono } from '../../../lib/clientes';
import { destinoAbono } from '../../../lib/clientes-formato';
import { formatClp } from '../../../utils/format';

function AbonoForm({ cliente, onListo }: { cliente: Cliente; onListo: () => void }) {
  const [monto, setMonto] = useState('');
  const [metodo, setMetodo] = useState<MetodoAbono>('Efectivo');
  const [errorMonto, setErrorMonto] = useState<string | null>(null);
  const [rechazo, setRechazo] = useState<string | null>(null);
  const abonar = useRegistrarAbono();
  // Where the cash goes: the open shift by its number, or no till at all (said before registering).
  const turno = useQuery(turnoActualQueryOptions(cliente.id_minimarket));

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    setRechazo(null);
    if (monto.trim() === '') {
      setErrorMonto('Escribe el monto del abono.');
      return;
    }
    const leido = leerEntero(monto, { campo: 'El monto', pesos: true });
    if (!leido.ok) {
      setErrorMonto(leido.mensaje);
      return;
    }
    // The contract's schema: the words are the API's ('El abono debe ser mayor a $0.').
    const r = abonoCreateSchema.safeParse({ monto: leido.valor, metodo_pago: metodo });
    if (!r.success) {
      setErrorMonto(r.error.issues[0]?.message ?? 'Monto no válido.');
      return;
    }
    abonar.mutate(
      { idCliente: cliente.id_cliente, abono: r.data },
      {
        onSuccess: (res) => {
          toast.success(`Abono de ${formatClp(res.abono.monto)} registrado. Saldo: ${formatClp(res.saldo)}.`);
          onListo();
        },
        // The server's refusal as it comes (more than is owed says how much is owed).
        onError: (err) => setRechazo(mensajeDeError(err, 'No se pudo registrar el abono.')),
      },
    );
  };

  return (
    <form className="space-y-4" onSubmit={enviar} noValidate>
      <Field label="Monto" requerido error={errorMonto ?? undefined} hint={`Debe ${formatClp(cliente.saldo)}.`}>
        {(p) => (
          <MontoInput
            {...p}
            data-autofocus
            placeholder={formatClp(cliente.saldo)}
            value={monto}
            onChange={(e) => {
              setMonto(e.target.value);
              setErrorMonto(null);
            }}
          />
        )}
      </Field>
      <Field label="Método de pago" hint={<span data-testid="destino-abono">{destinoAbono(metodo, turno.data)}</span>}>
        {(p) => (
          <Select {...p} value={metodo} onChange={(e) => setMetodo(e.target.value as MetodoAbono)}>
            {METODOS_ABONO.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {rechazo && <Alert tipo="error">{rechazo}</Alert>}
      <FormActions onCancelar={onListo} guardando={abonar.isPending} textoGuardar="Registrar abono" />
    </form>
  );
}

/** "Registrar abono": what the customer pays on account, and how. */
export function AbonoDialog({ cliente, abierto, onCerrar }: { cliente: Cliente; abierto: boolean; onCerrar: () => void }) {
  return (
    <Dialog abierto={abierto} onCerrar={onCerrar} titulo="Registrar abono" descripcion={cliente.nombre}>
      <AbonoForm cliente={cliente} onListo={onCerrar} />
    </Dialog>
  );
}
