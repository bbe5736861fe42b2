import { formatPeso } from '@minimarket/contracts/granel';
import { devolucionCreateSchema, referenciaVenta, type Venta } from '@minimarket/contracts/ventas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { toast } from 'sonner';
import type { Autorizacion } from '@minimarket/contracts/cajeros';
import { useAutorizacionDueno } from '../../../components/shop/autorizacion-dueno';
import { Alert } from '../../../components/ui/alert';
import { Field, Input, Textarea } from '../../../components/ui/field';
import { Dialog } from '../../../components/ui/dialog';
import { mensajeDeError } from '../../../lib/api-client';
import { formatClp, formatEntero } from '../../../utils/format';
import { formatCantidadBreve, formatPrecio, resumenCantidades } from '../../../lib/granel';
import { boletaQueryOptions, useDevolverProductos } from '../api/ventas';
import { efectivoDevolucion, leerDevolucion, lineasDevolucion, type LecturaDevolucion, type LineaDevolucion } from '../utils/devolucion';
import { ETIQUETA_REDONDEO, formatRedondeo } from '../../../utils/redondeo';
import { avisoNotaDevolucion } from '../../boletas';
import { AvisoNotaCredito, BotonesConfirmar, BotonesContinuar } from './confirmar-cambio';

type ConAutorizacion = ReturnType<typeof useAutorizacionDueno>['ejecutar'];

/** What comes back of one line: sold, already returned and left, and the field for how much. */
function LineaDevolver({
  id,
  linea: l,
  primera,
  error: err,
  valor,
  onCambiar,
}: {
  id: string;
  linea: LineaDevolucion;
  primera: boolean;
  error: string | undefined;
  valor: string;
  onCambiar: (valor: string) => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
      <div className="min-w-0 flex-1 text-sm">
        <label htmlFor={id} className="block font-medium text-slate-900">
          {l.nombre_producto}
        </label>
        <p id={`${id}-info`} className="text-xs text-slate-600">
          {l.unidad === 'kg'
            ? `${formatPrecio(l.precio_unitario, 'kg')} · vendido ${formatPeso(l.vendidas)}${
                l.devueltas > 0 ? ` · ya devuelto ${formatPeso(l.devueltas)}` : ''
              } · quedan ${formatPeso(l.porDevolver)}`
            : `${formatClp(l.precio_unitario)} c/u · vendidas ${formatEntero(l.vendidas)}${
                l.devueltas > 0 ? ` · ya devueltas ${formatEntero(l.devueltas)}` : ''
              } · quedan ${formatEntero(l.porDevolver)}`}
        </p>
        {err && (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {err}
          </p>
        )}
      </div>
      <Input
        id={id}
        autoFocus={primera}
        className={l.unidad === 'kg' ? 'w-28 text-right' : 'w-20 text-right'}
        inputMode={l.unidad === 'kg' ? 'decimal' : 'numeric'}
        autoComplete="off"
        placeholder={l.unidad === 'kg' ? '0,000' : '0'}
        disabled={l.porDevolver === 0}
        aria-invalid={Boolean(err)}
        aria-describedby={err ? `${id}-info ${id}-error` : `${id}-info`}
        value={valor}
        onChange={(e) => onCambiar(e.target.value)}
      />
    </li>
  );
}

/** The question before returning: what comes back, for how much, the cash rounding and the nota de crédito. */
function ConfirmarDevolucion({
  pregunta,
  venta,
  lectura,
  lineas,
  motivo,
  redondeo,
  avisoNota,
  error,
  procesando,
  onVolver,
  onConfirmar,
}: {
  /** The question, which takes the focus (the Contenido's effect). */
  pregunta: RefObject<HTMLDivElement | null>;
  venta: Venta;
  lectura: Extract<LecturaDevolucion, { ok: true }>;
  lineas: LineaDevolucion[];
  motivo: string;
  redondeo: ReactNode;
  avisoNota: string | null;
  error: string | null;
  procesando: boolean;
  onVolver: () => void;
  onConfirmar: () => void;
}) {
  return (
    <div className="space-y-4">
      <div ref={pregunta} tabIndex={-1} className="space-y-2 text-sm text-slate-800 focus:outline-none">
        <p>
          ¿Devolver {resumenCantidades(lectura.unidades, lectura.gramos)} de la venta {referenciaVenta(venta)} por{' '}
          <strong>{formatClp(lectura.total)}</strong>? Las unidades vuelven al inventario y, si la venta fue en efectivo, el dinero sale de
          la caja abierta.
          {redondeo}
        </p>
        <AvisoNotaCredito aviso={avisoNota} />
      </div>
      <ul className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        {lectura.detalles.map((d) => {
          const linea = lineas.find((l) => l.id_producto === d.id_producto);
          return (
            <li key={d.id_producto}>
              {formatCantidadBreve(d.num_unidades, linea?.unidad)} × {linea?.nombre_producto}
            </li>
          );
        })}
        <li className="mt-1">Motivo: {motivo.trim()}</li>
      </ul>
      <BotonesConfirmar
        error={error}
        procesando={procesando}
        textoProcesando="Guardando..."
        textoConfirmar="Sí, devolver productos"
        onVolver={onVolver}
        onConfirmar={onConfirmar}
      />
    </div>
  );
}

function Contenido({ venta, onCerrar, autorizar }: { venta: Venta; onCerrar: () => void; autorizar: ConAutorizacion }) {
  const devolver = useDevolverProductos();
  const lineas = useMemo(() => lineasDevolucion(venta), [venta]);
  const [cantidades, setCantidades] = useState<Record<number, string>>({});
  const [motivo, setMotivo] = useState('');
  const [errorMotivo, setErrorMotivo] = useState<string | null>(null);
  const [errores, setErrores] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [confirmando, setConfirmando] = useState(false);
  const pregunta = useRef<HTMLDivElement>(null);
  const lectura = leerDevolucion(lineas, cantidades);
  // What goes back in cash is handed over rounded to the ten (Ley 20.956), as the sale was paid.
  const efectivo = lectura.ok ? efectivoDevolucion(venta, lectura.total) : null;
  const redondeo =
    efectivo && efectivo.redondeo !== 0 ? (
      <span className="block text-slate-700" data-testid="redondeo-devolucion">
        {ETIQUETA_REDONDEO}: {formatRedondeo(efectivo.redondeo)} · se entregan <strong>{formatClp(efectivo.entregar)}</strong> en efectivo
      </span>
    ) : null;
  // A sale with an electronic boleta: the return issues a nota de crédito for what comes back, said before confirming.
  const boleta = useQuery(boletaQueryOptions(venta.id_venta));
  const avisoNota = lectura.ok ? avisoNotaDevolucion(lectura.total, boleta.data?.boleta_electronica ?? null) : null;

  useEffect(() => {
    if (confirmando) pregunta.current?.focus();
  }, [confirmando]);

  const continuar = () => {
    const m = devolucionCreateSchema.shape.motivo.safeParse(motivo);
    setErrorMotivo(m.success ? null : (m.error.issues[0]?.message ?? 'Escribe el motivo de la devolución.'));
    if (!lectura.ok) {
      setErrores(lectura.errores);
      setError(lectura.mensaje ?? null);
      return;
    }
    setErrores({});
    setError(null);
    if (m.success) setConfirmando(true);
  };

  const confirmar = async () => {
    if (!lectura.ok) return;
    setError(null);
    try {
      const { detalles } = lectura;
      // A cashier's return needs the owner's PIN: asked for, and the return goes again with it.
      const dev = await autorizar((autorizacion?: Autorizacion) =>
        devolver.mutateAsync({ idVenta: venta.id_venta, motivo: motivo.trim(), detalles, autorizacion }),
      );
      if (!dev) return;
      toast.success(`Devolución registrada: ${formatClp(dev.total)}.`, { duration: 2000 });
      onCerrar();
    } catch (e) {
      setError(mensajeDeError(e, 'No se pudo registrar la devolución.'));
    }
  };

  if (confirmando && lectura.ok)
    return (
      <ConfirmarDevolucion
        pregunta={pregunta}
        venta={venta}
        lectura={lectura}
        lineas={lineas}
        motivo={motivo}
        redondeo={redondeo}
        avisoNota={avisoNota}
        error={error}
        procesando={devolver.isPending}
        onVolver={() => setConfirmando(false)}
        onConfirmar={() => void confirmar()}
      />
    );

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        continuar();
      }}
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">
          Elige los productos y cuántas unidades vuelven{lineas.some((l) => l.unidad === 'kg') && ' (a granel: el peso, ej: 0,100 o 100 g)'}
        </legend>
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {lineas.map((l, i) => (
            <LineaDevolver
              key={l.id_producto}
              id={`devolver-${venta.id_venta}-${l.id_producto}`}
              linea={l}
              primera={i === 0}
              error={errores[l.id_producto]}
              valor={cantidades[l.id_producto] ?? ''}
              onCambiar={(valor) => setCantidades((c) => ({ ...c, [l.id_producto]: valor }))}
            />
          ))}
        </ul>
      </fieldset>
      <Field label="Motivo de la devolución" error={errorMotivo ?? undefined}>
        {(p) => (
          <Textarea {...p} maxLength={200} value={motivo} placeholder="Ej: producto vencido" onChange={(e) => setMotivo(e.target.value)} />
        )}
      </Field>
      <p className="text-sm text-slate-700" aria-live="polite">
        Total a devolver: <strong data-testid="total-devolucion">{formatClp(lectura.ok ? lectura.total : 0)}</strong>
        {redondeo}
      </p>
      {error && <Alert tipo="error">{error}</Alert>}
      <BotonesContinuar onCancelar={onCerrar} />
    </form>
  );
}

/** 'Devolver productos': the lines and units still out, a reason, then a confirmation. */
export function DevolverProductosDialog({ venta, onCerrar }: { venta: Venta | null; onCerrar: () => void }) {
  const { ejecutar, dialogo } = useAutorizacionDueno();
  return (
    <>
      <Dialog
        abierto={venta !== null}
        onCerrar={onCerrar}
        titulo={venta ? `Devolver productos de la venta ${referenciaVenta(venta)}` : 'Devolver productos'}
      >
        {venta && <Contenido key={venta.id_venta} venta={venta} onCerrar={onCerrar} autorizar={ejecutar} />}
      </Dialog>
      {dialogo}
    </>
  );
}
