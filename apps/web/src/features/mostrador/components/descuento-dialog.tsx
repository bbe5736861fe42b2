// A discount at the counter (issue 32, docs/pagos.md «Descuentos»): on one line or on the whole cart,
// in pesos or as a percentage, always with its reason (the sale carries one, required with any
// discount). What it comes to in whole pesos is shown before applying it.
import { MAX_MOTIVO_DESCUENTO, MENSAJE_MOTIVO_DESCUENTO } from '@minimarket/contracts/ventas';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/field';
import { MontoInput } from '../../../components/ui/monto-input';
import { cn } from '../../../utils/cn';
import { formatClp, formatEntero } from '../../../utils/format';
import type { DescuentoEscrito } from '../utils/carrito';
import { leerDescuento } from '../utils/descuento-escrito';

/** What is being discounted: a line (its name and gross) or the whole cart (what it costs after the lines' own). */
export interface ObjetoDescuento {
  titulo: string;
  /** The amount the discount applies to. */
  monto: number;
  actual: DescuentoEscrito | null;
}

/** Pesos or percentage: two radios drawn as buttons. Changing it starts the amount again. */
function TipoDescuento({ tipo, onCambiar }: { tipo: DescuentoEscrito['tipo']; onCambiar: (t: DescuentoEscrito['tipo']) => void }) {
  const nombre = useId();
  const boton = (t: DescuentoEscrito['tipo'], etiqueta: string) => (
    <label
      className={cn(
        'flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-lg border-2 px-3 text-sm font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-marca-600',
        tipo === t ? 'border-marca-700 bg-marca-50 text-marca-900' : 'border-slate-200 hover:border-slate-300',
      )}
    >
      <input type="radio" name={nombre} className="sr-only" checked={tipo === t} onChange={() => onCambiar(t)} />
      {etiqueta}
    </label>
  );
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">Descontar en</legend>
      <div className="flex gap-2">
        {boton('pesos', 'Pesos ($)')}
        {boton('porcentaje', 'Porcentaje (%)')}
      </div>
    </fieldset>
  );
}

/** What the discount comes to in whole pesos, before applying it: '$3.150 − $315 (10 %) = $2.835'. */
function VistaDescuento({
  objeto,
  tipo,
  lectura,
}: {
  objeto: ObjetoDescuento;
  tipo: DescuentoEscrito['tipo'];
  lectura: ReturnType<typeof leerDescuento> | null;
}) {
  return (
    <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" aria-live="polite" data-testid="vista-descuento">
      {lectura?.ok ? (
        <>
          {formatClp(objeto.monto)} − {formatClp(lectura.pesos)}
          {tipo === 'porcentaje' && ` (${formatEntero(lectura.descuento.valor)} %)`} ={' '}
          <strong>{formatClp(objeto.monto - lectura.pesos)}</strong>
        </>
      ) : (
        `Monto: ${formatClp(objeto.monto)}`
      )}
    </p>
  );
}

function Formulario({
  objeto,
  motivoInicial,
  onAplicar,
  onCerrar,
}: {
  objeto: ObjetoDescuento;
  motivoInicial: string;
  onAplicar: (descuento: DescuentoEscrito | null, motivo: string) => void;
  onCerrar: () => void;
}) {
  const [tipo, setTipo] = useState<DescuentoEscrito['tipo']>(objeto.actual?.tipo ?? 'pesos');
  const [texto, setTexto] = useState(
    objeto.actual ? (objeto.actual.tipo === 'pesos' ? formatClp(objeto.actual.valor) : String(objeto.actual.valor)) : '',
  );
  const [motivo, setMotivo] = useState(motivoInicial);
  const [error, setError] = useState<string | null>(null);
  const [errorMotivo, setErrorMotivo] = useState<string | null>(null);
  const lectura = texto.trim() === '' ? null : leerDescuento(tipo, texto, objeto.monto);
  const escribir = (valor: string) => {
    setTexto(valor);
    setError(null);
  };
  return (
    <form
      noValidate
      className="space-y-4"
      aria-label={objeto.titulo}
      onSubmit={(e) => {
        e.preventDefault();
        const r = leerDescuento(tipo, texto, objeto.monto);
        const m = motivo.trim();
        setError(r.ok ? null : r.mensaje);
        setErrorMotivo(m === '' ? MENSAJE_MOTIVO_DESCUENTO : null);
        if (r.ok && m !== '') onAplicar(r.descuento, m);
      }}
    >
      <TipoDescuento
        tipo={tipo}
        onCambiar={(t) => {
          setTipo(t);
          setTexto('');
          setError(null);
        }}
      />
      <Field label={tipo === 'pesos' ? 'Descuento ($)' : 'Descuento (%)'} error={error ?? undefined}>
        {(p) =>
          tipo === 'pesos' ? (
            <MontoInput {...p} data-autofocus placeholder="Ej: $500" value={texto} onChange={(e) => escribir(e.target.value)} />
          ) : (
            <Input
              {...p}
              data-autofocus
              inputMode="numeric"
              autoComplete="off"
              placeholder="Ej: 10"
              value={texto}
              onChange={(e) => escribir(e.target.value)}
            />
          )
        }
      </Field>
      <Field
        label="Motivo del descuento"
        error={errorMotivo ?? undefined}
        hint="Obligatorio. Queda en la venta y en la auditoría (uno por venta)."
      >
        {(p) => (
          <Input
            {...p}
            autoComplete="off"
            maxLength={MAX_MOTIVO_DESCUENTO}
            placeholder="Ej: cliente frecuente, producto por vencer"
            value={motivo}
            onChange={(e) => {
              setMotivo(e.target.value);
              setErrorMotivo(null);
            }}
          />
        )}
      </Field>
      <VistaDescuento objeto={objeto} tipo={tipo} lectura={lectura} />
      <div className="flex flex-wrap justify-end gap-2">
        {objeto.actual && (
          <Button variante="fantasma" className="mr-auto text-red-700" onClick={() => onAplicar(null, motivo.trim())}>
            Quitar descuento
          </Button>
        )}
        <Button variante="contorno" onClick={onCerrar}>
          Cancelar
        </Button>
        <Button type="submit">Aplicar descuento</Button>
      </div>
    </form>
  );
}

export function DescuentoDialog({
  objeto,
  motivo,
  onAplicar,
  onCerrar,
}: {
  objeto: ObjetoDescuento | null;
  /** The sale's reason so far (one for the whole sale). */
  motivo: string;
  onAplicar: (descuento: DescuentoEscrito | null, motivo: string) => void;
  onCerrar: () => void;
}) {
  return (
    <Dialog abierto={objeto !== null} onCerrar={onCerrar} titulo={objeto?.titulo ?? 'Descuento'}>
      {objeto && <Formulario objeto={objeto} motivoInicial={motivo} onAplicar={onAplicar} onCerrar={onCerrar} />}
    </Dialog>
  );
}
