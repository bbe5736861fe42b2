import { zodResolver } from '@hookform/resolvers/zod';
import { cierreTurnoSchema, type Turno } from '@minimarket/contracts/caja';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { mensajeDeError } from '../../../lib/api-client';
import { useEstadoOutbox } from '../../../lib/offline/use-outbox';
import { formatClp } from '../../../utils/format';
import { ETIQUETA_REDONDEO, formatRedondeo } from '../../../utils/redondeo';
import { useCerrarTurno } from '../api/caja';
import { esConteoCiego } from '../utils/caja';
import { montoEscrito } from '../utils/monto-escrito';
import { FormularioMonto } from './formulario-monto';
import { DiferenciaBadge } from './informe-turno';

const conteoFormSchema = z.object({
  monto_contado: montoEscrito('Escribe el efectivo que contaste en la caja.', cierreTurnoSchema.shape.monto_contado),
});

interface Conteo {
  contado: number;
  /** null: a cashier's blind count (the server keeps the expected cash from them). */
  esperado: number | null;
  /** The shift's cash rounding (Ley 20.956), in the expected cash; null for a cashier. */
  redondeo?: number | null;
}

/** The count beside the expected cash and their difference; a blind count shows what was counted alone. */
function Revision({ conteo }: { conteo: Conteo }) {
  const { contado, esperado } = conteo;
  const cifraContado = (
    <div className="rounded-lg bg-slate-50 px-3 py-2">
      <dt className="text-slate-600">Efectivo contado</dt>
      <dd className="text-xl font-bold" data-testid="conteo-contado">
        {formatClp(contado)}
      </dd>
    </div>
  );
  if (esperado === null)
    return (
      <>
        <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">{cifraContado}</dl>
        <p className="text-sm text-slate-700" role="status">
          Es un conteo a ciegas: el dueño verá si la caja cuadra. Revisa que lo contado esté bien antes de cerrar.
        </p>
      </>
    );
  const diferencia = contado - esperado;
  return (
    <>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
        {cifraContado}
        <div className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-slate-600">Efectivo esperado</dt>
          <dd className="text-xl font-bold" data-testid="conteo-esperado">
            {formatClp(esperado)}
          </dd>
          {conteo.redondeo !== undefined && conteo.redondeo !== null && conteo.redondeo !== 0 && (
            <dd className="text-xs text-slate-600" data-testid="conteo-redondeo">
              Incluye {ETIQUETA_REDONDEO}: {formatRedondeo(conteo.redondeo)}
            </dd>
          )}
        </div>
        <div className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-slate-600">Diferencia</dt>
          <dd className="text-xl font-bold" data-testid="conteo-diferencia">
            {formatClp(diferencia)}
          </dd>
          <dd className="mt-1">
            <DiferenciaBadge diferencia={diferencia} />
          </dd>
        </div>
      </dl>
      <p className="text-sm text-slate-700" role="status">
        {diferencia === 0
          ? 'La caja cuadra: lo contado es igual a lo esperado.'
          : `${diferencia > 0 ? 'Sobran' : 'Faltan'} ${formatClp(Math.abs(diferencia))}. Un cierre con diferencia se acepta y queda registrado; si te equivocaste al contar, corrige antes de cerrar.`}
      </p>
    </>
  );
}

/**
 * The close by counting, blind: the cashier counts and types the cash first; only then the
 * expected amount and the difference appear, and closing is a second, deliberate step. The
 * server works the difference out again at the close and its answer is the one kept. A cashier
 * (docs/cajeros.md «Arqueo ciego») never sees the expected cash: they confirm what they counted.
 */
export function CierreTurno({
  turno,
  refrescar,
  onCerrado,
}: {
  turno: Turno;
  /** The shift as the server has it now (sales keep coming in while the cashier counts). */
  refrescar: () => Promise<Turno | null>;
  onCerrado: (turno: Turno) => void;
}) {
  const cerrar = useCerrarTurno();
  const ciego = esConteoCiego(turno);
  const [conteo, setConteo] = useState<Conteo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const revision = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof conteoFormSchema>, unknown, z.output<typeof conteoFormSchema>>({
    resolver: zodResolver(conteoFormSchema),
    defaultValues: { monto_contado: '' },
  });

  useEffect(() => {
    if (conteo) revision.current?.focus();
  }, [conteo]);

  const contar = handleSubmit(async ({ monto_contado }) => {
    setError(null);
    let actual: Turno | null = turno;
    try {
      actual = await refrescar();
    } catch {
      // Could not ask again: the figures on screen are the latest known.
    }
    if (!actual) {
      setError('Este turno ya se cerró en otro equipo.');
      return;
    }
    setConteo({ contado: monto_contado, esperado: actual.esperado_efectivo, redondeo: actual.redondeo });
  });

  const confirmar = async () => {
    if (!conteo) return;
    setError(null);
    try {
      const cerrado = await cerrar.mutateAsync({ idTurno: turno.id_turno, montoContado: conteo.contado });
      onCerrado(cerrado);
    } catch (e) {
      setError(mensajeDeError(e, 'No se pudo cerrar la caja.'));
    }
  };

  return (
    <Card className="p-4 sm:p-5">
      <h3 className="text-lg font-semibold text-slate-900">Cerrar caja</h3>
      <SinEnviar />
      {!conteo ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {ciego
              ? 'Cuenta todo el efectivo de la caja y escribe el total. El conteo es a ciegas: el dueño ve si la caja cuadra.'
              : 'Cuenta todo el efectivo de la caja y escribe el total. El efectivo esperado se muestra después de contar.'}
          </p>
          <FormularioMonto
            onSubmit={contar}
            className="mt-3"
            label="Efectivo contado"
            error={errors.monto_contado?.message}
            placeholder="$0"
            registro={register('monto_contado')}
            deshabilitado={isSubmitting}
          >
            {ciego ? 'Continuar' : 'Ver diferencia'}
          </FormularioMonto>
        </>
      ) : (
        <div className="mt-3 space-y-3">
          <h4 ref={revision} tabIndex={-1} className="font-medium text-slate-800 focus:outline-none">
            Revisa el conteo antes de cerrar
          </h4>
          <Revision conteo={conteo} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variante="contorno"
              onClick={() => {
                setConteo(null);
                setError(null);
                setTimeout(() => setFocus('monto_contado'));
              }}
              disabled={cerrar.isPending}
            >
              Corregir conteo
            </Button>
            <Button onClick={() => void confirmar()} disabled={cerrar.isPending}>
              {cerrar.isPending ? 'Cerrando...' : `Cerrar turno con ${formatClp(conteo.contado)}`}
            </Button>
          </div>
        </div>
      )}
      {error && (
        <Alert tipo="error" className="mt-3">
          {error}
        </Alert>
      )}
    </Card>
  );
}

/**
 * Sales made on this device without a connection that the server does not have yet: the
 * expected cash does not count them. Said before counting (docs/offline.md).
 */
function SinEnviar() {
  const { pendientes } = useEstadoOutbox();
  if (pendientes === 0) return null;
  return (
    <Alert tipo="aviso" className="mt-3">
      <span data-testid="cierre-ventas-sin-enviar">
        {pendientes === 1 ? 'Hay 1 venta de este equipo' : `Hay ${pendientes} ventas de este equipo`} sin enviar: el efectivo esperado
        todavía no {pendientes === 1 ? 'la cuenta' : 'las cuenta'}. Espera a que se envíen (vuelve la conexión) antes de cerrar la caja.
      </span>
    </Alert>
  );
}
